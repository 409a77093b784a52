// Components of the contact area (and the About page's sections, kept here so the root barrel stays untouched);
// each file exports its component, and this barrel re-exports them.
export {
  ContactForm,
  EMPTY_CONTACT_FORM,
  type ContactFormProps,
  type ContactFormValues,
  type ContactErrors,
  type ContactField,
  type ContactPayload,
} from './ContactForm';
export { ContactInfoCards, type ContactInfoCardsProps, type ContactDetails } from './ContactInfoCards';
export {
  OfficeHours,
  EmergencyHotline,
  SocialLinks,
  type OfficeHoursProps,
  type EmergencyHotlineProps,
  type SocialLinksProps,
} from './ContactSidebar';
export { FAQ, type FAQProps, type FAQItem } from './FAQ';
export { ContactLayout, type ContactLayoutProps } from './ContactLayout';
export { PageHero, PageSection, type PageHeroProps, type PageSectionProps } from '../about/PageSections';
export {
  AboutStatements,
  AboutCardGrid,
  AboutApproachList,
  CallToActionBanner,
  type AboutStatement,
  type AboutStatementsProps,
  type AboutCardItem,
  type AboutCardGridProps,
  type AboutApproachPoint,
  type AboutApproachListProps,
  type CallToActionAction,
  type CallToActionBannerProps,
} from '../about/AboutBlocks';
export { type SectionIconName } from '../about/icons';
