import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAX_YEAR_MESSAGES, type CertificateUploadResult } from '@charity/domain';
import { createAdminTestClient } from '../../../test/admin-test-client';
import { startFakeTaxYearApi, taxDonorFixture, type FakeTaxYearApi } from '../../../test/fake-tax-year-api';
import { parseCertificateUpload, parseTaxYearSummary } from '../api/admin-tax-year-api';
import { FIRST_TAX_YEAR, taxYearFromSearch, taxYearSearch } from '../url';
import { ADMIN_TAX_YEAR_MESSAGES, createAdminTaxYearStore } from './admin-tax-year-store';

// /admin/tax-year's store against a real HTTP server (test/fake-tax-year-api.ts) through the site's real ky client
// with the staff's bearer token: the year's summary, Form 10BD's CSV and its refusals, the statements run, the ZIP
// upload (multipart, never retried), sending the certificates, a donor's PDFs and recording a donor's PAN.

let fake: FakeTaxYearApi;
beforeAll(async () => {
  fake = await startFakeTaxYearApi();
});
afterAll(() => fake.close());

const YEAR = '2026-27';
const YEAR_PATH = `/api/admin/tax-year/${YEAR}`;

const UPLOAD: CertificateUploadResult = {
  financial_year: YEAR,
  matched: 1,
  unmatched: 1,
  rejected: 0,
  files: [
    { file_name: 'ABCPR1234K.pdf', outcome: 'matched', donor_email: 'asha.rao@example.org', pan: 'ABCPR1234K', acknowledgement_number: '123456789012', reason: null },
    { file_name: 'ZZZPX0000Z.pdf', outcome: 'unmatched', donor_email: null, pan: 'ZZZPX0000Z', acknowledgement_number: '998877665544', reason: TAX_YEAR_MESSAGES.noDonorForPan },
  ],
};

let t: ReturnType<typeof createAdminTestClient>;
let store: ReturnType<typeof createAdminTaxYearStore>;
beforeEach(() => {
  fake.reset();
  fake.state.donors.set(YEAR, [
    taxDonorFixture('Asha Rao', { pan: 'ABCPR1234K', donations: 3, gross_inr_minor: 1_500_000, net_inr_minor: 1_500_000 }),
    taxDonorFixture('Rahul Mehta', { pan: 'BNZPM2501F', gross_inr_minor: 500_000, refunded_inr_minor: 200_000, net_inr_minor: 300_000 }),
    taxDonorFixture('Priya Nair', { pan: null, donations: 2, gross_inr_minor: 1_000_050, net_inr_minor: 1_000_050 }),
  ]);
  fake.state.donors.set('2024-25', [taxDonorFixture('Meera Iyer', { pan: null, net_inr_minor: 250_000 })]);
  t = createAdminTestClient(fake.baseUrl);
  store = createAdminTaxYearStore({ client: t.client, notify: t.notify, log: t.log });
});

const state = () => store.getState();
const zip = (bytes = 'PK\u0003\u0004 certificates') => new File([bytes], '10BE_2026-27.zip', { type: 'application/zip' });

describe('the year', () => {
  it('GET /api/admin/tax-year/{year} with the bearer token: the figures, net of refunds, in paise', async () => {
    expect(state().status).toBe('loading');
    await expect(state().load(YEAR)).resolves.toBe(true);
    expect(state()).toMatchObject({ year: YEAR, status: 'ready', loadError: null });
    expect(state().summary).toMatchObject({
      financial_year: YEAR,
      form_10bd_due: '2027-05-31',
      eligible: { donors: 3, donations: 6, net_inr_minor: 2_800_050, refunded_inr_minor: 200_000 },
      with_pan: { donors: 2, net_inr_minor: 1_800_000 },
      without_pan: { donors: 1, net_inr_minor: 1_000_050 },
    });
    expect(state().summary?.donors.map((d) => d.name)).toEqual(['Asha Rao', 'Rahul Mehta', 'Priya Nair']);
    expect(fake.requests('GET', YEAR_PATH)[0]?.authorization).toBe('Bearer admin-token');
  });

  it("a year not begun: the server's 400 sentence as the load error, no toast", async () => {
    await expect(state().load('2027-28')).resolves.toBe(false);
    expect(state()).toMatchObject({ status: 'error', summary: null, loadError: TAX_YEAR_MESSAGES.futureYear });
    expect(fake.requests('GET', '/api/admin/tax-year/2027-28')).toHaveLength(1);
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.globalToast).not.toHaveBeenCalled();
  });

  it("a server failure: 'Failed to load the financial year' once, after the client's retries; reload tries again", async () => {
    fake.failures.set(`GET ${YEAR_PATH}`, { status: 500 });
    await expect(state().load(YEAR)).resolves.toBe(false);
    expect(state()).toMatchObject({ status: 'error', loadError: ADMIN_TAX_YEAR_MESSAGES.loadFailed });
    expect(fake.requests('GET', YEAR_PATH)).toHaveLength(3);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', ADMIN_TAX_YEAR_MESSAGES.loadFailed);
    fake.failures.clear();
    await expect(state().reload()).resolves.toBe(true);
    expect(state().status).toBe('ready');
  });

  it('no reply at all: the same console sentence', async () => {
    fake.failures.set(`GET ${YEAR_PATH}`, 'drop');
    await state().load(YEAR);
    expect(state()).toMatchObject({ status: 'error', loadError: ADMIN_TAX_YEAR_MESSAGES.loadFailed });
  });

  it('another year chosen quickly: only the newest answer is shown', async () => {
    fake.failures.set(`GET ${YEAR_PATH}`, { delayMs: 150 });
    const slow = state().load(YEAR);
    await vi.waitFor(() => expect(fake.requests('GET', YEAR_PATH)).toHaveLength(1));
    await state().load('2024-25');
    await slow;
    expect(state().summary?.financial_year).toBe('2024-25');
    expect(state().year).toBe('2024-25');
  });

  it('a 401 clears the session through the client', async () => {
    t.expireToken();
    await state().load(YEAR);
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('Form 10BD', () => {
  it('GET …/form-10bd.csv: the file, named by the server; no message', async () => {
    await state().load(YEAR);
    const download = await state().exportCsv();
    expect(download?.fileName).toBe('form-10bd-2026-27.csv');
    expect(await download?.blob.text()).toBe('Sl. No.,PAN,Name,Amount\n1,ABCPR1234K,Asha Rao,15000\n2,BNZPM2501F,Rahul Mehta,3000');
    expect(state()).toMatchObject({ busy: null, message: null });
    expect(fake.requests('GET', `${YEAR_PATH}/form-10bd.csv`)[0]?.authorization).toBe('Bearer admin-token');
  });

  it("refused (409, no donor gave a PAN): the server's sentence in the section, nothing downloaded, no toast", async () => {
    await state().load('2024-25');
    await expect(state().exportCsv()).resolves.toBeNull();
    expect(state().message).toEqual({ action: 'export', tone: 'error', text: TAX_YEAR_MESSAGES.noDonorsWithPan });
    expect(state().busy).toBeNull();
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.globalToast).not.toHaveBeenCalled();
  });

  it('refused (409, a year with no donations)', async () => {
    await state().load('2025-26');
    expect(state().summary?.eligible.donations).toBe(0);
    await state().exportCsv();
    expect(state().message?.text).toBe(TAX_YEAR_MESSAGES.noDonations);
  });

  it("no reply: 'Failed to export Form 10BD'", async () => {
    await state().load(YEAR);
    fake.failures.set(`GET ${YEAR_PATH}/form-10bd.csv`, 'drop');
    await state().exportCsv();
    expect(state().message).toEqual({ action: 'export', tone: 'error', text: ADMIN_TAX_YEAR_MESSAGES.exportFailed });
  });

  it('busy while it runs: no other action starts', async () => {
    await state().load(YEAR);
    fake.failures.set(`GET ${YEAR_PATH}/form-10bd.csv`, { delayMs: 80 });
    const running = state().exportCsv();
    expect(state().busy).toBe('export');
    await expect(state().mailStatements()).resolves.toBe(false);
    await running;
    expect(fake.requests('POST', `${YEAR_PATH}/statements`)).toHaveLength(0);
  });
});

describe('annual statements', () => {
  it("POST …/statements: the server's sentence as toast and in the section, the summary replaced", async () => {
    await state().load(YEAR);
    expect(state().summary?.statements.pending).toBe(3);
    await expect(state().mailStatements()).resolves.toBe(true);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', 'Annual statements queued for 3 donors.');
    expect(state().message).toEqual({ action: 'statements', tone: 'success', text: 'Annual statements queued for 3 donors.' });
    expect(state().summary?.donors.map((d) => d.statement?.mail_status)).toEqual(['queued', 'queued', 'queued']);
    expect(fake.requests('GET', YEAR_PATH)).toHaveLength(1);
    await state().mailStatements();
    expect(state().message?.text).toBe(TAX_YEAR_MESSAGES.statementsNone);
  });

  it("no reply: 'Failed to mail the annual statements', and the POST is not repeated", async () => {
    await state().load(YEAR);
    fake.failures.set(`POST ${YEAR_PATH}/statements`, 'drop');
    await expect(state().mailStatements()).resolves.toBe(false);
    expect(state().message).toEqual({ action: 'statements', tone: 'error', text: ADMIN_TAX_YEAR_MESSAGES.statementsFailed });
    expect(fake.requests('POST', `${YEAR_PATH}/statements`)).toHaveLength(1);
    expect(t.notify).not.toHaveBeenCalled();
  });

  it("a donor's statement: GET …/statement.pdf?email=, named by the server; a 404 is the error toast", async () => {
    await state().load(YEAR);
    const asha = state().summary!.donors[0]!;
    const pending = state().downloadStatement(asha);
    expect(state().downloadingEmail).toBe('asha.rao@example.org');
    const download = await pending;
    expect(state().downloadingEmail).toBeNull();
    expect(download?.fileName).toBe('annual-statement-2026-27.pdf');
    expect(await download?.blob.text()).toBe('%PDF-1.7 statement asha.rao@example.org');
    expect(Object.fromEntries(fake.requests('GET', `${YEAR_PATH}/statement.pdf`)[0]!.query)).toEqual({ email: 'asha.rao@example.org' });

    await expect(state().downloadStatement(taxDonorFixture('Nobody Here'))).resolves.toBeNull();
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', TAX_YEAR_MESSAGES.statementNotFound);
  });
});

describe('Form 10BE certificates', () => {
  it('POST …/certificates as multipart `file`: each file’s fate, the sentence, the year read again quietly', async () => {
    fake.state.uploadResult = UPLOAD;
    await state().load(YEAR);
    await expect(state().uploadCertificates(zip())).resolves.toBe(true);
    const [post] = fake.requests('POST', `${YEAR_PATH}/certificates`);
    expect(post?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(post?.body).toContain('Content-Disposition: form-data; name="file"; filename="10BE_2026-27.zip"');
    expect(post?.body).toContain('PK\u0003\u0004 certificates');
    expect(state().uploadResult).toEqual(UPLOAD);
    expect(state().message).toEqual({ action: 'upload', tone: 'success', text: '1 certificate matched, 1 not matched.' });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', '1 certificate matched, 1 not matched.');
    expect(fake.requests('GET', YEAR_PATH)).toHaveLength(2);
    expect(state().status).toBe('ready');
    expect(state().summary?.certificates).toEqual({ uploaded: 1, sent: 0 });
  });

  it("a junk ZIP (400): the server's sentence for the field, nothing changed, the POST sent once", async () => {
    await state().load(YEAR);
    const before = state().summary;
    await expect(state().uploadCertificates(zip('not a zip at all'))).resolves.toBe(false);
    expect(state().message).toEqual({ action: 'upload', tone: 'error', text: TAX_YEAR_MESSAGES.zipInvalid });
    expect(state()).toMatchObject({ busy: null, uploadResult: null });
    expect(state().summary).toBe(before);
    expect(fake.requests('POST', `${YEAR_PATH}/certificates`)).toHaveLength(1);
    expect(t.notify).not.toHaveBeenCalled();
  });

  it('no reply: the console sentence, and the upload is not repeated', async () => {
    await state().load(YEAR);
    fake.failures.set(`POST ${YEAR_PATH}/certificates`, 'drop');
    await state().uploadCertificates(zip());
    expect(state().message).toEqual({ action: 'upload', tone: 'error', text: ADMIN_TAX_YEAR_MESSAGES.uploadFailed });
    expect(fake.requests('POST', `${YEAR_PATH}/certificates`)).toHaveLength(1);
  });

  it("POST …/certificates/send: the server's sentence, and the donors' certificates read again", async () => {
    fake.state.uploadResult = UPLOAD;
    await state().load(YEAR);
    await state().uploadCertificates(zip());
    await expect(state().sendCertificates()).resolves.toBe(true);
    expect(state().message).toEqual({ action: 'certificates', tone: 'success', text: 'Certificate queued for 1 donor.' });
    expect(state().summary?.donors[0]?.certificate?.mail_status).toBe('queued');
    await state().sendCertificates();
    expect(state().message?.text).toBe(TAX_YEAR_MESSAGES.certificatesNone);
  });

  it("a donor's certificate: GET …/certificates/{pan}.pdf; none uploaded is a 404 with its sentence", async () => {
    fake.state.uploadResult = UPLOAD;
    await state().load(YEAR);
    await expect(state().downloadCertificate(state().summary!.donors[0]!)).resolves.toBeNull();
    expect(t.notify).toHaveBeenLastCalledWith('error', TAX_YEAR_MESSAGES.certificateNotFound);
    await state().uploadCertificates(zip());
    const download = await state().downloadCertificate(state().summary!.donors[0]!);
    expect(download?.fileName).toBe('Form-10BE-2026-27-ABCPR1234K.pdf');
    expect(fake.requests('GET', `${YEAR_PATH}/certificates/ABCPR1234K.pdf`)).toHaveLength(2);
  });
});

describe("recording a donor's PAN", () => {
  const PAN_PATH = `${YEAR_PATH}/donors/pan`;

  it("PUT …/donors/pan {email, pan}: the server's sentence as the toast, its summary in place, the donor in 10BD", async () => {
    await state().load(YEAR);
    expect(state().summary?.without_pan).toEqual({ donors: 1, net_inr_minor: 1_000_050 });
    const saving = state().savePan('priya.nair@example.org', 'ABCPN1234Q');
    expect(state()).toMatchObject({ savingPanEmail: 'priya.nair@example.org', panError: null });
    await expect(saving).resolves.toBe(true);
    const [put] = fake.requests('PUT', PAN_PATH);
    expect(put?.authorization).toBe('Bearer admin-token');
    expect(put?.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(put!.body)).toEqual({ email: 'priya.nair@example.org', pan: 'ABCPN1234Q' });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', 'PAN recorded for Priya Nair. They are now in Form 10BD.');
    expect(state()).toMatchObject({ savingPanEmail: null, panError: null, status: 'ready', busy: null, message: null });
    expect(state().summary?.without_pan).toEqual({ donors: 0, net_inr_minor: 0 });
    expect(state().summary?.with_pan).toEqual({ donors: 3, net_inr_minor: 2_800_050 });
    expect(state().summary?.donors.find((d) => d.name === 'Priya Nair')?.pan).toBe('ABCPN1234Q');
    // The reply's summary is shown: the year is not read again.
    expect(fake.requests('GET', YEAR_PATH)).toHaveLength(1);
  });

  it("a malformed PAN (400) or an address not among the year's donors (404): the server's sentence for the dialog, no toast", async () => {
    await state().load(YEAR);
    const before = state().summary;
    await expect(state().savePan('priya.nair@example.org', 'ABCPN1234')).resolves.toBe(false);
    expect(state()).toMatchObject({ savingPanEmail: null, panError: 'Please enter a valid PAN (e.g., ABCDE1234F)' });
    await expect(state().savePan('nobody@example.org', 'ABCPN1234Q')).resolves.toBe(false);
    expect(state().panError).toBe(TAX_YEAR_MESSAGES.donorNotFound);
    expect(state().summary).toBe(before);
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.globalToast).not.toHaveBeenCalled();
    state().clearPanError();
    expect(state().panError).toBeNull();
  });

  it("no reply: the console's sentence in the dialog, and the PUT is not repeated", async () => {
    await state().load(YEAR);
    fake.failures.set(`PUT ${PAN_PATH}`, 'drop');
    await expect(state().savePan('priya.nair@example.org', 'ABCPN1234Q')).resolves.toBe(false);
    expect(state().panError).toBe(ADMIN_TAX_YEAR_MESSAGES.panFailed);
    expect(fake.requests('PUT', PAN_PATH)).toHaveLength(1);
    fake.failures.set(`PUT ${PAN_PATH}`, { status: 503 });
    await state().savePan('priya.nair@example.org', 'ABCPN1234Q');
    expect(state().panError).toBe('Failed to record the PAN. Please try again.');
    expect(fake.requests('PUT', PAN_PATH)).toHaveLength(2);
    expect(t.notify).not.toHaveBeenCalled();
  });

  it('one at a time; an answer for a year left behind writes nothing', async () => {
    await state().load(YEAR);
    fake.failures.set(`PUT ${PAN_PATH}`, { delayMs: 80 });
    const late = state().savePan('priya.nair@example.org', 'ABCPN1234Q');
    await expect(state().savePan('priya.nair@example.org', 'ABCPN1234Q')).resolves.toBe(false);
    await state().load('2024-25');
    await expect(late).resolves.toBe(false);
    expect(fake.requests('PUT', PAN_PATH)).toHaveLength(1);
    expect(state()).toMatchObject({ year: '2024-25', savingPanEmail: null, panError: null });
    expect(state().summary?.financial_year).toBe('2024-25');
    expect(t.notify).not.toHaveBeenCalled();
  });
});

describe('leaving', () => {
  it('an action still on its way when another year is chosen writes nothing', async () => {
    await state().load(YEAR);
    fake.failures.set(`POST ${YEAR_PATH}/statements`, { delayMs: 80 });
    const late = state().mailStatements();
    await state().load('2024-25');
    await late;
    expect(state()).toMatchObject({ year: '2024-25', busy: null, message: null });
    expect(state().summary?.financial_year).toBe('2024-25');
    expect(t.notify).not.toHaveBeenCalled();
  });

  it("reset forgets every donor's data and drops answers still on their way", async () => {
    fake.failures.set(`GET ${YEAR_PATH}`, { delayMs: 80 });
    const late = state().load(YEAR);
    state().reset();
    await late;
    expect(state()).toMatchObject({ year: null, status: 'loading', summary: null });
  });
});

describe('the api module and the URL', () => {
  it('a reply without the summary or its donors is not shown', () => {
    expect(() => parseTaxYearSummary({ success: true, data: { financial_year: YEAR } })).toThrow('The tax year reply has no summary');
    expect(() => parseCertificateUpload({ success: true, data: { matched: 1 } })).toThrow('The certificate upload reply has no list of files');
  });

  it('the year comes from ?year=, else this financial year; a malformed one is ignored', () => {
    const now = new Date('2027-01-15T10:00:00Z');
    expect(taxYearFromSearch(new URLSearchParams('year=2025-26'), now)).toBe('2025-26');
    expect(taxYearFromSearch(new URLSearchParams(''), now)).toBe('2026-27');
    expect(taxYearFromSearch(new URLSearchParams('year=2025-27'), now)).toBe('2026-27');
    expect(taxYearFromSearch(new URLSearchParams('year=<script>'), now)).toBe('2026-27');
    expect(taxYearSearch('2024-25').toString()).toBe('year=2024-25');
    expect(FIRST_TAX_YEAR).toBe('2021-22');
  });
});
