import type { Stat } from './StatsBlock';
import { StatsBlock } from './StatsBlock';
import { FeatureGrid, type FeatureItem } from './FeatureGrid';
import { EDUCATION_QUALITY_DIMENSIONS, HOME_STATS, HOW_WE_HELP_ITEMS, WHY_CHOOSE_US_ITEMS } from './home-content';
import { MarketingSection } from './SectionHeading';

/*
 * The home page's content sections below the hero. Each is a MarketingSection (a region named by its h2) with
 * the spec's content as defaults; pass `items` or `stats` to change the words.
 */

export interface ImpactSectionProps {
  stats?: readonly Stat[];
  title?: string;
  description?: string;
}

export function ImpactSection({
  stats = HOME_STATS,
  title = 'Our Impact',
  description = 'Every number is a child with a name and a story. This is what donors, volunteers and partners have made possible together.',
}: ImpactSectionProps) {
  return (
    <MarketingSection tone="primary" title={title} description={description}>
      <StatsBlock stats={stats} />
    </MarketingSection>
  );
}

export interface FeatureSectionProps {
  items?: readonly FeatureItem[];
  title?: string;
  description?: string;
  eyebrow?: string;
}

export function EducationQualitySection({
  items = EDUCATION_QUALITY_DIMENSIONS,
  eyebrow = 'Our approach',
  title = 'Quality Education for Every Child',
  description = 'Getting children into school is only the start. These six dimensions guide how we make sure they truly learn.',
}: FeatureSectionProps) {
  return (
    <MarketingSection tone="cream" eyebrow={eyebrow} title={title} description={description}>
      <FeatureGrid items={items} columns={3} variant="plain" />
    </MarketingSection>
  );
}

export function HowWeHelpSection({
  items = HOW_WE_HELP_ITEMS,
  title = 'How We Help',
  description = 'Children do best when every part of their life is cared for. Our programmes work together around each child and family.',
}: FeatureSectionProps) {
  return (
    <MarketingSection title={title} description={description}>
      <FeatureGrid items={items} columns={3} />
    </MarketingSection>
  );
}

export function WhyChooseUsSection({
  items = WHY_CHOOSE_US_ITEMS,
  title = 'Why Choose Us',
  description = 'Giving is an act of trust. Here is how we honour it.',
}: FeatureSectionProps) {
  // Sunken rather than cream: the featured campaigns that follow on the home page sit on cream.
  return (
    <MarketingSection tone="sunken" title={title} description={description}>
      <FeatureGrid items={items} columns={3} />
    </MarketingSection>
  );
}
