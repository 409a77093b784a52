/**
 * Where a donation came from, as staff read it (docs/decisions/031-partner-report.md). Every donation's `source` is
 * 'website' (the spec's rule for the payload), and a gift made through a partner's donate widget carries the partner
 * site's origin besides (docs/decisions/006-partner-widget.md). Each admin view that names a donation's source (the
 * donations list, its detail, the CSV export, the dashboard's recent donations, the partner filter) reads it here, so
 * a widget gift never shows as 'website' in one place and as its partner in another.
 */

export const DONATION_SOURCE_TEXT = {
  website: 'Website',
  widget: 'Widget',
  anySource: 'Any source',
} as const;

/** The partner filter's value for gifts made on the charity's own site (no partner): `?partner=none`. */
export const PARTNER_FILTER_NONE = 'none';

export interface DonationSourceFields {
  source: string;
  /** The partner site a widget donation came from; null for the charity's own site. */
  partner_origin: string | null;
}

/** "Widget: https://school.example". */
export function partnerSourceText(origin: string): string {
  return `${DONATION_SOURCE_TEXT.widget}: ${origin}`;
}

/**
 * 'Widget: https://school.example' for a gift made through a partner's widget, 'Website' for one made on the
 * charity's site; any other recorded source (none today) is shown as recorded.
 */
export function donationSourceText(donation: DonationSourceFields): string {
  const partner = donation.partner_origin?.trim();
  if (partner) return partnerSourceText(partner);
  const source = donation.source.trim();
  if (source === '' || source === 'website') return DONATION_SOURCE_TEXT.website;
  return source;
}

/** How a value of the partner filter reads: 'Any source', 'Website' ('none') or 'Widget: <origin>'. */
export function partnerFilterText(value: string): string {
  if (value === '') return DONATION_SOURCE_TEXT.anySource;
  if (value === PARTNER_FILTER_NONE) return DONATION_SOURCE_TEXT.website;
  return partnerSourceText(value);
}
