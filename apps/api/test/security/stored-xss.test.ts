import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, signIn } from '../support/auth.js';
import { describeEachDatabase } from '../support/databases.js';
import { buildSandboxApp, donate, generateInvoice, indianDonation } from '../support/donations.js';
import { pdfText } from '../support/pdf-text.js';
import { createCampaignAsAdmin, createEventAsAdmin, XSS, XSS_CAMPAIGN, XSS_EVENT } from './xss-payloads.js';

// Stored XSS, API side: campaign and event text carrying script and HTML, created through the admin
// API, comes back from the public JSON as the same text (not escaped twice, not stripped, not turned into markup:
// escaping is the renderer's job, and e2e/stored-xss.spec.ts checks the site renders it inert), and the receipt PDF
// of a donation to that campaign shows it letter for letter as text.

describeEachDatabase('stored script and HTML in campaign and event text', (ctx) => {
  let app: FastifyInstance;
  let campaignId: number;
  let eventId: number;

  beforeAll(async () => {
    ({ app } = await buildSandboxApp(ctx));
    const token = await signIn(app, await createUser(ctx.database.db));
    campaignId = await createCampaignAsAdmin(app, token, XSS_CAMPAIGN);
    eventId = await createEventAsAdmin(app, token, XSS_EVENT);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the campaign text as JSON text, exactly as stored', async () => {
    const detail = await app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(detail.json().data.campaign).toMatchObject(XSS_CAMPAIGN);
    // JSON escapes nothing that HTML would need (the payload is data); the browser must not parse it as HTML.
    expect(detail.body).toContain(XSS.script.replaceAll('"', '\\"'));
    expect(detail.headers['x-content-type-options']).toBe('nosniff');

    const list = await app.inject({ method: 'GET', url: '/api/campaigns' });
    const listed = (list.json().data.campaigns as Array<{ id: number; title: string }>).find((c) => c.id === campaignId);
    expect(listed?.title).toBe(XSS_CAMPAIGN.title);
  });

  it('answers the event text as JSON text, exactly as stored', async () => {
    const detail = await app.inject({ method: 'GET', url: `/api/events/${eventId}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(detail.json().data.event).toMatchObject(XSS_EVENT);
    const completed = await app.inject({ method: 'GET', url: '/api/events/completed' });
    const listed = (completed.json().data.events as Array<{ id: number; title: string; description: string }>).find((e) => e.id === eventId);
    expect(listed).toMatchObject({ title: XSS_EVENT.title, description: XSS_EVENT.description });
  });

  it('prints the campaign title and the donor name in the receipt PDF as literal text', async () => {
    const donorName = 'Asha <b>Verma</b>';
    const donation = await donate(app, indianDonation({ campaign_id: campaignId }, { full_name: donorName }));
    const invoice = await generateInvoice(app, donation.donationId, donation.intentId);
    expect(invoice.statusCode, invoice.body).toBe(200);
    const download = await app.inject({ method: 'GET', url: invoice.json().data.invoice.download_url as string });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const text = pdfText(download.rawPayload);
    expect(text).toContain(XSS_CAMPAIGN.title);
    expect(text).toContain(donorName);
  });
});
