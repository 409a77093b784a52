import { Type, type Static } from 'typebox';
import { DONATION_TYPES } from '../constants';
import { BACKUP_SOURCES, DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, type AdminDashboard, type BackupStatus } from '../admin/dashboard';
import {
  ADMIN_DONATION_STATUSES,
  ADMIN_DONATIONS_PAGE_SIZE,
  ADMIN_SEARCH_MAX_LENGTH,
  type AdminDonation,
  type AdminDonationDetail,
} from '../admin/donations';
import {
  ADMIN_MESSAGES_PAGE_SIZE,
  CONTACT_MESSAGE_STATUSES,
  MAIL_STATUSES,
  MESSAGE_FILTERS,
  type AdminContactMessage,
  type MessageCounts,
  type OutboxMail,
} from '../admin/messages';
import { Id, Nullable, Ok, OkWithMessage, PageMeta, Paging, StringEnum, WholeNumber } from './common';
import { AdminRefundReply } from './refunds';

// The admin console's reads and writes (every route behind an admin token). The shapes are the domain's admin
// types (admin/*.ts); the checks at the foot of this file fail the build if a schema and its type drift apart.

const tally = Type.Object({ count: Type.Integer(), amount_inr: Type.Number() });

export const AdminDonationProperties = {
  id: Type.Integer(),
  created_at: Type.String(),
  donor_name: Nullable(Type.String()),
  donor_email: Nullable(Type.String()),
  is_anonymous: Type.Boolean(),
  amount: Type.Number(),
  currency: Type.String(),
  amount_inr: Type.Number(),
  donation_type: StringEnum(DONATION_TYPES),
  status: StringEnum(ADMIN_DONATION_STATUSES),
  campaign_id: Nullable(Type.Integer()),
  campaign_title: Nullable(Type.String()),
  donor_country: Nullable(Type.String()),
  donor_country_code: Nullable(Type.String()),
  receipt_number: Nullable(Type.String()),
  payment_intent_id: Nullable(Type.String()),
  partner_origin: Nullable(Type.String()),
  source: Type.String(),
  is_renewal: Type.Optional(Type.Boolean()),
  refunded_minor: Type.Optional(Type.Integer({ minimum: 0 })),
};
export const AdminDonationReply = Type.Object(AdminDonationProperties);

export const AdminDonationDetailReply = Type.Object({
  ...AdminDonationProperties,
  donor_mobile: Nullable(Type.String()),
  donor_pan: Nullable(Type.String()),
  donor_state: Nullable(Type.String()),
  donor_city: Nullable(Type.String()),
  donor_address: Nullable(Type.String()),
  donor_pincode: Nullable(Type.String()),
  payment_method_id: Nullable(Type.String()),
  receipt: Nullable(Type.Object({ number: Type.String(), issued_at: Type.String(), mail_status: Nullable(Type.String()) })),
  amount_minor: Type.Integer({ minimum: 1 }),
  refunded_minor: Type.Integer({ minimum: 0 }),
  refund_pending_minor: Type.Integer({ minimum: 0 }),
  refunds: Type.Array(AdminRefundReply),
});

export const DashboardQuery = Type.Object(
  { period: StringEnum(DASHBOARD_PERIODS, { default: DEFAULT_DASHBOARD_PERIOD }) },
  { additionalProperties: false },
);
export type DashboardQuery = Static<typeof DashboardQuery>;

/** The newest archive `npm run backup` made (docs/decisions/042-backups.md), and whether the dashboard warns about it. */
export const BackupStatusReply = Type.Object({
  last: Nullable(
    Type.Object({
      made_at: Type.String({ description: 'When the archive was made (for a restored one, when the archive itself was made)' }),
      archive_bytes: Type.Integer({ minimum: 0 }),
      source: StringEnum(BACKUP_SOURCES, { description: "'backup': made here; 'restored': the archive this site was restored from" }),
    }, { description: 'The newest recorded archive by made_at; null when none was ever recorded' }),
  ),
  warn_after_days: Type.Integer({ minimum: 1, description: 'BACKUP_WARN_DAYS' }),
  overdue: Type.Boolean({ description: 'No backup, or the newest is older than warn_after_days days' }),
});

export const AdminDashboardData = Type.Object({
  period: StringEnum(DASHBOARD_PERIODS),
  from: Type.String(),
  to: Type.String(),
  totals: Type.Object({
    count: Type.Integer(),
    amount_inr: Type.Number({ description: 'Completed online donations, net of refunds, in INR' }),
    offline_amount_inr: Type.Number({ description: 'Raised offline as staff entered it on the (non-draft) campaigns' }),
    donors: Type.Integer(),
    by_currency: Type.Array(Type.Object({ currency: Type.String(), amount: Type.Number(), count: Type.Integer() })),
    monthly: tally,
    one_time: tally,
    this_month: tally,
    last_month: tally,
    recurring: Type.Object({
      active: Type.Integer(),
      monthly_amount_inr: Type.Number(),
      gained_this_month: Type.Integer(),
      lost_this_month: Type.Integer(),
    }),
  }),
  daily: Type.Array(Type.Object({ date: Type.String(), count: Type.Integer(), amount_inr: Type.Number() })),
  top_campaigns: Type.Array(
    Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      raised_amount: Type.Number({ description: 'As the public campaign shows it: online plus offline' }),
      amount_inr: Type.Number({ description: 'The online part: completed donations net of refunds' }),
      offline_amount: Type.Number({ description: 'The part staff entered as raised offline' }),
      donation_count: Type.Integer({ description: 'As the public campaign shows it: online plus offline' }),
      target_amount: Type.Number(),
    }),
  ),
  recent_donations: Type.Array(AdminDonationReply),
  backup: BackupStatusReply,
});
export const DashboardReply = Ok(AdminDashboardData);
export type DashboardReply = Static<typeof DashboardReply>;

/** Filters of the donation list and its CSV export; values are checked by the API's filter reader. */
export const PARTNER_FILTER_MAX_LENGTH = 200;
// Short values get room beyond their real length, so a wrong one is answered with what is wrong about it
// ("country must be a two-letter country code.") rather than with its length.
const shortText = (description: string) => Type.Optional(Type.String({ maxLength: 40, description }));
export const DonationFilterProperties = {
  q: Type.Optional(Type.String({ maxLength: ADMIN_SEARCH_MAX_LENGTH, description: 'Donor name, email, receipt number or payment id.' })),
  from: shortText('First organisation day, YYYY-MM-DD.'),
  to: shortText('Last organisation day, YYYY-MM-DD.'),
  campaign: shortText("A campaign id, or 'none' for general donations."),
  country: shortText('Two-letter country code.'),
  currency: shortText('Three-letter currency code.'),
  type: shortText(DONATION_TYPES.join(' or ')),
  status: shortText(ADMIN_DONATION_STATUSES.join(', ')),
  partner: Type.Optional(Type.String({ maxLength: PARTNER_FILTER_MAX_LENGTH, description: 'Partner site origin.' })),
};
export const DonationExportQuery = Type.Object(DonationFilterProperties, { additionalProperties: false });
export const AdminDonationListQuery = Type.Object(
  { ...Paging(ADMIN_DONATIONS_PAGE_SIZE), ...DonationFilterProperties },
  { additionalProperties: false },
);
export type AdminDonationListQuery = Static<typeof AdminDonationListQuery>;

export const AdminDonationListReply = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({ donations: Type.Array(AdminDonationReply), summary: tally }),
  meta: PageMeta,
});
export type AdminDonationListReply = Static<typeof AdminDonationListReply>;
export const AdminDonationDetailEnvelope = Ok(Type.Object({ donation: AdminDonationDetailReply }));
/**
 * GET /admin/donations/:id/receipt.pdf: the donation's 80G receipt, drawn from its frozen details as the donor's
 * download draws it (an OpenAPI schema for a binary body, as the refund note's).
 */
export const AdminReceiptPdf = { type: 'string', format: 'binary', description: "The donation's 80G receipt as a PDF" } as const;
export const ResendReceiptReply = OkWithMessage(Type.Object({ receipt_number: Type.String(), mail_status: Type.String() }));
export type ResendReceiptReply = Static<typeof ResendReceiptReply>;

export const AdminMessageReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  subject: Type.String(),
  message: Type.String(),
  status: StringEnum(CONTACT_MESSAGE_STATUSES),
  created_at: Type.String(),
});
export const MessageCountsReply = Type.Object({ unread: Type.Integer(), read: Type.Integer(), archived: Type.Integer() });
export const AdminMessageListQuery = Type.Object(
  {
    ...Paging(ADMIN_MESSAGES_PAGE_SIZE),
    status: StringEnum(MESSAGE_FILTERS, { default: 'all' }),
    q: Type.Optional(Type.String({ maxLength: ADMIN_SEARCH_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type AdminMessageListQuery = Static<typeof AdminMessageListQuery>;
export const AdminMessageListReply = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({ messages: Type.Array(AdminMessageReply), counts: MessageCountsReply }),
  meta: PageMeta,
});
export type AdminMessageListReply = Static<typeof AdminMessageListReply>;
export const OneAdminMessageReply = OkWithMessage(Type.Object({ message: AdminMessageReply }));
export type OneAdminMessageReply = Static<typeof OneAdminMessageReply>;
/** PATCH /admin/messages/{id}: validated by Fastify (Ajv) with the API's sentences for schema errors. */
export const MessageStatusBody = Type.Object(
  { status: StringEnum(CONTACT_MESSAGE_STATUSES) },
  { additionalProperties: false },
);
export type MessageStatusBody = Static<typeof MessageStatusBody>;

export const OUTBOX_PAGE_SIZE = 20;
export const OUTBOX_STATUS_FILTERS = ['all', ...MAIL_STATUSES] as const;
export const OutboxMailReply = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  status: StringEnum(MAIL_STATUSES),
  error: Nullable(Type.String()),
  attachments: Type.Array(Type.Object({ filename: Type.String(), contentType: Type.String(), size: Type.Integer() })),
  created_at: Type.String(),
  sent_at: Nullable(Type.String()),
});
export const OutboxQuery = Type.Object(
  { ...Paging(OUTBOX_PAGE_SIZE), status: StringEnum(OUTBOX_STATUS_FILTERS, { default: 'all' }) },
  { additionalProperties: false },
);
export type OutboxQuery = Static<typeof OutboxQuery>;
export const OutboxReply = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({ mails: Type.Array(OutboxMailReply), smtp_configured: Type.Boolean() }),
  meta: PageMeta,
});
export type OutboxReply = Static<typeof OutboxReply>;
/** `/admin/outbox/:id/attachments/:index`: the mail, and its attachment's place in `attachments` (from 0). */
export const OutboxAttachmentParams = Type.Object({
  id: Id,
  index: WholeNumber({ minimum: 0, maximum: 99 }, undefined, "The attachment's position in the mail's attachments, from 0."),
});
export type OutboxAttachmentParams = Static<typeof OutboxAttachmentParams>;
/** The attachment as the mail carried it (its own content type: a PDF for every mail the server sends today). */
export const OutboxAttachmentFile = { type: 'string', format: 'binary', description: "The attachment, drawn again as the mail sweep draws it" } as const;

// ---- The schemas and the domain's types say the same thing (a compile error here means one of them changed) ----
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
/** Type-only: never used, it exists to be checked. */
export type AdminContractAgreesWithDomain = [
  Expect<Same<Static<typeof AdminDonationReply>, AdminDonation>>,
  Expect<Same<Static<typeof AdminDonationDetailReply>, AdminDonationDetail>>,
  Expect<Same<Static<typeof AdminDashboardData>, AdminDashboard>>,
  Expect<Same<Static<typeof BackupStatusReply>, BackupStatus>>,
  Expect<Same<Static<typeof AdminMessageReply>, AdminContactMessage>>,
  Expect<Same<Static<typeof MessageCountsReply>, MessageCounts>>,
  Expect<Same<Static<typeof OutboxMailReply>, OutboxMail>>,
];
