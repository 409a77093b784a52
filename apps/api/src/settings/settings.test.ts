import { DEMO_ORGANISATION_SETTINGS, ORGANISATION_SETTINGS_MESSAGES as M, type OrganisationSettings } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { organisationSettings } from '../db/schema.js';
import type { SandboxProvider } from '../donations/provider/sandbox-provider.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, donate, generateInvoice, indianDonation, usDonation } from '../../test/support/donations.js';
import { resetGiftTables } from '../../test/support/monthly-gifts.js';
import { pdfPageTexts } from '../../test/support/pdf-text.js';
import { currentOrganisationSettings, seedDemoOrganisationSettings } from './repository.js';

// The organisation settings end to end on both databases (docs/decisions/026-organisation-settings.md): staff read
// and save them (a new version each time, refused field by field in the domain's words, nothing saved when nothing
// changed), the seed's demo values are marked, and receipts and refund notes freeze the version in force when they
// are issued: a new 80G number is on the next receipt, and an earlier receipt downloaded again still shows the old.

const URL = '/api/admin/settings/organisation';
const PAN = DEMO_ORGANISATION_SETTINGS.pan;

/** Settings staff would save: the demo values with an approval that has no end and the given 80G number. */
function realSettings(overrides: Partial<OrganisationSettings> = {}): OrganisationSettings {
  return {
    ...DEMO_ORGANISATION_SETTINGS,
    address: { ...DEMO_ORGANISATION_SETTINGS.address },
    eighty_g_number: `${PAN}F20221`,
    eighty_g_valid_until: null,
    receipt_footer: 'Registered office: Indiranagar, Bengaluru.',
    ...overrides,
  };
}

describeEachDatabase('organisation settings', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;
  let headers: Record<string, string>;
  let staffName: string;

  beforeAll(async () => {
    ({ app, sandbox } = await buildSandboxApp(ctx));
    const user = await createUser(ctx.database.db);
    staffName = user.username;
    headers = bearer(await signIn(app, user));
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app.payments.idle();
    await sandbox.recurring.idle();
    await resetGiftTables(ctx.database.db);
    await ctx.database.db.delete(organisationSettings);
  });

  const get = () => app.inject({ method: 'GET', url: URL, headers });
  const put = (body: unknown) => app.inject({ method: 'PUT', url: URL, headers, payload: body as Record<string, unknown> });
  const versions = () => ctx.database.db.select().from(organisationSettings).orderBy(organisationSettings.id);
  /** The visible text of a PDF, line breaks as spaces. */
  const pdfText = (pdf: Buffer) => pdfPageTexts(pdf).join('\n').replace(/\s+/g, ' ');
  const receiptPdf = async (downloadUrl: string) => {
    const response = await app.inject({ method: 'GET', url: downloadUrl });
    expect(response.statusCode).toBe(200);
    return pdfText(response.rawPayload);
  };
  const issueReceipt = async (data = indianDonation()) => {
    const { donationId, intentId } = await donate(app, data);
    const response = await generateInvoice(app, donationId, intentId);
    expect(response.statusCode, response.body).toBe(200);
    return { donationId, number: response.json().data.invoice.number as string, url: response.json().data.invoice.download_url as string };
  };

  it('answers the demonstration values as version 0 until something is saved; the seed saves them once, marked', async () => {
    const empty = await get();
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('no-store');
    expect(empty.json()).toEqual({
      success: true,
      data: { current: { version: 0, settings: DEMO_ORGANISATION_SETTINGS, is_demo: true, created_at: new Date(0).toISOString(), created_by: null }, history: [] },
    });

    expect(await seedDemoOrganisationSettings(ctx.database.db)).toBe(true);
    expect(await seedDemoOrganisationSettings(ctx.database.db)).toBe(false);
    const rows = await versions();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ settings: DEMO_ORGANISATION_SETTINGS, isDemo: true, createdBy: null });
    const seeded = (await get()).json().data;
    expect(seeded.current).toMatchObject({ version: rows[0]!.id, is_demo: true, settings: DEMO_ORGANISATION_SETTINGS });
    expect(seeded.history).toEqual([seeded.current]);

    // Staff saving the very same values makes them staff's own (no longer demo), as a new version.
    const confirmed = await put(DEMO_ORGANISATION_SETTINGS);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(M.saved);
    expect(confirmed.json().data.current).toMatchObject({ is_demo: false, created_by: staffName, settings: DEMO_ORGANISATION_SETTINGS });
    expect(await versions()).toHaveLength(2);
    // A database with any version is never seeded again.
    expect(await seedDemoOrganisationSettings(ctx.database.db)).toBe(false);
    expect(await versions()).toHaveLength(2);
  });

  it('saves a new version each time (normalised), says when nothing changed, and keeps every version', async () => {
    const first = await put({ ...realSettings(), pan: ` ${PAN.toLowerCase()} `, legal_name: '  Bright Beginnings Foundation ', eighty_g_date: '' });
    expect(first.statusCode, first.body).toBe(200);
    const firstBody = first.json();
    expect(firstBody.success).toBe(true);
    expect(firstBody.message).toBe(M.saved);
    expect(firstBody.data.current).toMatchObject({ is_demo: false, created_by: staffName, settings: { ...realSettings(), eighty_g_date: null } });
    expect(firstBody.data.current.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(firstBody.data.history).toEqual([firstBody.data.current]);

    // The same details, spaced and cased differently: nothing saved.
    const same = await put({ ...realSettings(), eighty_g_number: `  ${PAN.toLowerCase()}f20221 `, eighty_g_date: null });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ success: true, message: M.unchanged, data: { current: firstBody.data.current, history: [firstBody.data.current] } });
    expect(await versions()).toHaveLength(1);

    const second = await put(realSettings({ eighty_g_number: `${PAN}F20261`, signatory_name: 'Meera Iyer' }));
    expect(second.statusCode).toBe(200);
    const { current, history } = second.json().data;
    expect(current.version).toBeGreaterThan(firstBody.data.current.version);
    expect(current.settings).toMatchObject({ eighty_g_number: `${PAN}F20261`, signatory_name: 'Meera Iyer' });
    expect(history.map((v: { version: number }) => v.version)).toEqual([current.version, firstBody.data.current.version]);
    // The earlier version is kept as it was.
    expect(history[1].settings.eighty_g_number).toBe(`${PAN}F20221`);
    expect((await get()).json().data).toEqual({ current, history });
  });

  it('refuses invalid details field by field in the domain’s words and saves nothing', async () => {
    const response = await put(
      realSettings({
        pan: 'ABCPE1234F',
        registration_date: '2026-02-30',
        twelve_a_date: '2999-01-01',
        eighty_g_number: 'ZZZTB1234CF20221',
        eighty_g_valid_from: '2024-04-01',
        eighty_g_valid_until: '2024-03-31',
        address: { ...DEMO_ORGANISATION_SETTINGS.address, pincode: '5600' },
        signatory_title: '  ',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: M.pincodeInvalid,
      errors: {
        'address.pincode': M.pincodeInvalid,
        pan: M.panIndividual,
        registration_date: M.dateInvalid,
        twelve_a_number: M.urnNotPan,
        twelve_a_date: M.dateInFuture,
        eighty_g_number: M.urnNotPan,
        eighty_g_valid_until: M.validUntilBeforeFrom,
        signatory_title: M.signatoryTitleRequired,
      },
    });
    expect(await versions()).toEqual([]);

    // Not the settings' shape at all: refused before the domain's rules, still a 400 with a sentence.
    for (const body of [{}, { ...realSettings(), address: 'Bengaluru' }, { ...realSettings(), legal_name: { text: 'x' } }, { ...realSettings(), pan: 'X'.repeat(5000) }]) {
      const refused = await put(body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.json().success).toBe(false);
      expect(typeof refused.json().message).toBe('string');
    }
    expect(await versions()).toEqual([]);
  });

  it('is for staff only', async () => {
    expect((await app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: URL, payload: realSettings() })).statusCode).toBe(401);
    const user = await createUser(ctx.database.db, { role: 'user' });
    const userHeaders = bearer(await signIn(app, user));
    expect((await app.inject({ method: 'GET', url: URL, headers: userHeaders })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url: URL, headers: userHeaders, payload: realSettings() })).statusCode).toBe(403);
    expect(await versions()).toEqual([]);
  });

  it('puts a new 80G number on the next receipt, while an earlier receipt downloaded again still shows the old one', async () => {
    expect((await put(realSettings())).statusCode).toBe(200);
    const earlier = await issueReceipt();
    const earlierText = await receiptPdf(earlier.url);
    expect(earlierText).toContain(`80G approval (URN): ${PAN}F20221 dated 28 March 2022, valid from 1 April 2022`);
    expect(earlierText).toContain('This donation is eligible for deduction under Section 80G of the Income-tax Act, 1961.');
    expect(earlierText).toContain(`PAN: ${PAN}`);
    expect(earlierText).toContain('Authorised signatory Anita Rao Managing Trustee');
    expect(earlierText).toContain('Registered office: Indiranagar, Bengaluru.');
    expect(earlierText).not.toContain(M.demoDocument);

    const saved = await put(
      realSettings({ eighty_g_number: `${PAN}F20261`, eighty_g_date: '2026-03-30', legal_name: 'Bright Beginnings Foundation Trust', signatory_name: 'Meera Iyer', signatory_title: 'Trustee' }),
    );
    expect(saved.statusCode).toBe(200);
    const next = await issueReceipt(indianDonation({ amount: 2500 }));
    const nextText = await receiptPdf(next.url);
    expect(nextText).toContain(`80G approval (URN): ${PAN}F20261 dated 30 March 2026, valid from 1 April 2022`);
    expect(nextText).toContain('Bright Beginnings Foundation Trust');
    expect(nextText).toContain('Authorised signatory Meera Iyer Trustee');
    expect(nextText).not.toContain(`${PAN}F20221`);

    // The earlier receipt is drawn again from what it froze.
    const again = await receiptPdf(earlier.url);
    expect(again).toBe(earlierText);
    expect(again).not.toContain(`${PAN}F20261`);
    expect(again).not.toContain('Meera Iyer');

    // The mail of the next receipt says the same as its PDF.
    await app.payments.idle();
    const outbox = await ctx.database.db.query.mailOutbox.findMany();
    const mail = outbox.find((m) => m.subject.includes(next.number));
    expect(mail?.text).toContain(`80G approval (URN): ${PAN}F20261 dated 30 March 2026, valid from 1 April 2022`);
    expect(mail?.text).toContain('Authorised signatory\nMeera Iyer\nTrustee\nBright Beginnings Foundation Trust');
  });

  it('promises no 80G deduction for a gift the approval does not cover, and none to a donor outside India', async () => {
    // An approval that begins after today in the organisation's calendar (India is at most 5½ hours ahead of UTC).
    const tomorrow = new Date(Date.now() + 36 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect((await put(realSettings({ eighty_g_valid_from: tomorrow }))).statusCode).toBe(200);
    const indian = await receiptPdf((await issueReceipt()).url);
    expect(indian).not.toContain('Section 80G');
    expect(indian).not.toContain('80G approval');
    expect(indian).toContain(`PAN: ${PAN}`);
    expect((await put(realSettings())).statusCode).toBe(200);
    const foreign = await receiptPdf((await issueReceipt(usDonation())).url);
    expect(foreign).not.toContain('80G approval');
    expect(foreign).toContain(`PAN: ${PAN} 12A registration: ${PAN}E20214`);
  });

  it('marks receipts issued with the demonstration values as not valid for tax purposes', async () => {
    // Nothing saved: version 0, the demo values.
    const unsaved = await issueReceipt();
    expect(await receiptPdf(unsaved.url)).toContain(`Donation Receipt ${M.demoDocument}`);
    await seedDemoOrganisationSettings(ctx.database.db);
    const seeded = await issueReceipt(indianDonation({ amount: 700 }));
    expect(await receiptPdf(seeded.url)).toContain(M.demoDocument);
    expect((await put(realSettings())).statusCode).toBe(200);
    const real = await issueReceipt(indianDonation({ amount: 800 }));
    expect(await receiptPdf(real.url)).not.toContain('Demonstration');
    // The earlier ones keep saying so.
    expect(await receiptPdf(unsaved.url)).toContain(M.demoDocument);
  });

  it('freezes the settings in force on a refund’s note, which stays as issued after the settings change', async () => {
    expect((await put(realSettings())).statusCode).toBe(200);
    const { donationId } = await issueReceipt(indianDonation({ amount: 1500 }));
    const refund = await app.inject({ method: 'POST', url: `/api/admin/donations/${donationId}/refunds`, headers, payload: { amount_minor: 50_000, reason: 'Typed 1500 instead of 1000' } });
    expect(refund.statusCode, refund.body).toBe(201);
    const refundId = refund.json().data.donation.refunds[0].id as number;
    const notePdf = async () => {
      const response = await app.inject({ method: 'GET', url: `/api/admin/refunds/${refundId}/note.pdf`, headers });
      expect(response.statusCode).toBe(200);
      return pdfText(response.rawPayload);
    };
    const before = await notePdf();
    for (const expected of [
      `Registration No. 602 of 2019 PAN: ${PAN}`,
      `12A registration: ${PAN}E20214 80G approval (URN): ${PAN}F20221 dated 28 March 2022`,
      'CREDIT NOTE',
      'Authorised signatory Anita Rao Managing Trustee',
      'Registered office: Indiranagar, Bengaluru.',
    ]) {
      expect(before).toContain(expected);
    }
    expect(before).not.toContain(M.demoDocument);

    expect((await put(realSettings({ eighty_g_number: `${PAN}F20261`, signatory_name: 'Meera Iyer' }))).statusCode).toBe(200);
    expect(await notePdf()).toBe(before);
    expect((await currentOrganisationSettings(ctx.database.db)).settings.signatory_name).toBe('Meera Iyer');
  });
});
