import { SvgIcon, type IconProps } from '../lib/svg-icon';
import { HeartIcon, HomeIcon, PhoneIcon, MailIcon, MapPinIcon } from '../components/icons';

/*
 * Icons for the About and Contact sections (24px grid, lucide-style strokes), chosen by name so the site
 * passes plain data and needs no icon dependency. Every icon is decorative (aria-hidden): the heading
 * next to it carries the meaning.
 */

function Icon({ size = 24, ...props }: IconProps) {
  return <SvgIcon size={size} {...props} />;
}

const ShieldIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20 13c0 5-3.5 7.5-7.7 9a1 1 0 0 1-.6 0C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.2-2.7a1.2 1.2 0 0 1 1.6 0C14.5 3.8 17 5 19 5a1 1 0 0 1 1 1z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);
const UsersIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
  </Icon>
);
const StarIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
  </Icon>
);
const StethoscopeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M11 2v2M5 2v2M5 3H4a2 2 0 0 0-2 2v4a6 6 0 0 0 12 0V5a2 2 0 0 0-2-2h-1" />
    <path d="M8 15a6 6 0 0 0 12 0v-3" />
    <circle cx="20" cy="10" r="2" />
  </Icon>
);
const BookIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 7v14M3 18a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h5a4 4 0 0 1 4 4 4 4 0 0 1 4-4h5a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1h-6a3 3 0 0 0-3 3 3 3 0 0 0-3-3z" />
  </Icon>
);
const HandHeartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M11 14h2a2 2 0 1 0 0-4h-3c-.6 0-1.1.2-1.4.6L3 16" />
    <path d="m7 20 1.6-1.4c.3-.4.8-.6 1.4-.6h4c1.1 0 2.1-.4 2.8-1.2l4.6-4.4a2 2 0 0 0-2.8-2.8L14.4 13.4" />
    <path d="m2 15 6 6" />
    <path d="M19.5 8.5c.7-.7 1.5-1.6 1.5-2.7A2.7 2.7 0 0 0 16 4a2.7 2.7 0 0 0-5 1.8c0 1.2.8 2 1.5 2.8L16 12Z" />
  </Icon>
);
const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </Icon>
);
const AlertIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m21.7 18-8-14a2 2 0 0 0-3.5 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.7-3" />
    <path d="M12 9v4M12 17h.01" />
  </Icon>
);
const CompassIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="10" />
    <path d="m16.2 7.8-2.1 6.4-6.3 2.1 2.1-6.4z" />
  </Icon>
);
const EyeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

const ICONS = {
  heart: HeartIcon,
  shield: ShieldIcon,
  users: UsersIcon,
  star: StarIcon,
  stethoscope: StethoscopeIcon,
  book: BookIcon,
  home: HomeIcon,
  family: HandHeartIcon,
  clock: ClockIcon,
  alert: AlertIcon,
  compass: CompassIcon,
  eye: EyeIcon,
  phone: PhoneIcon,
  mail: MailIcon,
  'map-pin': MapPinIcon,
} as const;

/** Names of the icons the About and Contact sections can show. */
export type SectionIconName = keyof typeof ICONS;

export function SectionIcon({ name, size = 24 }: { name: SectionIconName; size?: number }) {
  const Glyph = ICONS[name];
  return <Glyph size={size} />;
}
