import type { DonationPayload, Organisation, OrganisationSettings } from '@charity/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

// The one schema both drivers share. Changing it means a new migration: `npm run db:generate -w apps/api`.
// Status lists mirror packages/domain (CAMPAIGN_STATUSES, EVENT_STATUSES; a test keeps them equal). They are
// spelled out here because drizzle-kit loads this file on its own, where only type imports are safe.
export const CAMPAIGN_STATUS_VALUES = ['active', 'completed', 'paused', 'draft'] as const;
export const EVENT_STATUS_VALUES = ['upcoming', 'ongoing', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUS_VALUES)[number];
export type EventStatus = (typeof EVENT_STATUS_VALUES)[number];

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** SQL list literal for a check constraint: ('a', 'b'). The values are our own constants, never input. */
const sqlList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

export const adminUsers = pgTable('admin_users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  fullName: text('full_name').notNull(),
  role: text('role').notNull().default('admin'),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per sign-in. The bearer token itself is never stored: only its SHA-256, so a leaked database
 * (or backup) holds nothing anyone can sign in with. A session ends at expires_at (absolute), after the
 * idle timeout since last_used_at, or when revoked_at is set (logout, refresh, password change).
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('admin_sessions_user_id_idx').on(t.userId), index('admin_sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Failed sign-in attempts per key ('user:<name>' or 'ip:<address>') in a fixed window. Kept in the database,
 * not in memory, so a restart does not wipe the count and every API process behind a load balancer sees
 * the same one.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    windowStart: instant('window_start').notNull(),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('login_attempts_window_start_idx').on(t.windowStart)],
);

/**
 * Where each account last signed in successfully, per client address (an IPv6 client's /64). An attempt from an
 * address that signed in to the account within 90 days skips the account's slow-down, so an attacker elsewhere
 * cannot slow the real admin down (docs/decisions/012-sign-in-lock-out.md). Rows older than that are deleted.
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSignedInAt: instant('last_signed_in_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] }), index('sign_in_addresses_last_signed_in_at_idx').on(t.lastSignedInAt)],
);

/**
 * The organisation's legal and tax details (docs/decisions/026-organisation-settings.md), one row per saved version,
 * never updated or deleted: the newest is in force. A receipt, note or statement freezes the version it was issued
 * under (its number is in the frozen details), so a change never rewrites what a donor already holds.
 */
export const organisationSettings = pgTable('organisation_settings', {
  id: serial('id').primaryKey(),
  settings: jsonb('settings').$type<OrganisationSettings>().notNull(),
  /** The seed's demonstration values: the settings screen and the tax year say so until staff save real ones. */
  isDemo: boolean('is_demo').notNull().default(false),
  createdBy: text('created_by'),
  createdAt: createdAt(),
});

/** Exactly one row (id is always 1): the organisation's public details. */
export const organisation = pgTable(
  'organisation',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    tagline: text('tagline').notNull(),
    description: text('description').notNull(),
    email: text('email').notNull(),
    phones: jsonb('phones').$type<Organisation['phones']>().notNull(),
    address: text('address').notNull(),
    registrationNumber: text('registration_number').notNull(),
    taxApprovals: jsonb('tax_approvals').$type<string[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [check('organisation_single_row', sql`${t.id} = 1`)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    /** Its page's address, /campaigns/{slug}: chosen from the first title, unique, kept when the title changes. */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    isFeatured: boolean('is_featured').notNull().default(false),
    category: text('category').notNull().default('general'),
    imageUrl: text('image_url'),
    // Money as exact decimals in the database, numbers in JavaScript: 14 digits stay well inside 2^53.
    targetAmount: numeric('target_amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    /**
     * The campaign's raised figure as the public sees it: what staff entered as raised outside the website
     * (offline_amount: cheques, cash, bank transfers, money raised before the site) plus the completed online
     * donations net of refunds. Kept by the statements that change either (the donation, renewal and refund paths,
     * the campaign form), in their transactions; campaign-figures.test.ts holds it equal to the donations' sum.
     */
    raisedAmount: numeric('raised_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** Likewise: offline_donation_count plus the completed online donations. */
    donationCount: integer('donation_count').notNull().default(0),
    /** Entered by staff on the campaign form (issue 20): raised outside the website, part of raised_amount. */
    offlineAmount: numeric('offline_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    offlineDonationCount: integer('offline_donation_count').notNull().default(0),
    currency: text('currency').notNull().default('INR'),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('campaigns_status_check', sql`${t.status} in ${sqlList(CAMPAIGN_STATUS_VALUES)}`),
    check('campaigns_amounts_check', sql`${t.targetAmount} >= 0 and ${t.raisedAmount} >= 0 and ${t.donationCount} >= 0`),
    check('campaigns_offline_check', sql`${t.offlineAmount} >= 0 and ${t.offlineDonationCount} >= 0`),
    // The public filters (spec section 4's display status) test status and end date together; the list is
    // ordered newest first. All btree: PGlite has no trigram extension, and search scans a few hundred rows.
    index('campaigns_status_end_date_idx').on(t.status, t.endDate),
    index('campaigns_end_date_idx').on(t.endDate),
    index('campaigns_is_featured_idx').on(t.isFeatured),
    index('campaigns_created_at_id_idx').on(t.createdAt, t.id),
    // The public list's usual shapes on a cache miss (docs/decisions/011-speed-targets-on-postgresql.md): one status
    // (and featured), newest first. Ascending: read backwards they give `created_at desc, id desc` (nulls first),
    // exactly the list's order.
    index('campaigns_status_created_at_id_idx').on(t.status, t.createdAt, t.id),
    index('campaigns_featured_status_created_at_id_idx').on(t.isFeatured, t.status, t.createdAt, t.id),
    uniqueIndex('campaigns_slug_idx').on(t.slug),
  ],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    // A calendar day with no time zone: "the drive is on 12 March" wherever the admin sits.
    date: date('date', { mode: 'string' }),
    location: text('location'),
    impact: text('impact'),
    status: text('status').$type<EventStatus>().notNull().default('upcoming'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('events_status_check', sql`${t.status} in ${sqlList(EVENT_STATUS_VALUES)}`),
    index('events_status_date_idx').on(t.status, t.date),
    index('events_date_idx').on(t.date),
    // The public lists' order (date descending, undated last, then id) per status: no sort on a cache miss.
    index('events_status_date_desc_id_idx').on(t.status, t.date.desc().nullsLast(), t.id),
  ],
);

/** One stored size of an uploaded picture. */
export interface StoredImageVariant {
  width: number;
  height: number;
  url: string;
}

export const eventImages = pgTable(
  'event_images',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Server-relative path of the default size, e.g. /uploads/events/3f9a…-800.webp */
    filePath: text('file_path').notNull(),
    /** Pixel size of the picture at file_path (null only for pictures stored before sizes were recorded). */
    width: integer('width'),
    height: integer('height'),
    /** Every stored size, narrowest first: [{ width, height, url }] (400, 800, 1600 wide; never upscaled). */
    variants: jsonb('variants').$type<StoredImageVariant[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('event_images_event_id_idx').on(t.eventId)],
);

export const DONATION_TYPE_VALUES = ['one_time', 'monthly'] as const;
export const DONATION_STATUS_VALUES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type DonationType = (typeof DONATION_TYPE_VALUES)[number];
export type DonationStatus = (typeof DONATION_STATUS_VALUES)[number];

/** What the browser sent at create-intent, after validation and normalisation: the domain's DonationPayload. */
export type RecordedDonationData = DonationPayload;

export const PAYMENT_ATTEMPT_STATUS_VALUES = ['created', 'requires_action', 'succeeded', 'failed'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUS_VALUES)[number];

/**
 * One row per payment intent the server created (POST /api/payments/create-intent): what the donor asked to
 * give, as validated then. It is NOT a donation: a donation is written only once the provider says the intent
 * succeeded, and it is written from this row, never from what a browser sends afterwards.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    donationData: jsonb('donation_data').$type<RecordedDonationData>().notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    // A campaign deleted while a payment is under way leaves a general donation, never a lost one.
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    paymentMethodId: text('payment_method_id'),
    status: text('status').$type<PaymentAttemptStatus>().notNull().default('created'),
    lastErrorCode: text('last_error_code'),
    clientIp: text('client_ip').notNull(),
    /**
     * The partner site the donate widget was embedded in (a listed PARTNER_ORIGINS origin), or null for the charity's
     * own site. Beside donation_data, not in it: the payload's rules (source 'website') are the wizard's, unchanged.
     */
    partnerOrigin: text('partner_origin'),
    /** A monthly gift's sign-up: the subscription whose first invoice this intent pays (null for one-time gifts). */
    subscriptionId: text('subscription_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payment_attempts_status_check', sql`${t.status} in ${sqlList(PAYMENT_ATTEMPT_STATUS_VALUES)}`),
    check('payment_attempts_amount_check', sql`${t.amount} > 0 and ${t.amountMinor} > 0`),
    index('payment_attempts_created_at_idx').on(t.createdAt),
    index('payment_attempts_client_ip_created_idx').on(t.clientIp, t.createdAt),
  ],
);

/**
 * Each failed card payment, per client address: the card-testing defence counts these (at most 5 in 10
 * minutes before create-intent refuses). `key` is the provider event that reported the failure, so the same
 * failure seen twice (the sandbox's confirm, then its webhook; or a redelivered webhook) counts once.
 */
export const paymentFailures = pgTable(
  'payment_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    paymentIntentId: text('payment_intent_id').notNull(),
    clientIp: text('client_ip').notNull(),
    code: text('code'),
    declineCode: text('decline_code'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_failures_client_ip_created_idx').on(t.clientIp, t.createdAt),
    // The admin's attempts list reads each attempt's failure (docs/decisions/023-payment-attempts-for-staff.md).
    index('payment_failures_intent_idx').on(t.paymentIntentId),
  ],
);

/**
 * Each create-intent the card-testing defence refused (docs/decisions/023-payment-attempts-for-staff.md): the time, the
 * client address and, only when the body held a syntactically valid donor email, that email. Nothing else from the
 * body is kept. Shown to staff, and pruned after ATTEMPT_RETENTION_DAYS.
 */
export const blockedPaymentRequests = pgTable(
  'blocked_payment_requests',
  {
    id: serial('id').primaryKey(),
    clientIp: text('client_ip').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [index('blocked_payment_requests_client_ip_created_idx').on(t.clientIp, t.createdAt), index('blocked_payment_requests_created_at_idx').on(t.createdAt)],
);

/** Every webhook event processed, by the provider's event id: a redelivered event is acknowledged and skipped. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    paymentIntentId: text('payment_intent_id'),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_events_received_at_idx').on(t.receivedAt)],
);

/**
 * A donation, written once per successful payment (unique payment_intent_id) from the recorded payment attempt.
 * Donor contact details (email, mobile, PAN, address) must never leave the server through public routes.
 * Donor columns are nullable for donations recorded some other way later (offline gifts); the website always
 * fills them.
 */
export const donations = pgTable(
  'donations',
  {
    id: serial('id').primaryKey(),
    // A donation is a financial record: a campaign that has donations cannot be deleted (restrict), and a
    // general donation has no campaign at all.
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'restrict' }),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    /** In the currency's minor unit (paise, cents), exactly what the provider charged. */
    amountMinor: integer('amount_minor').notNull(),
    /** The amount in INR at the domain's fixed rates (INR_RATES): what campaign totals and statistics add up. */
    amountInr: numeric('amount_inr', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    /** The donor's full name. */
    donorName: text('donor_name'),
    donorEmail: text('donor_email'),
    donorMobile: text('donor_mobile'),
    donorPan: text('donor_pan'),
    donorCountry: text('donor_country'),
    donorCountryCode: text('donor_country_code'),
    donorState: text('donor_state'),
    donorCity: text('donor_city'),
    donorAddress: text('donor_address'),
    donorPincode: text('donor_pincode'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** The donor agreed to be named (first name) among the campaign's supporters: issue 19, decision 030. */
    showFirstName: boolean('show_first_name').notNull().default(false),
    donationType: text('donation_type').$type<DonationType>().notNull().default('one_time'),
    source: text('source').notNull().default('website'),
    /** The partner site a donation came through (the embeddable widget, later); null for the charity's own site. */
    partnerOrigin: text('partner_origin'),
    status: text('status').$type<DonationStatus>().notNull().default('pending'),
    paymentIntentId: text('payment_intent_id').unique(),
    paymentMethodId: text('payment_method_id'),
    paymentAttemptId: integer('payment_attempt_id').references(() => paymentAttempts.id, { onDelete: 'restrict' }),
    receiptNumber: text('receipt_number').unique(),
    /** The monthly gift this payment belongs to (its first payment or a renewal); null for one-time gifts. */
    recurringGiftId: integer('recurring_gift_id').references((): AnyPgColumn => recurringGifts.id, { onDelete: 'restrict' }),
    /** A renewal's invoice at the provider: unique, so no replay, restart or race records a renewal twice. */
    invoiceId: text('invoice_id').unique(),
    /** True for a monthly gift's renewals (its first payment is false). */
    isRenewal: boolean('is_renewal').notNull().default(false),
    // Refunds (docs/decisions/024-refunds.md), recomputed from the donation's refunds rows under its row lock
    // whenever one changes. Totals count amount_inr - refunded_inr; status turns 'refunded' when nothing is left.
    /** Refunds that succeeded, in the minor unit. */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /** Refunds asked for and not settled: they hold their amount, so staff cannot refund it twice. */
    refundPendingMinor: integer('refund_pending_minor').notNull().default(0),
    /** refunded_minor in the currency's major unit (what the CSV and by-currency totals subtract). */
    refundedAmount: numeric('refunded_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** The INR equivalent of what was refunded, in proportion to amount_inr. */
    refundedInr: numeric('refunded_inr', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('donations_amount_check', sql`${t.amount} > 0`),
    check(
      'donations_refunds_check',
      sql`${t.refundedMinor} >= 0 and ${t.refundPendingMinor} >= 0 and ${t.refundedMinor} <= ${t.amountMinor}`,
    ),
    index('donations_recurring_gift_idx').on(t.recurringGiftId, t.createdAt),
    check('donations_type_check', sql`${t.donationType} in ${sqlList(DONATION_TYPE_VALUES)}`),
    check('donations_status_check', sql`${t.status} in ${sqlList(DONATION_STATUS_VALUES)}`),
    index('donations_campaign_created_idx').on(t.campaignId, t.createdAt),
    // The admin list: newest first, filtered by country or currency.
    index('donations_created_at_id_idx').on(t.createdAt, t.id),
    index('donations_country_created_idx').on(t.donorCountryCode, t.createdAt),
    index('donations_currency_created_idx').on(t.currency, t.createdAt),
    // GET /api/stats counts and sums completed donations and their countries: read from the index alone.
    index('donations_status_country_amount_idx').on(t.status, t.donorCountryCode, t.amountInr, t.refundedInr),
  ],
);

export const REFUND_STATUS_VALUES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export const REFUND_SOURCE_VALUES = ['staff', 'provider'] as const;
export const REFUND_NOTE_KIND_VALUES = ['cancellation', 'credit'] as const;

/**
 * A refund of part or all of a donation (docs/decisions/024-refunds.md): asked by staff (a row 'pending' before the
 * provider is called, holding its amount) or made at the provider and reported by its webhooks. Matched to the
 * provider's refund by provider_refund_id, or by our id in the refund's metadata when the webhook comes first.
 * A settled refund issues one numbered note (credit or cancellation) in the note series; nothing is deleted.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** In proportion to the donation's amount_inr. */
    amountInr: numeric('amount_inr', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    status: text('status').$type<(typeof REFUND_STATUS_VALUES)[number]>().notNull(),
    source: text('source').$type<(typeof REFUND_SOURCE_VALUES)[number]>().notNull(),
    reason: text('reason').notNull(),
    /** The staff member's e-mail (kept as text: the record outlives the account). */
    requestedBy: text('requested_by'),
    providerRefundId: text('provider_refund_id').unique(),
    failureReason: text('failure_reason'),
    noteNumber: text('note_number').unique(),
    noteKind: text('note_kind').$type<(typeof REFUND_NOTE_KIND_VALUES)[number]>(),
    noteIssuedAt: instant('note_issued_at'),
    /** Everything the note shows, frozen when it is issued (its PDF is drawn again from it). */
    noteDetails: jsonb('note_details').$type<Record<string, unknown>>(),
    /** As receipts.mail_status: 'queued', then the outbox row's status; null when there is no donor e-mail. */
    noteMailStatus: text('note_mail_status'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amountMinor} > 0`),
    check('refunds_status_check', sql`${t.status} in ${sqlList(REFUND_STATUS_VALUES)}`),
    check('refunds_source_check', sql`${t.source} in ${sqlList(REFUND_SOURCE_VALUES)}`),
    index('refunds_donation_idx').on(t.donationId, t.id),
  ],
);

/**
 * Staff notices sent once per period whatever the number of processes (docs/decisions/025-staff-notices.md): the
 * process whose insert claims (kind, day) sends it.
 */
export const staffNoticeRuns = pgTable(
  'staff_notice_runs',
  {
    kind: text('kind').notNull(),
    day: text('day').notNull(),
    sentAt: instant('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day] })],
);

/** The last note number used in each financial year (credit and cancellation notes share one series). */
export const refundNoteCounters = pgTable('refund_note_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** The sandbox provider's refunds, shaped like Stripe's (PAYMENTS_MODE=sandbox). */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    failureReason: text('failure_reason'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** Stripe's 4000 0000 0000 5126: the refund succeeds, then fails at this time (the sandbox clock's). */
    failAt: instant('fail_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_refunds_intent_idx').on(t.paymentIntentId), index('sandbox_refunds_fail_at_idx').on(t.failAt).where(sql`${t.failAt} is not null`)],
);

/**
 * One receipt per donation, numbered without gaps per Indian financial year ('BBF/2026-27/000001'). The PDF is
 * not stored: `details` freezes everything it shows at issue time, and the same PDF is drawn again from it on
 * download, so a later change to the organisation's address never rewrites an issued receipt.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    donationId: integer('donation_id')
      .notNull()
      .unique()
      .references(() => donations.id, { onDelete: 'restrict' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    issuedAt: instant('issued_at').notNull().defaultNow(),
    mailOutboxId: integer('mail_outbox_id'),
    /**
     * 'queued' from issue until its mail is composed into mail_outbox (the sweep composes any a crash left), then
     * the outbox row's status: 'pending', 'sent', 'failed' (retried) or 'stored'. Null: no donor email, not mailed.
     */
    mailStatus: text('mail_status'),
  },
  (t) => [
    index('receipts_financial_year_sequence_idx').on(t.financialYear, t.sequence),
    index('receipts_mail_queued_idx').on(t.issuedAt).where(sql`${t.mailStatus} = 'queued'`),
  ],
);

/**
 * Download links of a receipt: one token for the mail and the first answer, another for each later request that
 * proves payment (so no link already handed out stops working). Only the SHA-256 of a token is stored.
 */
export const receiptTokens = pgTable(
  'receipt_tokens',
  {
    id: serial('id').primaryKey(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('receipt_tokens_receipt_id_idx').on(t.receiptId)],
);

/** The last receipt number used in each financial year; incremented in the transaction that issues a receipt. */
export const receiptCounters = pgTable('receipt_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * Payment intents of the built-in sandbox provider (PAYMENTS_MODE=sandbox), shaped like Stripe's. Kept in the
 * database so a restart, or another API process, sees the same intents.
 */
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  paymentMethodId: text('payment_method_id'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  description: text('description'),
  receiptEmail: text('receipt_email'),
  lastPaymentError: jsonb('last_payment_error').$type<{ code: string; decline_code?: string; message: string } | null>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const CONTACT_SUBJECT_VALUES = ['donation', 'volunteer', 'general', 'other'] as const;
export const CONTACT_MESSAGE_STATUS_VALUES = ['unread', 'read', 'archived'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUS_VALUES)[number];

/** Messages sent through the contact form, for the admin area's inbox. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').$type<ContactMessageStatus>().notNull().default('unread'),
    createdAt: createdAt(),
  },
  (t) => [
    check('contact_messages_subject_check', sql`${t.subject} in ${sqlList(CONTACT_SUBJECT_VALUES)}`),
    check('contact_messages_status_check', sql`${t.status} in ${sqlList(CONTACT_MESSAGE_STATUS_VALUES)}`),
    index('contact_messages_status_created_idx').on(t.status, t.createdAt),
  ],
);

export const MAIL_STATUS_VALUES = ['pending', 'sent', 'failed', 'stored'] as const;
export type MailStatus = (typeof MAIL_STATUS_VALUES)[number];

/**
 * Every mail the server sends or would send, so staff can see what went out: 'stored' when no SMTP server is
 * configured (the admin area shows these), 'pending' while sending, then 'sent' or 'failed' (with the error).
 * The table is also the send queue: a mail whose delivery failed keeps a next_attempt_at and is sent again then
 * (src/mail/retry.ts), rebuilt from the row (a receipt's PDF is drawn again from its receipt), until it is sent or
 * its attempts run out (next_attempt_at null).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Names, types and sizes of attached files (the files themselves are not kept here). */
    attachments: jsonb('attachments').$type<Array<{ filename: string; contentType: string; size: number }>>().notNull().default([]),
    status: text('status').$type<MailStatus>().notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Where a reply goes (a contact message's visitor), kept so a retry sends the same mail. */
    replyTo: jsonb('reply_to').$type<{ name: string; address: string } | null>(),
    /** The receipt this mail carries (its PDF is attached, drawn again from the receipt on each attempt). */
    receiptId: integer('receipt_id'),
    /** The refund whose note this mail carries (its PDF drawn again from the note's frozen details). */
    refundId: integer('refund_id'),
    /** The annual statement this mail carries (its PDF drawn again from the statement's frozen details). */
    annualStatementId: integer('annual_statement_id'),
    /** The Form 10BE certificate this mail carries (the stored PDF the portal generated). */
    taxCertificateId: integer('tax_certificate_id'),
    /** Delivery attempts made (SMTP only). */
    attempts: integer('attempts').notNull().default(0),
    /** When delivery is (re)tried; while an attempt runs, the end of its lease. Null: nothing more to do. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ${sqlList(MAIL_STATUS_VALUES)}`),
    index('mail_outbox_status_created_idx').on(t.status, t.createdAt),
    index('mail_outbox_next_attempt_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
  ],
);

export const GIFT_STATUS_VALUES = ['incomplete', 'active', 'paused', 'past_due', 'lapsed', 'cancelled'] as const;
export type GiftStatusValue = (typeof GIFT_STATUS_VALUES)[number];

/**
 * A monthly gift (docs/decisions/022-monthly-gifts.md): the module's record of a subscription at the provider,
 * brought in step by the provider's events (ordered by provider_state_at, so an older event never overwrites a newer
 * state). What the donor asked for is donation_data, as validated at sign-up; each payment is a donations row
 * pointing here. Staff can cancel a gift but never change its email or amount.
 */
export const recurringGifts = pgTable(
  'recurring_gifts',
  {
    id: serial('id').primaryKey(),
    subscriptionId: text('subscription_id').notNull().unique(),
    customerId: text('customer_id').notNull(),
    status: text('status').$type<GiftStatusValue>().notNull().default('incomplete'),
    donationData: jsonb('donation_data').$type<RecordedDonationData>().notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    amountInr: numeric('amount_inr', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** Lower case, as validated: the "manage my monthly gift" form finds gifts by it. */
    donorEmail: text('donor_email').notNull(),
    partnerOrigin: text('partner_origin'),
    paymentAttemptId: integer('payment_attempt_id').references(() => paymentAttempts.id, { onDelete: 'restrict' }),
    startedAt: instant('started_at'),
    nextChargeAt: instant('next_charge_at'),
    pausedUntil: instant('paused_until'),
    failureCount: integer('failure_count').notNull().default(0),
    lastFailureReason: text('last_failure_reason'),
    lastFailureAt: instant('last_failure_at'),
    card: jsonb('card').$type<{ brand: string; last4: string; expMonth: number; expYear: number } | null>(),
    /** The card expiry month ('2027-03') a reminder was mailed for, so it is mailed once per card. */
    expiryNoticeFor: text('expiry_notice_for'),
    cancelledAt: instant('cancelled_at'),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by'),
    lapsedAt: instant('lapsed_at'),
    /** The provider time (event created, or our own call's answer) of the state last applied. */
    providerStateAt: instant('provider_state_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('recurring_gifts_status_check', sql`${t.status} in ${sqlList(GIFT_STATUS_VALUES)}`),
    check('recurring_gifts_amount_check', sql`${t.amount} > 0 and ${t.amountMinor} > 0`),
    index('recurring_gifts_email_idx').on(t.donorEmail),
    index('recurring_gifts_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Management links of a gift: a random 256-bit token, of which only the SHA-256 is kept, valid until expires_at
 * unless revoked. The token is the donor's only key: it reaches this gift and nothing else.
 */
export const recurringGiftLinks = pgTable(
  'recurring_gift_links',
  {
    id: serial('id').primaryKey(),
    giftId: integer('gift_id')
      .notNull()
      .references(() => recurringGifts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recurring_gift_links_gift_idx').on(t.giftId)],
);

/** Every change to a gift, who made it and when: the donor (through a link), staff (by name), or the provider. */
export const recurringGiftChanges = pgTable(
  'recurring_gift_changes',
  {
    id: serial('id').primaryKey(),
    giftId: integer('gift_id')
      .notNull()
      .references(() => recurringGifts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actor: text('actor').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('recurring_gift_changes_gift_idx').on(t.giftId, t.createdAt)],
);

/**
 * The sandbox's subscriptions (PAYMENTS_MODE=sandbox), shaped like Stripe's and billed by the sandbox's own clock
 * (sandbox_clock). Like sandbox_payment_intents, only the sandbox provider reads or writes them.
 */
export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  status: text('status').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  description: text('description'),
  /** The first payment's time (sandbox clock): every renewal is counted from it. */
  billingAnchor: instant('billing_anchor'),
  /** Renewals taken so far (the period number of the next renewal is periods + 1). */
  periods: integer('periods').notNull().default(0),
  currentPeriodEnd: instant('current_period_end'),
  pauseResumesAt: instant('pause_resumes_at'),
  canceledAt: instant('canceled_at'),
  cancellationReason: text('cancellation_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The sandbox's invoices: one per subscription and period (unique), so a period is never billed twice. */
export const sandboxInvoices = pgTable(
  'sandbox_invoices',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => sandboxSubscriptions.id, { onDelete: 'cascade' }),
    period: integer('period').notNull(),
    status: text('status').notNull(),
    billingReason: text('billing_reason').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    paymentIntentId: text('payment_intent_id'),
    attemptCount: integer('attempt_count').notNull().default(0),
    firstFailedAt: instant('first_failed_at'),
    nextPaymentAttempt: instant('next_payment_attempt'),
    periodStart: instant('period_start').notNull(),
    periodEnd: instant('period_end').notNull(),
    lastPaymentError: jsonb('last_payment_error').$type<{ code: string; decline_code?: string; message: string } | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_invoices_subscription_period_idx').on(t.subscriptionId, t.period),
    index('sandbox_invoices_next_attempt_idx').on(t.nextPaymentAttempt).where(sql`${t.nextPaymentAttempt} is not null`),
  ],
);

/** The sandbox's SetupIntents (a donor changing the card of a monthly gift). */
export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  customerId: text('customer_id').notNull(),
  status: text('status').notNull(),
  paymentMethodId: text('payment_method_id'),
  createdAt: createdAt(),
});

/** The sandbox's clock, like a Stripe test clock: how far ahead of the real time it has been moved. One row. */
export const sandboxClock = pgTable(
  'sandbox_clock',
  {
    id: integer('id').primaryKey().default(1),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('sandbox_clock_single_row', sql`${t.id} = 1`)],
);

/**
 * Events the sandbox has emitted, written in the same transaction as the change they report (an outbox): delivered
 * to the webhook after commit, and again by the sandbox's billing run while not delivered, as Stripe retries its
 * deliveries. The webhook is idempotent on the event id, so a second delivery changes nothing.
 */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
    deliveredAt: instant('delivered_at'),
  },
  (t) => [index('sandbox_events_undelivered_idx').on(t.createdAt).where(sql`${t.deliveredAt} is null`)],
);

/**
 * Annual consolidated statements (docs/decisions/027-tax-year.md): one row per statement issued to a donor for a
 * financial year, mailed by staff's run or on the donor's own request. `details` freezes what the PDF shows (the
 * donations, refunds and the organisation settings version) so the mail and any re-download agree.
 */
export const annualStatements = pgTable(
  'annual_statements',
  {
    id: serial('id').primaryKey(),
    financialYear: text('financial_year').notNull(),
    /** Lowercased: how a donor's donations, statements and certificates find each other. */
    donorEmail: text('donor_email').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    /** 'staff:<username>' for staff's run, 'donor' for a donor's own request. */
    requestedBy: text('requested_by').notNull(),
    issuedAt: instant('issued_at').notNull().defaultNow(),
    mailOutboxId: integer('mail_outbox_id'),
    /** As receipts.mail_status: 'queued' until composed into mail_outbox, then the outbox row's status. */
    mailStatus: text('mail_status'),
  },
  (t) => [
    index('annual_statements_year_email_idx').on(t.financialYear, t.donorEmail),
    index('annual_statements_mail_queued_idx').on(t.issuedAt).where(sql`${t.mailStatus} = 'queued'`),
  ],
);

/** A donor's mailed link to their statement of a year: only the SHA-256 of the token is kept; it expires. */
export const statementTokens = pgTable(
  'statement_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    donorEmail: text('donor_email').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('statement_tokens_expires_at_idx').on(t.expiresAt)],
);

/**
 * Form 10BE certificates the income-tax portal generated for a year, uploaded by staff as a ZIP, matched to a donor
 * by PAN and kept (in storage) to be mailed. One per donor PAN and year: a later upload replaces the file.
 */
export const taxCertificates = pgTable(
  'tax_certificates',
  {
    id: serial('id').primaryKey(),
    financialYear: text('financial_year').notNull(),
    pan: text('pan').notNull(),
    donorEmail: text('donor_email').notNull(),
    acknowledgementNumber: text('acknowledgement_number').notNull(),
    fileName: text('file_name').notNull(),
    /** Where the PDF is kept (the storage module's key). */
    storageKey: text('storage_key').notNull(),
    uploadedBy: text('uploaded_by'),
    uploadedAt: instant('uploaded_at').notNull().defaultNow(),
    mailOutboxId: integer('mail_outbox_id'),
    mailStatus: text('mail_status'),
    sentAt: instant('sent_at'),
  },
  (t) => [uniqueIndex('tax_certificates_year_pan_idx').on(t.financialYear, t.pan)],
);

/**
 * Background jobs done once across replicas (docs/decisions/040-job-queue.md): one row per job of the schedule
 * (src/jobs/schedule.ts). A process claims a due job whose lease is free or has run out (`for update skip locked`),
 * keeps the lease alive while it works, and sets the next run when it finishes; a process that dies mid-job lets
 * the lease run out, and whoever claims the job next runs it again.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: instant('next_run_at').notNull(),
  lockedBy: text('locked_by'),
  lockedUntil: instant('locked_until'),
  lastStartedAt: instant('last_started_at'),
  lastFinishedAt: instant('last_finished_at'),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
});

export const JOB_RUN_OUTCOMES = ['running', 'ok', 'failed', 'abandoned'] as const;
export type JobRunOutcome = (typeof JOB_RUN_OUTCOMES)[number];

/** Each run of a job: which turn (scheduled_for), which process, how it ended. Kept 30 days. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    job: text('job').notNull(),
    scheduledFor: instant('scheduled_for').notNull(),
    replica: text('replica').notNull(),
    startedAt: instant('started_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
    outcome: text('outcome').$type<JobRunOutcome>().notNull().default('running'),
    error: text('error'),
  },
  (t) => [
    index('job_runs_job_scheduled_for_idx').on(t.job, t.scheduledFor),
    index('job_runs_started_at_idx').on(t.startedAt),
    check('job_runs_outcome_check', sql`${t.outcome} in ${sqlList(JOB_RUN_OUTCOMES)}`),
  ],
);

/**
 * The rate limits' counters, shared by every replica (plugins/rate-limit-store.ts, decision 041): a hash of route and
 * client key, the hits in the current window, and when the window ends.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: instant('resets_at').notNull(),
  },
  (t) => [index('rate_limit_counters_resets_at_idx').on(t.resetsAt)],
);

/**
 * Each archive `npm run backup` wrote (docs/decisions/042-backups.md): when, how big, what it held. The dashboard
 * shows the newest and warns when it is older than BACKUP_WARN_DAYS. A row is written after its archive is complete,
 * so an archive never holds its own row; a restore adds the row of the archive it came from.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    madeAt: instant('made_at').notNull(),
    /** The archive's file name only (never the directory: it says nothing useful to staff and may name a user). */
    archiveName: text('archive_name').notNull(),
    archiveBytes: bigint('archive_bytes', { mode: 'number' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** The manifest's counts (donations, receipts, campaigns, events, photos, files). */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    /** 'backup' when made here, 'restored' when a restore recorded the archive it came from. */
    source: text('source').$type<'backup' | 'restored'>().notNull().default('backup'),
  },
  (t) => [index('backup_runs_made_at_idx').on(t.madeAt), check('backup_runs_source_check', sql`${t.source} in ('backup', 'restored')`)],
);
