/**
 * The only place ui reads organisation data and behaviour thresholds: from `@charity/domain`, so the site, the
 * API's seed data and the library agree. Components still take these as props; these are only the defaults.
 */
import { ORGANISATION, formatOrganisationAddress } from '@charity/domain';
export { HEADER_HIDE_SCROLL_PX, BACK_TO_TOP_SCROLL_PX, MOBILE_BREAKPOINT_PX } from '@charity/domain';

// ---- DERIVED (what the components use when no organisation prop is given) ----

/** A social network link; `label` is the link's accessible name, `network` picks the icon. */
export interface SocialLink {
  label: string;
  href: string;
  network?: string;
}

export const DEFAULT_HEADER_ORGANISATION = {
  name: ORGANISATION.name,
  phone: ORGANISATION.phones.main,
  email: ORGANISATION.email,
};

export const DEFAULT_FOOTER_ORGANISATION = {
  name: ORGANISATION.name,
  description: ORGANISATION.short_description,
  email: ORGANISATION.email,
  phone: ORGANISATION.phones.main,
  address: formatOrganisationAddress(ORGANISATION.address),
  registration: ORGANISATION.registration,
  taxApprovals: ORGANISATION.tax_approvals as readonly string[],
  socials: ORGANISATION.social_links as readonly SocialLink[],
};
