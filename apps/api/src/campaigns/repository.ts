import { campaignSlugBase, numberedSlug } from '@charity/domain';
import type { CAMPAIGN_LIST_STATUSES, CAMPAIGN_SORTS } from '@charity/domain/contract';
import { and, count, desc, eq, getTableColumns, gt, ilike, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { campaigns, donations, type CampaignStatus } from '../db/schema.js';

// Every campaign query the API makes. Filters follow the display status of spec section 4, evaluated in SQL
// against one `now` chosen by the caller (the request's clock), so the database and @charity/domain's
// campaignDisplayStatus / isCampaignActive always agree (campaign-filters.test.ts holds them to it).

export type CampaignRow = typeof campaigns.$inferSelect;

/** The list's status filter and sort orders: the wire contract's (packages/domain/src/contract/campaigns.ts). */
export type CampaignListStatus = (typeof CAMPAIGN_LIST_STATUSES)[number];
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

export interface CampaignListFilters {
  status: CampaignListStatus;
  /** With status 'all': drafts too (admins only; the route checks). */
  includeDrafts: boolean;
  featured?: boolean;
  category?: string;
  search?: string;
  sort: CampaignSort;
  page: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** `%`, `_` and `\` in a search term match themselves, not "anything". */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An end date at or before now has passed (domain: hasCampaignEnded); no end date never ends. */
function ended(now: Date): SQL {
  return and(isNotNull(campaigns.endDate), lte(campaigns.endDate, now))!;
}

function notEnded(now: Date): SQL {
  return or(isNull(campaigns.endDate), gt(campaigns.endDate, now))!;
}

/**
 * The display-status filter. Drafts never appear under active, completed or paused, even once their end date
 * has passed (campaignDisplayStatus would call such a draft 'Completed', but it was never published);
 * 'draft' lists every draft whatever its dates, for admins preparing them.
 */
export function statusCondition(status: CampaignListStatus, includeDrafts: boolean, now: Date): SQL | undefined {
  switch (status) {
    case 'active':
      return and(eq(campaigns.status, 'active'), notEnded(now));
    case 'paused':
      return and(eq(campaigns.status, 'paused'), notEnded(now));
    case 'completed':
      return and(ne(campaigns.status, 'draft'), or(eq(campaigns.status, 'completed'), ended(now)));
    case 'draft':
      return eq(campaigns.status, 'draft');
    case 'all':
      return includeDrafts ? undefined : ne(campaigns.status, 'draft');
  }
}

function listConditions(filters: CampaignListFilters, now: Date): SQL | undefined {
  const conditions: Array<SQL | undefined> = [statusCondition(filters.status, filters.includeDrafts, now)];
  if (filters.featured !== undefined) conditions.push(eq(campaigns.isFeatured, filters.featured));
  if (filters.category) conditions.push(eq(sql`lower(${campaigns.category})`, filters.category.toLowerCase()));
  if (filters.search) {
    // Parameterised ILIKE (case-insensitive) over title and description; wildcards in the term are escaped.
    const pattern = `%${escapeLike(filters.search)}%`;
    conditions.push(or(ilike(campaigns.title, pattern), ilike(campaigns.description, pattern)));
  }
  return and(...conditions);
}

function ordering(sort: CampaignSort): SQL[] {
  // Every order ends on id, so pages never repeat or skip a campaign when other values tie.
  switch (sort) {
    case 'ending_soon':
      return [sql`${campaigns.endDate} asc nulls last`, desc(campaigns.id)];
    case 'most_funded':
      return [desc(campaigns.raisedAmount), desc(campaigns.id)];
    case 'newest':
      return [desc(campaigns.createdAt), desc(campaigns.id)];
  }
}

export async function listCampaigns(db: Database, filters: CampaignListFilters, now: Date): Promise<Page<CampaignRow>> {
  const where = listConditions(filters, now);
  // The total rides along on each row (a window count), so a page usually costs one query; only a page past
  // the end (no rows to carry it) needs a separate count.
  const rows = await db
    .select({ ...getTableColumns(campaigns), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(campaigns)
    .where(where)
    .orderBy(...ordering(filters.sort))
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filters.page > 1) {
    const [row] = await db.select({ n: count() }).from(campaigns).where(where);
    total = row?.n ?? 0;
  }
  return { items: rows.map(({ total: _total, ...campaign }) => campaign), total };
}

/** One campaign; drafts only when asked for (admins). */
export async function findCampaign(db: Database, id: number, { includeDrafts = false } = {}): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(includeDrafts ? eq(campaigns.id, id) : and(eq(campaigns.id, id), ne(campaigns.status, 'draft')))
    .limit(1);
  return row ?? null;
}

export interface CampaignValues {
  title: string;
  description: string;
  status: CampaignStatus;
  isFeatured: boolean;
  category: string;
  targetAmount: number;
  startDate: Date | null;
  endDate: Date | null;
  imageUrl: string | null;
  /** Raised outside the website, entered by staff; part of the shown figures (schema.ts). */
  offlineAmount?: number;
  offlineDonationCount?: number;
}

/** The campaign at /campaigns/{slug}; drafts only for an admin, as findCampaign. */
export async function findCampaignBySlug(db: Database, slug: string, { includeDrafts = false } = {}): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(includeDrafts ? eq(campaigns.slug, slug) : and(eq(campaigns.slug, slug), ne(campaigns.status, 'draft')))
    .limit(1);
  return row ?? null;
}

/** Tries before giving up on a free slug: only campaigns created at the same moment with the same title compete. */
const SLUG_TRIES = 5;

/**
 * Inserts a campaign under the first free slug of its title (campaignSlugBase, then -2, -3…). The unique index decides
 * between two inserts racing for the same slug: the loser takes the next number.
 */
export async function insertCampaign(db: Database, values: CampaignValues): Promise<CampaignRow> {
  const base = campaignSlugBase(values.title);
  for (let attempt = 0; attempt < SLUG_TRIES; attempt += 1) {
    const taken = await db
      .select({ slug: campaigns.slug })
      .from(campaigns)
      .where(or(eq(campaigns.slug, base), sql`${campaigns.slug} like ${`${base.slice(0, 50)}%`}`));
    const used = new Set(taken.map((row) => row.slug));
    let n = 1;
    while (used.has(numberedSlug(base, n))) n += 1;
    const [row] = await db
      .insert(campaigns)
      // A new campaign has no online donations: its shown figures are its offline ones.
      .values({ ...values, slug: numberedSlug(base, n), raisedAmount: values.offlineAmount ?? 0, donationCount: values.offlineDonationCount ?? 0 })
      .onConflictDoNothing({ target: campaigns.slug })
      .returning();
    if (row) return row;
  }
  throw new Error(`No free slug for a campaign titled like "${base}" after ${SLUG_TRIES} tries.`);
}

export async function updateCampaign(db: Database, id: number, values: Partial<typeof campaigns.$inferInsert>): Promise<CampaignRow | null> {
  const { raisedAmount: _raised, donationCount: _count, ...rest } = values;
  // A new offline figure moves the shown one by the difference, in the same statement (the right-hand sides read the
  // row as it was), so a donation completing at the same moment is neither lost nor counted twice.
  const set: Record<string, unknown> = { ...rest };
  if (values.offlineAmount !== undefined) {
    set.raisedAmount = sql`${campaigns.raisedAmount} - ${campaigns.offlineAmount} + ${values.offlineAmount}::numeric`;
  }
  if (values.offlineDonationCount !== undefined) {
    set.donationCount = sql`${campaigns.donationCount} - ${campaigns.offlineDonationCount} + ${values.offlineDonationCount}::int`;
  }
  const [row] = await db.update(campaigns).set(set).where(eq(campaigns.id, id)).returning();
  return row ?? null;
}

export async function deleteCampaign(db: Database, id: number): Promise<CampaignRow | null> {
  const [row] = await db.delete(campaigns).where(eq(campaigns.id, id)).returning();
  return row ?? null;
}

export async function countDonations(db: Database, campaignId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(donations).where(eq(donations.campaignId, campaignId));
  return row?.n ?? 0;
}

/** What the public may see of a donation: never email, phone, PAN or address (the table holds none yet). */
export interface PublicDonationRow {
  id: number;
  amount: number;
  currency: string;
  donorName: string | null;
  isAnonymous: boolean;
  showFirstName: boolean;
  donationType: string;
  createdAt: Date;
}

/** Completed donations to a campaign, newest first. */
export async function listCampaignDonations(
  db: Database,
  campaignId: number,
  { page, limit }: { page: number; limit: number },
): Promise<Page<PublicDonationRow>> {
  const where = and(eq(donations.campaignId, campaignId), eq(donations.status, 'completed'));
  const rows = await db
    .select({
      id: donations.id,
      amount: donations.amount,
      currency: donations.currency,
      donorName: donations.donorName,
      isAnonymous: donations.isAnonymous,
      showFirstName: donations.showFirstName,
      donationType: donations.donationType,
      createdAt: donations.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(donations)
    .where(where)
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(limit)
    .offset((page - 1) * limit);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [row] = await db.select({ n: count() }).from(donations).where(where);
    total = row?.n ?? 0;
  }
  return { items: rows.map(({ total: _total, ...donation }) => donation), total };
}
