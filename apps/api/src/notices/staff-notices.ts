import { formatCurrency, formatMinor, ORGANISATION, organisationDay, organisationDayEnd, organisationDayStart, addDays } from '@charity/domain';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/open.js';
import { donations, organisation, paymentFailures, refunds, staffNoticeRuns } from '../db/schema.js';
import type { MailMessage } from '../mail/mailer.js';

// Notices to staff (docs/decisions/025-staff-notices.md): a failed refund, a lapsed monthly gift and a daily summary
// (the new contact message's notice is the contact route's own, sent to the same address). All go to STAFF_NOTICES_TO,
// else the organisation's e-mail, through the outbox like every mail (kept there without SMTP), each with a link to
// the admin screen that shows what it is about. A notice never holds up or fails what it reports on: a failure to
// record one is logged.

/** Where staff notices go: STAFF_NOTICES_TO, else the organisation's address as an admin keeps it, else the built-in one. */
export async function staffAddress(db: Database, configured: string | null): Promise<string> {
  if (configured) return configured;
  const [row] = await db.select({ email: organisation.email }).from(organisation).where(eq(organisation.id, 1)).limit(1);
  return row?.email || ORGANISATION.email;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface Notice {
  subject: string;
  lines: string[];
  rows: Array<[string, string]>;
  /** Absolute link to the admin screen about it. */
  link: { text: string; url: string };
}

/** A notice as a mail: plain text and HTML saying the same, everything escaped. */
export function noticeMail(notice: Notice, to: string): MailMessage {
  const text = [...notice.lines, '', ...notice.rows.map(([k, v]) => `${k}: ${v}`), '', `${notice.link.text}: ${notice.link.url}`].join('\n');
  const html = `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">
${notice.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<table>${notice.rows.map(([k, v]) => `<tr><th align="left" style="padding-right: 1em">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p><a href="${escapeHtml(notice.link.url)}">${escapeHtml(notice.link.text)}</a></p>
</body></html>`;
  return { to, subject: notice.subject.replace(/[\r\n]+/g, ' '), text, html };
}

async function send(app: FastifyInstance, notice: Notice, what: string): Promise<void> {
  try {
    const to = await staffAddress(app.db, app.config.staffNoticesTo);
    await app.mailer.send(noticeMail(notice, to));
  } catch (error) {
    app.log.error({ err: error, notice: what }, 'could not record a staff notice');
  }
}

export async function noticeFailedRefund(
  app: FastifyInstance,
  refund: { id: number; donationId: number; amountMinor: number; currency: string; failureReason: string | null; noteNumber: string | null },
): Promise<void> {
  const rows: Array<[string, string]> = [
    ['Donation', `#${refund.donationId}`],
    ['Amount', formatMinor(refund.amountMinor, refund.currency)],
    ['Provider’s reason', refund.failureReason ?? 'not given'],
  ];
  if (refund.noteNumber) rows.push(['Note already issued', refund.noteNumber]);
  await send(
    app,
    {
      subject: `Refund failed: ${formatMinor(refund.amountMinor, refund.currency)} of donation #${refund.donationId}`,
      lines: [
        'A refund did not reach the donor: the money stays with the charity and the donation counts again in the totals.',
        'Contact the donor to arrange another way to return it, or refund it again from the donation.',
      ],
      rows,
      link: { text: 'Open the donation', url: `${app.config.publicBaseUrl}/admin/donations?donation=${refund.donationId}` },
    },
    'failed refund',
  );
}

export async function noticeLapsedGift(
  app: FastifyInstance,
  gift: { id: number; donorName: string | null; donorEmail: string; amount: number; currency: string; failureReason?: string | null },
): Promise<void> {
  await send(
    app,
    {
      subject: `Monthly gift lapsed: ${gift.donorName ?? gift.donorEmail}, ${formatCurrency(gift.amount, gift.currency)} a month`,
      lines: ['A monthly gift has lapsed after its last payment retry failed. The donor has been told and sent a link to give again.'],
      rows: [
        ['Donor', `${gift.donorName ?? 'not given'} <${gift.donorEmail}>`],
        ['Monthly amount', formatCurrency(gift.amount, gift.currency)],
        ['Last failure', gift.failureReason ?? 'not given'],
      ],
      link: { text: 'Open the monthly gifts', url: `${app.config.publicBaseUrl}/admin/recurring?status=lapsed&search=${encodeURIComponent(gift.donorEmail)}` },
    },
    'lapsed gift',
  );
}

export interface DailyFigures {
  day: string;
  donations: number;
  amountInr: number;
  failures: number;
  refunds: number;
  refundedInr: number;
}

/** The figures of one organisation day (IST): completed donations net of refunds, failed payments, refunds. */
export async function dailyFigures(db: Database, day: string): Promise<DailyFigures> {
  const start = organisationDayStart(day);
  const end = organisationDayEnd(day);
  const [given] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      inr: sql<string>`coalesce(sum(${donations.amountInr} - ${donations.refundedInr}), 0)`.mapWith(Number),
    })
    .from(donations)
    .where(and(eq(donations.status, 'completed'), gte(donations.createdAt, start), lt(donations.createdAt, end)));
  const [failed] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(paymentFailures)
    .where(and(gte(paymentFailures.createdAt, start), lt(paymentFailures.createdAt, end)));
  const [refunded] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number), inr: sql<string>`coalesce(sum(${refunds.amountInr}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.status, 'succeeded'), gte(refunds.createdAt, start), lt(refunds.createdAt, end)));
  return {
    day,
    donations: given?.count ?? 0,
    amountInr: given?.inr ?? 0,
    failures: failed?.count ?? 0,
    refunds: refunded?.count ?? 0,
    refundedInr: refunded?.inr ?? 0,
  };
}

/**
 * Yesterday's summary (in the organisation's time), sent once per day whatever the number of processes: the day is
 * claimed in staff_notice_runs first, and only the process whose insert took it sends. Answers whether it sent.
 */
export async function sendDailySummary(app: FastifyInstance, now = new Date()): Promise<boolean> {
  const day = addDays(organisationDay(now), -1);
  // Read before the claim: a failing read leaves the day unclaimed, for the next run.
  const figures = await dailyFigures(app.db, day);
  const [claimed] = await app.db
    .insert(staffNoticeRuns)
    .values({ kind: 'daily-summary', day })
    .onConflictDoNothing()
    .returning({ day: staffNoticeRuns.day });
  if (!claimed) return false;
  await send(
    app,
    {
      subject: `Daily summary for ${day}: ${figures.donations} donation${figures.donations === 1 ? '' : 's'}, ${formatCurrency(figures.amountInr, 'INR')}`,
      lines: [`What happened on ${day} (India time).`],
      rows: [
        ['Donations', String(figures.donations)],
        ['Amount (INR, net of refunds)', formatCurrency(figures.amountInr, 'INR')],
        ['Failed payments', String(figures.failures)],
        ['Refunds', `${figures.refunds} (${formatCurrency(figures.refundedInr, 'INR')})`],
      ],
      link: { text: 'Open the dashboard', url: `${app.config.publicBaseUrl}/admin` },
    },
    'daily summary',
  );
  return true;
}
