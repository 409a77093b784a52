// Public surface of @charity/ui. Import the CSS once in the app: import '@charity/ui/styles.css'.
export { cn } from './lib/cn';
export { LinkProvider, useLink, type UiLinkProps } from './lib/link';

export {
  Button,
  ButtonLink,
  buttonVariants,
  type ButtonProps,
  type ButtonLinkProps,
  type ButtonVariantProps,
} from './components/Button';
export {
  Badge,
  badgeVariants,
  eventStatusTone,
  type BadgeProps,
  type BadgeTone,
  type BadgeVariantProps,
} from './components/Badge';
export {
  Card,
  CardMedia,
  CardHeader,
  CardTitle,
  CardDescription,
  CardBody,
  CardFooter,
  cardVariants,
  CARD_ACTION_CLASS,
  type CardProps,
  type CardTitleProps,
  type CardVariantProps,
} from './components/Card';
export {
  ProgressBar,
  progressBarVariants,
  clampPercent,
  type ProgressBarProps,
  type ProgressBarVariantProps,
} from './components/ProgressBar';
export {
  Skeleton,
  SkeletonGroup,
  SkeletonCard,
  skeletonVariants,
  type SkeletonProps,
  type SkeletonGroupProps,
  type SkeletonCardProps,
  type SkeletonVariantProps,
} from './components/Skeleton';
export { Spinner, spinnerVariants, type SpinnerProps, type SpinnerVariantProps } from './components/Spinner';
export { EmptyState, type EmptyStateProps } from './components/EmptyState';
export {
  FormField,
  Input,
  Textarea,
  type FormFieldProps,
  type FormFieldControlProps,
  type InputProps,
  type TextareaProps,
} from './components/FormField';
export { Select, type SelectProps, type SelectOption } from './components/Select';
export { Dialog, dialogVariants, type DialogProps, type DialogVariantProps } from './components/Dialog';
export {
  Header,
  DEFAULT_NAV_ITEMS,
  type HeaderProps,
  type HeaderOrganisation,
  type NavItem,
} from './components/Header';
export { Footer, type FooterProps, type FooterOrganisation, type SocialLink } from './components/Footer';
export { BackToTop, type BackToTopProps } from './components/BackToTop';
export { NotFound, type NotFoundProps } from './components/NotFound';
export { ShareLinks, shareHrefs, SHARE_LINKS_TEXTS, type ShareLinksProps } from './components/ShareLinks';
export * from './marketing';
export * from './campaigns';
export * from './contact';
export * from './events';
export * from './admin';
export * from './donate-page';
export * from './donation';
export * from './payment-sandbox';
export * from './donate-widget';
export * from './recurring';
export * from './statements';
