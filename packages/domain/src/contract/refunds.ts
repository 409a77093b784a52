import { Type, type Static } from 'typebox';
import { REFUND_NOTE_KINDS, REFUND_REASON_MAX_LENGTH, REFUND_SOURCES, REFUND_STATUSES, type AdminRefund } from '../refunds';
import { Nullable, StringEnum } from './common';

// Refunds (docs/decisions/024-refunds.md): POST /api/admin/donations/:id/refunds and the refunds a donation's detail
// lists. The amount is an integer in the donation currency's minor unit; the rules are the domain's (refunds.ts).

export const AdminRefundReply = Type.Object({
  id: Type.Integer(),
  created_at: Type.String(),
  amount_minor: Type.Integer(),
  currency: Type.String(),
  status: StringEnum(REFUND_STATUSES),
  source: StringEnum(REFUND_SOURCES),
  reason: Type.String(),
  requested_by: Nullable(Type.String()),
  failure_reason: Nullable(Type.String()),
  provider_refund_id: Nullable(Type.String()),
  note: Nullable(
    Type.Object({ number: Type.String(), kind: StringEnum(REFUND_NOTE_KINDS), issued_at: Type.String(), mail_status: Nullable(Type.String()) }),
  ),
});

/**
 * Staff's refund. Bounds are loose on purpose (no maximum, reason length only as a cap against abuse): the route
 * answers what is wrong in the domain's words (refundRequestError), not JSON Schema's.
 */
export const RefundRequestFields = Type.Object(
  {
    amount_minor: Type.Integer({ description: "In the donation currency's minor unit (paise, cents); at most what is left to refund." }),
    reason: Type.String({ maxLength: REFUND_REASON_MAX_LENGTH * 2, description: 'Why the money goes back (kept for staff).' }),
  },
  { additionalProperties: false },
);
export type RefundRequestFields = Static<typeof RefundRequestFields>;

// ---- The schemas and the domain's types say the same thing (a compile error here means one of them changed) ----
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
/** Type-only: never used, it exists to be checked. */
export type RefundContractAgreesWithDomain = [Expect<Same<Static<typeof AdminRefundReply>, AdminRefund>>];
