import { eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  donations,
  mailOutbox,
  paymentAttempts,
  paymentFailures,
  receiptCounters,
  receipts,
  receiptTokens,
  sandboxPaymentIntents,
  webhookEvents,
} from '../db/schema.js';
import { financialYear } from '../receipts/receipt-number.js';
import { insertDonation } from '../../test/support/admin-fixtures.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, donate, generateInvoice, indianDonation } from '../../test/support/donations.js';
import { pdfText } from '../../test/support/pdf-text.js';

// Staff's downloads of what donors were sent (issue 20, item 1): GET /api/admin/donations/:id/receipt.pdf (the
// receipt drawn as the donor's download draws it) and GET /api/admin/outbox/:id/attachments/:index (a mail's
// attachment drawn again as the mail sweep draws it), behind the real admin guard, never kept by a cache.

const REQUIRED = { success: false, message: 'Authentication required' };

describeEachDatabase('admin downloads: receipt PDF and outbox attachments', (ctx) => {
  let app: FastifyInstance;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ({ app } = await buildSandboxApp(ctx));
    const user = await createUser(ctx.database.db);
    headers = bearer(await signIn(app, user));
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app.payments.idle();
    await app.mailer.idle();
    const db = ctx.database.db;
    await db.delete(receiptTokens);
    await db.delete(receipts);
    await db.delete(receiptCounters);
    await db.delete(mailOutbox);
    await db.delete(donations);
    await db.delete(paymentFailures);
    await db.delete(paymentAttempts);
    await db.delete(webhookEvents);
    await db.delete(sandboxPaymentIntents);
  });

  const year = financialYear(new Date());
  const get = (url: string, withToken = true) => app.inject({ method: 'GET', url, headers: withToken ? headers : {} });

  /** A donation made and paid through the sandbox, its receipt issued and its mail (with the PDF) in the outbox. */
  async function donationWithReceipt() {
    const { donationId, intentId } = await donate(app, indianDonation());
    const issued = await generateInvoice(app, donationId, intentId);
    expect(issued.statusCode, issued.body).toBe(200);
    await app.payments.idle();
    await app.mailer.idle();
    const number = issued.json().data.invoice.number as string;
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(isNotNull(mailOutbox.receiptId));
    expect(mail?.attachments).toEqual([{ filename: `receipt-BBF-${year}-000001.pdf`, contentType: 'application/pdf', size: expect.any(Number) }]);
    return { donationId, number, mailId: mail!.id };
  }

  function expectPdfDownload(response: Awaited<ReturnType<typeof get>>, fileName: string, number: string) {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(response.rawPayload)).toContain(number);
  }

  it("GET /api/admin/donations/:id/receipt.pdf answers the donation's receipt as a PDF, for staff only", async () => {
    const { donationId, number } = await donationWithReceipt();
    expect(number).toBe(`BBF/${year}/000001`);
    const url = `/api/admin/donations/${donationId}/receipt.pdf`;
    const pdf = await get(url);
    expectPdfDownload(pdf, `receipt-BBF-${year}-000001.pdf`, number);
    expect(pdfText(pdf.rawPayload)).toContain('Asha Verma');

    const anonymous = await get(url, false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(REQUIRED);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const forged = await app.inject({ method: 'GET', url, headers: bearer('not-a-real-token') });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 404 with a sentence for a donation without a receipt or no donation at all, and 400 for a bad id', async () => {
    const pending = await insertDonation(ctx.database.db, { status: 'pending' });
    const none = await get(`/api/admin/donations/${pending.id}/receipt.pdf`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ success: false, message: 'No receipt has been issued for this donation yet.' });
    expect(none.headers['cache-control']).toBe('no-store');

    const missing = await get(`/api/admin/donations/${pending.id + 1000}/receipt.pdf`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Donation not found' });

    const bad = await get('/api/admin/donations/abc/receipt.pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });

  it("GET /api/admin/outbox/:id/attachments/:index answers the mail's attachment, drawn again, for staff only", async () => {
    const { number, mailId } = await donationWithReceipt();
    const url = `/api/admin/outbox/${mailId}/attachments/0`;
    expectPdfDownload(await get(url), `receipt-BBF-${year}-000001.pdf`, number);

    const anonymous = await get(url, false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(REQUIRED);

    const past = await get(`/api/admin/outbox/${mailId}/attachments/1`);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ success: false, message: 'This mail has no such attachment.' });
    const noMail = await get(`/api/admin/outbox/${mailId + 1000}/attachments/0`);
    expect(noMail.statusCode).toBe(404);
    expect(noMail.json()).toEqual({ success: false, message: 'Mail not found' });
    for (const bad of [`/api/admin/outbox/${mailId}/attachments/-1`, `/api/admin/outbox/${mailId}/attachments/x`, '/api/admin/outbox/0/attachments/0']) {
      const response = await get(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it('answers 404 for a mail without attachments, and for one whose document is gone', async () => {
    const [plain, orphan] = await ctx.database.db
      .insert(mailOutbox)
      .values([
        { to: 'staff@example.org', subject: 'New contact message', text: 'Hello', status: 'stored' },
        // Lists a PDF but carries no document to draw it from.
        { to: 'asha.verma@example.org', subject: 'Receipt', text: 'Thank you', status: 'stored', attachments: [{ filename: 'receipt.pdf', contentType: 'application/pdf', size: 10 }] },
      ])
      .returning();
    const none = await get(`/api/admin/outbox/${plain!.id}/attachments/0`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ success: false, message: 'This mail has no such attachment.' });
    const gone = await get(`/api/admin/outbox/${orphan!.id}/attachments/0`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ success: false, message: 'This attachment can no longer be drawn: the document it carried was not found.' });

    // A receipt deleted behind its mail's back (never in the product: receipts are kept) is the same 404, not a 500.
    const { mailId } = await donationWithReceipt();
    await ctx.database.db.update(mailOutbox).set({ receiptId: 2_000_000_000 }).where(eq(mailOutbox.id, mailId));
    const lost = await get(`/api/admin/outbox/${mailId}/attachments/0`);
    expect(lost.statusCode).toBe(404);
    expect(lost.json().message).toBe('This attachment can no longer be drawn: the document it carried was not found.');
  });
});
