import { TEST_CARDS } from '@charity/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, confirm, createIntent, generateInvoice, indianDonation, nextIp, saveAfterPayment, type SandboxApp } from '../../test/support/donations.js';

// A whole donation as the browser makes it (create the intent, confirm with the test card, save, ask for the
// receipt, download it) with every log line captured at the most verbose level: the flow works end to end,
// and nothing that identifies a card, a payment's client secret, a receipt's download token or the donor's
// PAN, phone or address ever reaches the log.

describeEachDatabase('a full sandbox donation', (ctx) => {
  const lines: string[] = [];
  let sandboxApp: SandboxApp;

  beforeAll(async () => {
    sandboxApp = await buildSandboxApp(ctx, { logger: createLogger('trace', { write: (line: string) => void lines.push(line) }) });
  });
  afterAll(async () => {
    await sandboxApp?.app.close();
  });

  it('goes from the card to the receipt, and logs no card data or secrets', async () => {
    const { app } = sandboxApp;
    const ip = nextIp();
    const data = indianDonation();
    // A careless client sending card details along: they are ignored, and never logged.
    const created = await app.inject({
      method: 'POST',
      url: '/api/payments/create-intent',
      payload: { donation_data: data, payment_method_id: TEST_CARDS.visa.paymentMethod, card: { number: TEST_CARDS.visa.number, cvc: '314', exp: '12/34' } },
      remoteAddress: ip,
    });
    expect(created.statusCode).toBe(200);
    const { client_secret: clientSecret, payment_intent_id: intentId } = created.json().data;
    expect((await confirm(app, clientSecret, TEST_CARDS.visa.paymentMethod, ip)).json().data.payment_intent.status).toBe('succeeded');
    const saved = await saveAfterPayment(app, data, intentId);
    expect([200, 201]).toContain(saved.statusCode); // the webhook may have been first
    const donationId = saved.json().data.donation.id;
    const invoice = await generateInvoice(app, donationId, intentId, ip);
    expect(invoice.statusCode).toBe(200);
    const download = await app.inject({ method: 'GET', url: invoice.json().data.invoice.download_url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // A declined card too.
    const declined = await createIntent(app, indianDonation({ amount: 500 }), TEST_CARDS.declined.paymentMethod, ip);
    await confirm(app, declined.json().data.client_secret, TEST_CARDS.declined.paymentMethod, ip);
    await app.payments.idle();
    expect(sandboxApp.deliveryErrors).toEqual([]);

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10); // the capture works
    expect(log).toContain('payment intent created');
    expect(log).toContain('payment failed');
    const token = new URL(invoice.json().data.invoice.download_url, 'http://x').searchParams.get('token')!;
    for (const secret of [TEST_CARDS.visa.number, '"cvc"', clientSecret, token, 'ABCDE1234F', '9876543210', '100 Feet Road']) {
      expect(log, secret).not.toContain(secret);
    }
    // Short digit runs (last four, CVC) as values of their own: inside a timestamp or a hex id they are chance, not a leak.
    for (const digits of ['4242', '314']) expect(log, digits).not.toMatch(new RegExp(`(^|[^0-9A-Za-z])${digits}([^0-9A-Za-z]|$)`));
    expect(log.replace(/"time":\d+/g, '')).not.toMatch(/\b\d{13,19}\b/); // nothing shaped like a card number
    expect(log.split('"msg":"payment failed"')).toHaveLength(2); // once, though seen by confirm and webhook
  });
});
