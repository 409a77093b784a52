import { IMPACT_EXAMPLES, INTERNATIONAL_GRID_COUNTRIES, formatCurrency } from '@charity/domain';
import type { HTMLAttributes } from 'react';
import { Button, ButtonLink } from '../components/Button';
import { GlobeIcon } from '../components/icons';
import { cn } from '../lib/cn';
import { FeatureGrid, type FeatureItem } from '../marketing/FeatureGrid';
import { MarketingSection } from '../marketing/SectionHeading';
import { DONATE_PAGE_TEXT, WHY_DONATE_ITEMS } from './content';
import { FLAG_IMAGE_SIZE, countryFlagImage } from './country-flags';
import { scrollToAndFocus } from './scroll';

type SectionProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & { title?: string; description?: string };

// ---- 'Why Donate With Us?' -------------------------------------------------------------------------------------

export interface WhyDonateSectionProps extends SectionProps {
  items?: readonly FeatureItem[];
}

/** Four trust cards, two by two from 640px up (four in rows of three would leave one alone). */
export function WhyDonateSection({
  items = WHY_DONATE_ITEMS,
  title = DONATE_PAGE_TEXT.whyTitle,
  description = DONATE_PAGE_TEXT.whyDescription,
  ...props
}: WhyDonateSectionProps) {
  return (
    <MarketingSection title={title} description={description} {...props}>
      <FeatureGrid items={items} columns={2} />
    </MarketingSection>
  );
}

// ---- 'Your Impact' ---------------------------------------------------------------------------------------------

export interface ImpactExample {
  amount: number;
  currency: string;
  /** What the amount provides, in lower case to follow the '=' ('basic care for 1 day'). */
  text: string;
}

export interface ImpactListProps {
  items?: readonly ImpactExample[];
  className?: string;
}

/**
 * '₹50 = basic care for 1 day' and its siblings (spec §2). One sentence per item, so a screen reader reads each
 * line whole ('₹50 equals basic care for 1 day'); the amount is set large for sighted readers.
 */
export function ImpactList({ items = IMPACT_EXAMPLES, className }: ImpactListProps) {
  return (
    <ul className={cn('cs-impact-list', className)}>
      {items.map((item) => (
        <li key={`${item.currency}-${item.amount}`} className="cs-impact-list__item">
          <span className="cs-impact-list__amount">{formatCurrency(item.amount, item.currency)}</span>{' '}
          <span className="cs-impact-list__equals">=</span> <span className="cs-impact-list__text">{item.text}</span>
        </li>
      ))}
    </ul>
  );
}

export interface YourImpactSectionProps extends SectionProps {
  items?: readonly ImpactExample[];
}

export function YourImpactSection({
  items,
  title = DONATE_PAGE_TEXT.impactTitle,
  description = DONATE_PAGE_TEXT.impactDescription,
  ...props
}: YourImpactSectionProps) {
  return (
    <MarketingSection tone="cream" title={title} description={description} {...props}>
      <ImpactList items={items} />
    </MarketingSection>
  );
}

// ---- 'International Donations Welcome' -------------------------------------------------------------------------

export interface GridCountry {
  code: string;
  name: string;
  currency: string;
}

export interface CountryGridProps {
  countries?: readonly GridCountry[];
  className?: string;
}

/**
 * One tile per country: its flag (a globe for countries without one, spec §2), name, code and currency. Flags are
 * images, not emoji (which showed as empty boxes without an emoji font), and decorative: alt="" and the globe
 * aria-hidden, as the name beside each one is the text that carries the meaning. Lazy, with their size set, so the
 * grid far down the page costs nothing until it nears the screen and never shifts when they arrive.
 */
export function CountryGrid({ countries = INTERNATIONAL_GRID_COUNTRIES, className }: CountryGridProps) {
  return (
    <ul className={cn('cs-country-grid', className)}>
      {countries.map((country) => (
        <li key={country.code} className="cs-country-grid__item" data-code={country.code}>
          <CountryFlag code={country.code} />
          <span className="cs-country-grid__name">{country.name}</span>
          <span className="cs-country-grid__meta">
            <span className="cs-country-grid__code">{country.code}</span>
            <span aria-hidden="true"> · </span>
            <span className="cs-country-grid__currency">{country.currency}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function CountryFlag({ code }: { code: string }) {
  const src = countryFlagImage(code);
  if (!src) {
    return (
      <span className="cs-country-grid__flag cs-country-grid__flag--globe">
        <GlobeIcon width={FLAG_IMAGE_SIZE.width} height={FLAG_IMAGE_SIZE.height} strokeWidth={1.5} />
      </span>
    );
  }
  return (
    <img
      className="cs-country-grid__flag cs-country-grid__flag--image"
      src={src}
      alt=""
      width={FLAG_IMAGE_SIZE.width}
      height={FLAG_IMAGE_SIZE.height}
      loading="lazy"
      decoding="async"
    />
  );
}

export interface InternationalDonationsSectionProps extends SectionProps {
  countries?: readonly GridCountry[];
}

export function InternationalDonationsSection({
  countries,
  title = DONATE_PAGE_TEXT.countriesTitle,
  description = DONATE_PAGE_TEXT.countriesDescription,
  ...props
}: InternationalDonationsSectionProps) {
  return (
    <MarketingSection tone="cream" title={title} description={description} {...props}>
      <CountryGrid countries={countries} />
    </MarketingSection>
  );
}

// ---- Closing call to action ------------------------------------------------------------------------------------

export interface DonateCallToActionProps extends SectionProps {
  /** id of the 'Start Your Donation' section: 'Donate Now' scrolls there and focuses it. */
  formTargetId: string;
  learnMoreHref?: string;
}

/** 'Donate Now' (to the form on this page) and 'Learn More' (to /about), on the red band that closes the page. */
export function DonateCallToAction({
  formTargetId,
  learnMoreHref = '/about',
  title = DONATE_PAGE_TEXT.ctaTitle,
  description = DONATE_PAGE_TEXT.ctaText,
  className,
  ...props
}: DonateCallToActionProps) {
  return (
    <MarketingSection tone="primary" title={title} description={description} className={cn('cs-donate-cta', className)} {...props}>
      <div className="cs-donate-cta__actions">
        <Button variant="secondary" size="lg" aria-controls={formTargetId} onClick={() => scrollToAndFocus(formTargetId)}>
          {DONATE_PAGE_TEXT.donateNow}
        </Button>
        <ButtonLink href={learnMoreHref} variant="outline" size="lg">
          {DONATE_PAGE_TEXT.learnMore}
          {/* The spec's 'Learn More' names no destination: the rest of the link's text does, for screen readers and
              search engines (Lighthouse's link-text audit flags a bare 'Learn More'). */}
          <span className="cs-visually-hidden"> {DONATE_PAGE_TEXT.learnMoreAbout}</span>
        </ButtonLink>
      </div>
    </MarketingSection>
  );
}
