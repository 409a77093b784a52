/**
 * Defaults of the contact components, read from the domain's `ORGANISATION` so the contact page, the footer
 * and the API's seed data show the same details. Every component still takes these as props.
 */
import { ORGANISATION, formatOrganisationAddress, type OfficeHours } from '@charity/domain';
import type { SocialLink } from '../lib/defaults';

export interface ContactDetails {
  phone: string;
  /** e.g. 'Mon-Fri 9 AM-6 PM'. */
  phoneHours: string;
  email: string;
  /** Replies are promised within this many hours. */
  replyWithinHours: number;
  address: string;
}

export const DEFAULT_CONTACT_DETAILS: ContactDetails = {
  phone: ORGANISATION.phones.main,
  phoneHours: ORGANISATION.phone_hours,
  email: ORGANISATION.email,
  replyWithinHours: ORGANISATION.reply_within_hours,
  address: formatOrganisationAddress(ORGANISATION.address),
};

export const DEFAULT_OFFICE_HOURS: readonly OfficeHours[] = ORGANISATION.office_hours;
export const DEFAULT_EMERGENCY_HOTLINE: string = ORGANISATION.phones.emergency_hotline;
export const DEFAULT_SOCIAL_LINKS: readonly SocialLink[] = ORGANISATION.social_links;
