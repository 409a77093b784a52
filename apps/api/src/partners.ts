import { parseOrigin, type PartnerOrigins } from './config.js';

// Partner sites (PARTNER_ORIGINS): who may frame /embed/donate, to whom the embed page may post its messages, and
// which partner a widget donation is recorded against. One rule for all three, so they cannot disagree.

/** The normalised origin when `raw` is an origin the configuration lets frame the widget; otherwise null. */
export function allowedPartnerOrigin(partners: PartnerOrigins, raw: string): string | null {
  const origin = parseOrigin(raw.trim());
  if (!origin) return null;
  return partners.any || partners.origins.includes(origin) ? origin : null;
}

/** The CSP frame-ancestors sources of the embed page: the charity itself plus the partners (or any site). */
export function embedFrameAncestors(partners: PartnerOrigins): string[] {
  return partners.any ? ["'self'", '*'] : ["'self'", ...partners.origins];
}
