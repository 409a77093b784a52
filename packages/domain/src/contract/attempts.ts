import { Type, type Static } from 'typebox';
import { ADMIN_SEARCH_MAX_LENGTH } from '../admin/donations';
import {
  ADMIN_ATTEMPTS_PAGE_SIZE,
  ATTEMPT_OUTCOMES,
  type AdminPaymentAttempt,
  type AttemptSummary,
} from '../admin/attempts';
import { Nullable, PageMeta, Paging, StringEnum } from './common';

// GET /api/admin/payment-attempts (docs/decisions/023-payment-attempts-for-staff.md): the payments that did not become
// donations and the requests the card-testing limit refused, with the summary staff read bursts from.

export const AdminPaymentAttemptReply = Type.Object({
  key: Type.String(),
  created_at: Type.String(),
  outcome: StringEnum(ATTEMPT_OUTCOMES),
  donor_name: Nullable(Type.String()),
  donor_email: Nullable(Type.String()),
  amount: Nullable(Type.Number()),
  currency: Nullable(Type.String()),
  campaign_title: Nullable(Type.String()),
  payment_intent_id: Nullable(Type.String()),
  reason: Type.Object({ code: Nullable(Type.String()), decline_code: Nullable(Type.String()), text: Type.String() }),
  client_ip: Type.String(),
  address_attempts_last_hour: Type.Integer(),
  address_limit_reached: Type.Boolean(),
});

const outcomeCounts = Type.Object({
  declined: Type.Integer(),
  failed: Type.Integer(),
  abandoned: Type.Integer(),
  blocked: Type.Integer(),
});

export const AttemptSummaryReply = Type.Object({
  counts: outcomeCounts,
  top_addresses: Type.Array(Type.Object({ client_ip: Type.String(), failures: Type.Integer(), limit_reached: Type.Boolean() })),
});

export const AdminAttemptListQuery = Type.Object(
  {
    ...Paging(ADMIN_ATTEMPTS_PAGE_SIZE),
    q: Type.Optional(Type.String({ maxLength: ADMIN_SEARCH_MAX_LENGTH, description: 'Part of the donor email.' })),
    outcome: Type.Optional(StringEnum(['', ...ATTEMPT_OUTCOMES], { description: `${ATTEMPT_OUTCOMES.join(', ')}, or empty for any.` })),
  },
  { additionalProperties: false },
);
export type AdminAttemptListQuery = Static<typeof AdminAttemptListQuery>;

export const AdminAttemptListReply = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({ attempts: Type.Array(AdminPaymentAttemptReply), summary: AttemptSummaryReply }),
  meta: PageMeta,
});
export type AdminAttemptListReply = Static<typeof AdminAttemptListReply>;

// ---- The schemas and the domain's types say the same thing (a compile error here means one of them changed) ----
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
/** Type-only: never used, it exists to be checked. */
export type AttemptContractAgreesWithDomain = [
  Expect<Same<Static<typeof AdminPaymentAttemptReply>, AdminPaymentAttempt>>,
  Expect<Same<Static<typeof AttemptSummaryReply>, AttemptSummary>>,
];
