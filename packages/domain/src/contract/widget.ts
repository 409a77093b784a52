import { Type, type Static } from 'typebox';
import { Ok } from './common';

// GET /api/widget/partner-status: widget.js on a partner's page asks whether that page's origin may frame the donation
// form (PARTNER_ORIGINS), so it can say so at once instead of leaving a frame the browser refused (decision 033).

/** Longer than any origin a browser sends as location.origin for an ordinary site. */
export const WIDGET_ORIGIN_MAX_LENGTH = 200;

export const WidgetPartnerQuery = Type.Object({
  origin: Type.String({
    minLength: 1,
    maxLength: WIDGET_ORIGIN_MAX_LENGTH,
    description: "The partner page's origin (location.origin): scheme, host and port, such as https://school.example.",
  }),
});
export type WidgetPartnerQuery = Static<typeof WidgetPartnerQuery>;

export const WidgetPartnerReply = Ok(
  Type.Object({
    /** The origin as the server reads it (lower-case host, default port dropped). */
    origin: Type.String(),
    /** Whether a page on it may frame /embed/donate: PARTNER_ORIGINS lists it, or is `*`. */
    allowed: Type.Boolean(),
  }),
);
export type WidgetPartnerReply = Static<typeof WidgetPartnerReply>;
