import { SvgIcon, type IconProps } from '../lib/svg-icon';

// Icons used only by the campaign components (same 24px stroke style as components/icons.tsx).
// All decorative: the text next to each one carries the meaning.

function Icon({ size = 16, ...props }: IconProps) {
  return <SvgIcon size={size} {...props} />;
}

export const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </Icon>
);

export const UsersIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
  </Icon>
);

export const StarIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
  </Icon>
);

export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </Icon>
);

export const ArrowRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h14M12 5l7 7-7 7" />
  </Icon>
);

/** The card's stand-in when a campaign has no photo: a child's heart in a hand, in the brand colours. */
export function CampaignImagePlaceholder() {
  return (
    <svg viewBox="0 0 160 90" aria-hidden="true" focusable="false" className="cs-campaign-card__placeholder-art">
      <circle cx="80" cy="45" r="30" fill="currentColor" opacity="0.12" />
      <path
        d="M80 60c-9-7-17-13-17-21a8.5 8.5 0 0 1 17-3 8.5 8.5 0 0 1 17 3c0 8-8 14-17 21z"
        fill="currentColor"
        opacity="0.85"
      />
      <path
        d="M48 66c6 0 10-2 16-2h12c3 0 3 4 0 4h-9M57 70l20 4 26-9c3-1 5 2 2 4l-27 11-27-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity="0.55"
      />
    </svg>
  );
}
