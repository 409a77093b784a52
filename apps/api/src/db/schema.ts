import type { Organisation } from '@charity/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
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
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    isFeatured: boolean('is_featured').notNull().default(false),
    category: text('category').notNull().default('general'),
    imageUrl: text('image_url'),
    // Money as exact decimals in the database, numbers in JavaScript: 14 digits stay well inside 2^53.
    targetAmount: numeric('target_amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    raisedAmount: numeric('raised_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    donationCount: integer('donation_count').notNull().default(0),
    currency: text('currency').notNull().default('INR'),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('campaigns_status_check', sql`${t.status} in ${sqlList(CAMPAIGN_STATUS_VALUES)}`),
    check('campaigns_amounts_check', sql`${t.targetAmount} >= 0 and ${t.raisedAmount} >= 0 and ${t.donationCount} >= 0`),
    // The public filters (spec section 4's display status) test status and end date together; the list is
    // ordered newest first. All btree: PGlite has no trigram extension, and search scans a few hundred rows.
    index('campaigns_status_end_date_idx').on(t.status, t.endDate),
    index('campaigns_end_date_idx').on(t.endDate),
    index('campaigns_is_featured_idx').on(t.isFeatured),
    index('campaigns_created_at_id_idx').on(t.createdAt, t.id),
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

/**
 * A donation, written once per successful payment (unique payment_intent_id). This is the part the public
 * campaign pages read; the donations issue extends it (donor contact details, PAN, receipts) in a later
 * migration. Donor contact details must never leave the server through the public campaign routes.
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
    donorName: text('donor_name'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    donationType: text('donation_type').$type<DonationType>().notNull().default('one_time'),
    status: text('status').$type<DonationStatus>().notNull().default('pending'),
    paymentIntentId: text('payment_intent_id').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('donations_amount_check', sql`${t.amount} > 0`),
    check('donations_type_check', sql`${t.donationType} in ${sqlList(DONATION_TYPE_VALUES)}`),
    check('donations_status_check', sql`${t.status} in ${sqlList(DONATION_STATUS_VALUES)}`),
    index('donations_campaign_created_idx').on(t.campaignId, t.createdAt),
  ],
);

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
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').$type<MailStatus>().notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ${sqlList(MAIL_STATUS_VALUES)}`),
    index('mail_outbox_status_created_idx').on(t.status, t.createdAt),
  ],
);
