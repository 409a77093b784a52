/*
 * The home page's words, written for the Bright Beginnings Foundation. The spec fixes the headline, the button
 * labels, the badge names, the statistic names, the focus areas, the six education dimensions and the section
 * names; the sentences around them are ours. The statistics are marketing figures (spec section 1), rounded
 * down and shown with '+', consistent with the 5,241 children of the donate page's statistics.
 * Components use these as defaults; a site may pass its own.
 */
import { ORGANISATION } from '@charity/domain';
import type { FeatureItem } from './FeatureGrid';
import type { Stat } from './StatsBlock';
import type { TrustBadge } from './TrustBadges';
import {
  BadgeCheckIcon,
  BookIcon,
  ChartIcon,
  EyeIcon,
  HeartHandIcon,
  HouseIcon,
  LockIcon,
  MapIcon,
  ScaleIcon,
  ShieldIcon,
  SmileIcon,
  SproutIcon,
  StethoscopeIcon,
  TargetIcon,
  UsersIcon,
  UtensilsIcon,
} from './icons';

export const HOME_HEADLINE = 'Every Child Deserves Love, Care & Opportunity';

export const HOME_INTRO =
  'We care for infants and children in need through education, healthcare, nutrition, family support and protection, so that every child can grow up healthy, safe and learning.';

export const HOME_ACTIONS = {
  primary: { label: 'Start Supporting', href: '/donate' },
  secondary: { label: 'View Campaigns', href: '/campaigns' },
} as const;

export const DEFAULT_TRUST_BADGES: readonly TrustBadge[] = [
  { title: 'Trusted Organization', icon: <BadgeCheckIcon size={20} /> },
  { title: 'Transparent Operations', icon: <EyeIcon size={20} /> },
  { title: 'Direct Impact', icon: <TargetIcon size={20} /> },
];

export const HOME_STATS: readonly Stat[] = [
  { value: '5,000+', label: 'Children Supported', icon: <SmileIcon /> },
  { value: '1,200+', label: 'Families Helped', icon: <UsersIcon /> },
  { value: '2,50,000+', label: 'Meals Provided', icon: <UtensilsIcon /> },
  { value: '8,000+', label: 'Health Checkups', icon: <StethoscopeIcon /> },
];

export const FOCUS_AREAS: readonly FeatureItem[] = [
  {
    title: 'Education',
    description:
      'School supplies, fees and tutoring, and learning that starts from a child’s own world, so children stay in school and enjoy it.',
    icon: <BookIcon />,
  },
  {
    title: 'Health',
    description:
      'Regular checkups, vaccinations and care when children fall ill, with growth checks that catch problems early.',
    icon: <StethoscopeIcon />,
  },
  {
    title: 'Food',
    description:
      'Warm, balanced meals and nutrition support, because a hungry child cannot learn, play or grow as they should.',
    icon: <UtensilsIcon />,
  },
];

export const EDUCATION_QUALITY_DIMENSIONS: readonly FeatureItem[] = [
  {
    title: 'Equity',
    description:
      'Every child gets a fair chance to learn, whatever their family’s income, their gender or their abilities.',
    icon: <ScaleIcon />,
  },
  {
    title: 'Contextualisation',
    description:
      'Lessons start from children’s own language, surroundings and daily life, so that what they learn makes sense to them.',
    icon: <MapIcon />,
  },
  {
    title: 'Child-friendly Learning',
    description:
      'Safe, warm classrooms where children are encouraged to ask questions, play and learn without fear.',
    icon: <SmileIcon />,
  },
  {
    title: 'Sustainability',
    description:
      'We work alongside parents, teachers and local schools so that progress lasts long after a programme ends.',
    icon: <SproutIcon />,
  },
  {
    title: 'Balanced Approach',
    description:
      'Reading and numbers matter, and so do art, play, health and confidence: we nurture the whole child.',
    icon: <HeartHandIcon />,
  },
  {
    title: 'Learning Outcomes',
    description:
      'We check what children can really read, write and work out, and give extra help to those who need it.',
    icon: <ChartIcon />,
  },
];

export const HOW_WE_HELP_ITEMS: readonly FeatureItem[] = [
  {
    title: 'Education Support',
    description: 'School supplies, uniforms, fees and after-school tutoring that keep children in class and learning.',
    icon: <BookIcon />,
  },
  {
    title: 'Healthcare',
    description: 'Health checkups, vaccinations and treatment for children who would otherwise go without.',
    icon: <StethoscopeIcon />,
  },
  {
    title: 'Nutrition',
    description: 'Nutritious meals and supplements that help children grow strong and concentrate at school.',
    icon: <UtensilsIcon />,
  },
  {
    title: 'Family Support',
    description: 'Counselling, guidance and skills training that help parents give their children a stable, caring home.',
    icon: <UsersIcon />,
  },
  {
    title: 'Child Protection',
    description: 'Awareness, safeguarding and quick action to keep children safe from abuse, neglect and exploitation.',
    icon: <ShieldIcon />,
  },
  {
    title: 'Safe Housing',
    description: 'A safe and loving place to live for children who have lost their home or cannot stay with their families.',
    icon: <HouseIcon />,
  },
];

export const WHY_CHOOSE_US_ITEMS: readonly FeatureItem[] = [
  {
    title: 'Secure Donations',
    description:
      'Card payments are handled by a certified payment provider, and every gift gets a receipt. Donors in India can claim tax benefits under 80G.',
    icon: <LockIcon />,
  },
  {
    title: 'Transparent Operations',
    description:
      `We are a registered non-profit (${ORGANISATION.registration}, approved under ${ORGANISATION.tax_approvals.join(' and ')}) and we report openly on how donations are used.`,
    icon: <EyeIcon />,
  },
  {
    title: 'Direct Impact',
    description:
      'Your gift goes to programmes for children — schooling, healthcare, meals and protection — where it is needed most.',
    icon: <TargetIcon />,
  },
];
