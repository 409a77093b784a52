import { DAY_MS, TEST_CARDS } from '@charity/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { donations, mailOutbox, staffNoticeRuns } from '../db/schema.js';
import type { SandboxProvider } from '../donations/provider/sandbox-provider.js';
import { SANDBOX_REFUND_FAILURE_DELAY_MS } from '../donations/provider/sandbox-refunds.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, donate, indianDonation, pay, saveAfterPayment } from '../../test/support/donations.js';
import { resetGiftTables } from '../../test/support/monthly-gifts.js';
import { sendDailySummary } from './staff-notices.js';

// Staff notices (docs/decisions/025-staff-notices.md), on both databases, from real flows: a contact message, a refund
// that fails after it succeeded, a monthly gift that lapses after its retries, and the daily summary, sent once
// however many processes try. Each goes to STAFF_NOTICES_TO with a link to the admin screen about it.

const STAFF = 'office@example.org';
const BASE = 'http://localhost:3000';

describeEachDatabase('staff notices', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    ({ app, sandbox } = await buildSandboxApp(ctx, { config: { staffNoticesTo: STAFF, publicBaseUrl: BASE } }));
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app.payments.idle();
    await resetGiftTables(ctx.database.db);
    await ctx.database.db.delete(staffNoticeRuns);
  });

  const settle = async () => {
    await app.payments.idle();
    await sandbox.recurring.idle();
    await app.payments.idle();
  };
  const noticesTo = async () => (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, STAFF)).orderBy(mailOutbox.id));

  it('a new contact message: a notice to the staff address, with the inbox link', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ravi Kumar', email: 'ravi@example.org', phone: '', subject: 'volunteer', message: 'I would like to help on weekends.' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [notice] = await noticesTo();
    expect(notice).toMatchObject({ subject: 'Contact form: Volunteer Opportunities from Ravi Kumar', replyTo: { name: 'Ravi Kumar', address: 'ravi@example.org' } });
    expect(notice!.text).toContain(`Open the inbox: ${BASE}/admin/messages`);
    expect(notice!.html).toContain(`<a href="${BASE}/admin/messages">Open the inbox</a>`);
  });

  it('a refund that fails: staff are told, with the donation’s link and the provider’s reason', async () => {
    const user = await createUser(ctx.database.db);
    const headers = bearer(await signIn(app, user));
    const data = indianDonation({ amount: 2000 });
    const { intentId } = await pay(app, data, TEST_CARDS.refundFails.paymentMethod);
    const donationId = (await saveAfterPayment(app, data, intentId, TEST_CARDS.refundFails.paymentMethod)).json().data.donation.id as number;
    const refunded = await app.inject({ method: 'POST', url: `/api/admin/donations/${donationId}/refunds`, headers, payload: { amount_minor: 200_000, reason: 'Donor cancelled' } });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(await noticesTo()).toEqual([]);

    await sandbox.recurring.advanceClock(SANDBOX_REFUND_FAILURE_DELAY_MS + 1_000);
    await settle();
    const notices = await noticesTo();
    expect(notices.map((n) => n.subject)).toEqual([`Refund failed: ₹2,000 of donation #${donationId}`]);
    expect(notices[0]!.text).toContain('Provider’s reason: expired_or_canceled_card');
    expect(notices[0]!.text).toContain(`Open the donation: ${BASE}/admin/donations?donation=${donationId}`);
  });

  it('a monthly gift that lapses after its retries: staff are told once, with the gifts screen filtered to it', async () => {
    const data = indianDonation({ donation_type: 'monthly', amount: 1000 });
    const { intentId } = await pay(app, data, TEST_CARDS.renewalFails.paymentMethod);
    expect([200, 201]).toContain((await saveAfterPayment(app, data, intentId, TEST_CARDS.renewalFails.paymentMethod)).statusCode);
    await settle();
    // The renewal fails, then its three retries (1, 3 and 7 days later): the last one lapses the gift.
    for (const days of [32, 2, 3, 5]) {
      await sandbox.recurring.advanceClock(days * DAY_MS);
      await settle();
    }
    const notices = await noticesTo();
    expect(notices.map((n) => n.subject)).toEqual(['Monthly gift lapsed: Asha Verma, ₹1,000 a month']);
    expect(notices[0]!.text).toContain(`Open the monthly gifts: ${BASE}/admin/recurring?status=lapsed&search=asha.verma%40example.org`);
  });

  it('the daily summary: yesterday’s figures net of refunds, sent once however many processes try at once', async () => {
    await donate(app, indianDonation({ amount: 1500 }));
    await donate(app, indianDonation({ amount: 500 }));
    const tomorrow = new Date(Date.now() + DAY_MS);
    const tries = await Promise.all([sendDailySummary(app, tomorrow), sendDailySummary(app, tomorrow), sendDailySummary(app, tomorrow)]);
    expect(tries.filter(Boolean)).toHaveLength(1);
    const [summary, ...rest] = await noticesTo();
    expect(rest).toEqual([]);
    expect(summary!.subject).toMatch(/^Daily summary for \d{4}-\d{2}-\d{2}: 2 donations, ₹2,000$/);
    expect(summary!.text).toContain('Amount (INR, net of refunds): ₹2,000');
    expect(summary!.text).toContain(`Open the dashboard: ${BASE}/admin`);
    // The next day's run sends the next day's summary; the same day's again sends nothing.
    expect(await sendDailySummary(app, tomorrow)).toBe(false);
    expect(await ctx.database.db.select().from(donations)).toHaveLength(2);
  });
});
