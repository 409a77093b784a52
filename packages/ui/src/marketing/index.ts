// Components of the marketing area; each file exports its component, and this barrel re-exports them.
export {
  Slideshow,
  type SlideshowProps,
  type Slide,
  type SlideImage,
  type SlideImageSource,
} from './Slideshow';
export { TrustBadges, type TrustBadgesProps, type TrustBadge } from './TrustBadges';
export { StatsBlock, type StatsBlockProps, type Stat } from './StatsBlock';
export { FeatureGrid, type FeatureGridProps, type FeatureItem } from './FeatureGrid';
export {
  SectionHeading,
  MarketingSection,
  marketingSectionVariants,
  type SectionHeadingProps,
  type MarketingSectionProps,
  type MarketingSectionVariantProps,
} from './SectionHeading';
export { ScrollDownButton, type ScrollDownButtonProps } from './ScrollDownButton';
export { HeroSection, type HeroSectionProps, type HeroAction } from './HeroSection';
export { FocusSection, type FocusSectionProps } from './FocusSection';
export {
  ImpactSection,
  EducationQualitySection,
  HowWeHelpSection,
  WhyChooseUsSection,
  type ImpactSectionProps,
  type FeatureSectionProps,
} from './HomeSections';
export {
  HOME_HEADLINE,
  HOME_INTRO,
  HOME_ACTIONS,
  DEFAULT_TRUST_BADGES,
  HOME_STATS,
  FOCUS_AREAS,
  EDUCATION_QUALITY_DIMENSIONS,
  HOW_WE_HELP_ITEMS,
  WHY_CHOOSE_US_ITEMS,
} from './home-content';
