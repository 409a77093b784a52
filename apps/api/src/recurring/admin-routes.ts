import { AdminGiftsQuery, AdminGiftsReply, errorReplies, FormBody, IdParams, MessageReply, StaffCancelFields } from '@charity/domain/contract';
import { LISTED_GIFT_STATUSES, RECURRING_MESSAGES, type ListedGiftStatus } from '@charity/domain';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { campaigns, donations, recurringGifts } from '../db/schema.js';
import { HttpError } from '../http-errors.js';
import { cleanText } from '../routes/shared.js';
import { mailGift } from './mails.js';
import { giftById, giftTotals } from './repository.js';
import { cancel } from './use-cases/manage.js';

// Staff's view of monthly gifts (/admin/recurring): the list with its totals, cancelling a gift, and sending the
// donor a fresh management link. Staff can never change a gift's email or amount (a compromised staff account must
// not be able to redirect a donor's payments): no route here does.

const PAGE_SIZE = 20;
const ONGOING = ['active', 'paused', 'past_due'] as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function adminRecurringRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { page?: number; limit?: number; status?: string; search?: string } }>(
    '/admin/recurring',
    {
      onRequest: app.requireAdmin,
      schema: { summary: 'Monthly gifts, newest first, with their totals', querystring: AdminGiftsQuery, response: { 200: AdminGiftsReply, ...errorReplies(401, 403) } },
    },
    async (request) => {
      const page = Math.max(1, request.query.page ?? 1);
      const status = LISTED_GIFT_STATUSES.includes(request.query.status as ListedGiftStatus) ? (request.query.status as ListedGiftStatus) : null;
      // Control characters (a NUL, which PostgreSQL cannot hold: the API fuzz's 500) are not text anyone searches for.
      const search = cleanText(request.query.search ?? '', { singleLine: true });
      const conditions: SQL[] = [status ? eq(recurringGifts.status, status) : inArray(recurringGifts.status, [...LISTED_GIFT_STATUSES])];
      if (search) {
        const pattern = `%${escapeLike(search)}%`;
        conditions.push(or(ilike(recurringGifts.donorEmail, pattern), ilike(sql`${recurringGifts.donationData}->'donor'->>'full_name'`, pattern))!);
      }
      const where = and(...conditions);
      const paymentsCount = app.db
        .select({ giftId: donations.recurringGiftId, n: count().as('n') })
        .from(donations)
        .where(eq(donations.status, 'completed'))
        .groupBy(donations.recurringGiftId)
        .as('payments');
      const [rows, [total], totals] = await Promise.all([
        app.db
          .select({ gift: recurringGifts, campaignTitle: campaigns.title, payments: paymentsCount.n })
          .from(recurringGifts)
          .leftJoin(campaigns, eq(campaigns.id, recurringGifts.campaignId))
          .leftJoin(paymentsCount, eq(paymentsCount.giftId, recurringGifts.id))
          .where(where)
          .orderBy(desc(recurringGifts.createdAt), desc(recurringGifts.id))
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE),
        app.db.select({ n: count() }).from(recurringGifts).where(where),
        giftTotals(app.db),
      ]);
      const iso = (date: Date | null) => (date ? date.toISOString() : null);
      const n = total?.n ?? 0;
      return {
        success: true,
        data: {
          gifts: rows.map(({ gift, campaignTitle, payments }) => ({
            id: gift.id,
            status: gift.status,
            donor_name: gift.donationData.donor.full_name,
            donor_email: gift.donorEmail,
            amount: gift.amount,
            currency: gift.currency,
            amount_inr: gift.amountInr,
            campaign_title: campaignTitle,
            started_at: iso(gift.startedAt),
            next_charge_at: (ONGOING as readonly string[]).includes(gift.status) ? iso(gift.nextChargeAt) : null,
            payments_count: Number(payments ?? 0),
            last_failure_reason: gift.lastFailureReason,
            cancelled_at: iso(gift.cancelledAt ?? gift.lapsedAt),
            cancel_reason: gift.cancelReason,
            partner_origin: gift.partnerOrigin,
          })),
          totals,
          pagination: { total: n, current_page: page, total_pages: Math.max(1, Math.ceil(n / PAGE_SIZE)) },
        },
      };
    },
  );

  app.post<{ Params: { id: number }; Body: { reason?: string | null } }>(
    '/admin/recurring/:id/cancel',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Cancel a monthly gift (the donor is told by email)',
        params: IdParams,
        body: FormBody(StaffCancelFields, 'Send the reason as a JSON object.'),
        response: { 200: MessageReply, ...errorReplies(401, 403, 404, 409, 502, 504) },
      },
    },
    async (request) => {
      const gift = await giftById(app.db, request.params.id);
      if (!gift || gift.status === 'incomplete') throw new HttpError(404, RECURRING_MESSAGES.giftNotFound);
      const username = request.auth?.user.username ?? 'staff';
      await cancel(app, gift, request.body?.reason ?? null, `staff:${username}`);
      request.log.info({ admin: request.auth?.user.id, giftId: gift.id }, 'monthly gift cancelled by staff');
      return { success: true, message: RECURRING_MESSAGES.staffCancelled };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/admin/recurring/:id/resend-link',
    {
      onRequest: app.requireAdmin,
      schema: { summary: 'Mail the donor a fresh management link', params: IdParams, response: { 200: MessageReply, ...errorReplies(401, 403, 404) } },
    },
    async (request) => {
      const gift = await giftById(app.db, request.params.id);
      if (!gift || gift.status === 'incomplete') throw new HttpError(404, RECURRING_MESSAGES.giftNotFound);
      await mailGift(app, gift, 'links');
      return { success: true, message: RECURRING_MESSAGES.linkResent };
    },
  );
}


