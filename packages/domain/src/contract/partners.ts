import { Type, type Static } from 'typebox';
import type { KnownPartner, PartnerReport, PartnerReportRow } from '../partner-report';
import { Ok } from './common';
import { PARTNER_FILTER_MAX_LENGTH } from './admin';

// Partner sites in the admin console (docs/decisions/031-partner-report.md): the partners staff can pick (configured
// in PARTNER_ORIGINS or seen on a donation), and the report of what each partner's widget brought per organisation
// month and currency, as JSON and as CSV. Every route behind an admin token.

export const KnownPartnerReply = Type.Object({
  origin: Type.String(),
  configured: Type.Boolean(),
  donations: Type.Integer({ minimum: 0 }),
});
export const PartnerListReply = Ok(Type.Object({ partners: Type.Array(KnownPartnerReply) }));
export type PartnerListReply = Static<typeof PartnerListReply>;

// Room beyond 'YYYY-MM' so a wrong value is answered with what is wrong about it, not with its length.
const month = (description: string) => Type.Optional(Type.String({ maxLength: 40, description }));
export const PartnerReportQuery = Type.Object(
  {
    from: month("First organisation month, 'YYYY-MM' (inclusive)."),
    to: month("Last organisation month, 'YYYY-MM' (inclusive)."),
    partner: Type.Optional(Type.String({ maxLength: PARTNER_FILTER_MAX_LENGTH, description: "One partner site's origin; all partners when absent." })),
  },
  { additionalProperties: false },
);
export type PartnerReportQuery = Static<typeof PartnerReportQuery>;

export const PartnerReportRowReply = Type.Object({
  partner_origin: Type.String(),
  month: Type.String({ description: "'YYYY-MM' in the organisation's time zone." }),
  currency: Type.String(),
  donations: Type.Integer({ minimum: 0, description: 'Completed donations (partly refunded included, fully refunded not).' }),
  donors: Type.Integer({ minimum: 0, description: 'Distinct donor e-mail addresses among them.' }),
  amount: Type.Number({ description: 'Net of refunds, in the currency (currencies are never added together).' }),
  refunded_amount: Type.Number({ description: "What went back of the month's donations, in the currency." }),
});
export const PartnerReportData = Type.Object({
  time_zone: Type.String({ description: 'The zone whose calendar months the rows follow.' }),
  refunds_subtracted: Type.Literal(true),
  rows: Type.Array(PartnerReportRowReply),
});
export const PartnerReportReply = Ok(PartnerReportData);
export type PartnerReportReply = Static<typeof PartnerReportReply>;

/** text/csv, streamed as a string body. */
export const PartnerReportCsv = { type: 'string', description: 'CSV, one partner, month and currency per row, with a header row naming the time zone' } as const;

// ---- The schemas and the domain's types say the same thing (a compile error here means one of them changed) ----
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
/** Type-only: never used, it exists to be checked. */
export type PartnerContractAgreesWithDomain = [
  Expect<Same<Static<typeof KnownPartnerReply>, KnownPartner>>,
  Expect<Same<Static<typeof PartnerReportRowReply>, PartnerReportRow>>,
  Expect<Same<Static<typeof PartnerReportData>, PartnerReport>>,
];
