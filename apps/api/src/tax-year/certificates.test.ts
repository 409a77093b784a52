import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CERTIFICATE_ZIP_MAX_MB, TAX_YEAR_MESSAGES } from '@charity/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { donations, mailOutbox, taxCertificates } from '../db/schema.js';
import { insertDonations } from '../../test/support/admin-fixtures.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { certificatePdf, withDeclaredSize, zipOf, type CertificateFixture } from '../../test/support/certificates.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { multipart } from '../../test/support/multipart.js';
import { CertificateFiles, certificatesDir } from './certificate-files.js';
import { CERTIFICATE_UPLOAD_RATE_LIMIT } from './certificate-routes.js';
import { otherYearOf, parseCertificateText } from './certificate-text.js';
import { CERTIFICATE_ZIP_LIMITS } from './certificate-zip.js';
import { certificateAttachmentsFor, recordCertificateMailStatus } from './certificates.js';

// Form 10BE certificates end to end on both databases (docs/decisions/028-form-10be-certificates.md):
// staff upload the portal's ZIP, each PDF is read and matched to the year's donor by PAN (matched, replaced,
// unmatched with the reason, rejected), the matched ones are kept privately and mailed once to their donors; a ZIP
// that is not one (junk, empty, a bomb, a path outside, too large) is refused with a sentence and writes nothing.

const YEAR = '2025-26';
const IN_YEAR = new Date('2025-09-15T06:00:00Z');
const ASHA = { pan: 'ABCDE1234F', email: 'asha.verma@example.org', name: 'Asha Verma' };
const RAVI = { pan: 'PQRSK5678L', email: 'ravi.kumar@example.org', name: 'Ravi Kumar' };
/** Gave only in 2024-25. */
const MEERA = { pan: 'LMNOP4321Q', email: 'meera@example.org', name: 'Meera Iyer' };
const ACK_ASHA = '123456789012345';
const ACK_RAVI = '223456789012345';

const cert = (fixture: Partial<CertificateFixture>) =>
  certificatePdf({ donorId: ASHA.pan, acknowledgementNumber: ACK_ASHA, financialYear: YEAR, ...fixture });

describe('reading a 10BE certificate', () => {
  const read = (text: string, fileName = 'certificate.pdf') => parseCertificateText(text, { organisationPan: 'AABTB1234C', fileName });

  it('finds the donor’s PAN (never the organisation’s, nor inside its URN), the labelled acknowledgement number and the year', () => {
    const facts = read(
      'FORM NO. 10BE PAN of the reporting person AABTB1234C URN AABTB1234CF20214 Date of issuance of URN 28-03-2022 ' +
        'Unique identification number of the donor ABCDE1234F Amount 12,500 Financial year in which donation is received 2025-26 ' +
        'Acknowledgement Number of Form 10BD : 123456789012345',
    );
    expect(facts).toEqual({ pan: 'ABCDE1234F', aadhaar: null, acknowledgementNumber: '123456789012345', financialYears: ['2025-26'], labelledFinancialYear: '2025-26' });
  });

  it('reads an assessment year as the financial year before it, and ARN as the acknowledgement', () => {
    const facts = read('Assessment Year 2026-27 ABCDE1234F ARN: 987654321098765');
    expect(facts).toMatchObject({ acknowledgementNumber: '987654321098765', financialYears: ['2025-26'], labelledFinancialYear: null });
    expect(otherYearOf(facts, '2025-26')).toBeNull();
    expect(otherYearOf(facts, '2026-27')).toBe('2025-26');
  });

  it('takes an approval’s validity (several years) as no year, and a dated URN as none at all', () => {
    const facts = read('Approval valid from AY 2022-23 to 2026-27 issued 2021-05-28 ABCDE1234F Acknowledgement 123456789012345');
    expect(facts.financialYears).toEqual(['2021-22', '2026-27']);
    expect(otherYearOf(facts, '2026-27')).toBeNull();
  });

  it('falls back to the file name for the PAN and the acknowledgement number, and never reads a 15-digit number as Aadhaar', () => {
    expect(read('Certificate of donation', 'portal/ABCDE1234F_123456789012345.pdf')).toMatchObject({ pan: 'ABCDE1234F', acknowledgementNumber: '123456789012345' });
    expect(read('Unique identification number 2345 6789 0123 Acknowledgement Number 123456789012345')).toMatchObject({ pan: null, aadhaar: '234567890123' });
    expect(read('Acknowledgement Number 123456789012345')).toMatchObject({ pan: null, aadhaar: null });
    // A 12- or 16-digit number by the label is not an acknowledgement number.
    expect(read('ABCDE1234F Acknowledgement Number 1234567890123456').acknowledgementNumber).toBeNull();
  });
});

describeEachDatabase('Form 10BE certificates', (ctx) => {
  let app: FastifyInstance;
  let headers: Record<string, string>;
  let pdfAsha: Buffer;
  let pdfRavi: Buffer;

  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database });
    await insertDonations(ctx.database.db, [
      { donorName: ASHA.name, donorEmail: ASHA.email, donorPan: ASHA.pan, createdAt: IN_YEAR },
      { donorName: ASHA.name, donorEmail: ASHA.email, donorPan: ASHA.pan, createdAt: new Date('2026-03-31T18:00:00Z') },
      // Upper case as typed: donors are found by the lowercased address.
      { donorName: RAVI.name, donorEmail: 'Ravi.Kumar@Example.org', donorPan: RAVI.pan, createdAt: new Date('2025-04-01T00:00:00+05:30') },
      { donorName: MEERA.name, donorEmail: MEERA.email, donorPan: MEERA.pan, createdAt: new Date('2025-03-31T23:59:00+05:30') },
      // Not completed: not a donor of the year.
      { donorName: 'Failed Gift', donorEmail: 'failed@example.org', donorPan: 'FGHIJ1234K', createdAt: IN_YEAR, status: 'failed' },
    ]);
    pdfAsha = await cert({});
    pdfRavi = await cert({ donorId: RAVI.pan, acknowledgementNumber: ACK_RAVI, donorName: RAVI.name, acknowledgementAt: 'foot', yearStyle: 'assessment' });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await ctx.database.db.delete(taxCertificates);
    await ctx.database.db.delete(mailOutbox);
    // Rows are cleared by hand, so their files too: each test starts with none.
    rmSync(certificatesDir(ctx.config.dataDir), { recursive: true, force: true });
    headers = await staff();
  });

  /** A signed-in staff member of their own: uploads and sends are rate-limited per person. */
  async function staff() {
    return bearer(await signIn(app, await createUser(ctx.database.db)));
  }
  const upload = (zip: Buffer, as = headers, year = YEAR, filename = 'certificates.zip') => {
    const form = multipart({ file: { filename, contentType: 'application/zip', data: zip } });
    return app.inject({ method: 'POST', url: `/api/admin/tax-year/${year}/certificates`, payload: form.payload, headers: { ...form.headers, ...as } });
  };
  const send = (as = headers) => app.inject({ method: 'POST', url: `/api/admin/tax-year/${YEAR}/certificates/send`, headers: as });
  const rows = () => ctx.database.db.select().from(taxCertificates).orderBy(taxCertificates.pan);
  const storedFiles = () => {
    const dir = path.join(certificatesDir(ctx.config.dataDir), YEAR);
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };

  it('matches each file of the portal’s ZIP to the year’s donor, keeps the matched ones privately and says why the rest were not', async () => {
    const zip = zipOf({
      'ABCDE1234F.pdf': pdfAsha,
      '10BE/ravi.pdf': pdfRavi,
      'unknown.pdf': await cert({ donorId: 'ZZZZZ9999Z' }),
      'meera.pdf': await cert({ donorId: MEERA.pan }),
      'failed.pdf': await cert({ donorId: 'FGHIJ1234K' }),
      'last-year.pdf': await cert({ financialYear: '2024-25' }),
      'no-ack.pdf': await cert({ donorId: RAVI.pan, acknowledgementNumber: null }),
      'no-id.pdf': await cert({ donorId: null }),
      'aadhaar.pdf': await cert({ donorId: '234567890123' }),
      'notes.txt': 'Downloaded from the portal on 2 June.',
      'broken.pdf': '%PDF-1.7\n%garbage that is no PDF at all\n',
      '__MACOSX/._ABCDE1234F.pdf': 'resource fork',
      '.DS_Store': 'finder',
    });
    const response = await upload(zip);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe('2 certificates matched, 9 not matched.');
    const none = { donor_email: null, pan: null, acknowledgement_number: null, reason: null };
    expect(body.data).toEqual({
      financial_year: YEAR,
      matched: 2,
      unmatched: 6,
      rejected: 3,
      files: [
        { ...none, file_name: 'ABCDE1234F.pdf', outcome: 'matched', donor_email: ASHA.email, pan: ASHA.pan, acknowledgement_number: ACK_ASHA },
        { ...none, file_name: '10BE/ravi.pdf', outcome: 'matched', donor_email: RAVI.email, pan: RAVI.pan, acknowledgement_number: ACK_RAVI },
        { ...none, file_name: 'unknown.pdf', outcome: 'unmatched', pan: 'ZZZZZ9999Z', acknowledgement_number: ACK_ASHA, reason: TAX_YEAR_MESSAGES.noDonorForPan },
        { ...none, file_name: 'meera.pdf', outcome: 'unmatched', pan: MEERA.pan, acknowledgement_number: ACK_ASHA, reason: TAX_YEAR_MESSAGES.noDonorForPan },
        { ...none, file_name: 'failed.pdf', outcome: 'unmatched', pan: 'FGHIJ1234K', acknowledgement_number: ACK_ASHA, reason: TAX_YEAR_MESSAGES.noDonorForPan },
        { ...none, file_name: 'last-year.pdf', outcome: 'rejected', pan: ASHA.pan, acknowledgement_number: ACK_ASHA, reason: 'This certificate is for another financial year (2024-25).' },
        { ...none, file_name: 'no-ack.pdf', outcome: 'unmatched', pan: RAVI.pan, reason: TAX_YEAR_MESSAGES.noAckInFile },
        { ...none, file_name: 'no-id.pdf', outcome: 'unmatched', acknowledgement_number: ACK_ASHA, reason: TAX_YEAR_MESSAGES.noPanInFile },
        { ...none, file_name: 'aadhaar.pdf', outcome: 'unmatched', acknowledgement_number: ACK_ASHA, reason: TAX_YEAR_MESSAGES.noDonorForAadhaar },
        { ...none, file_name: 'notes.txt', outcome: 'rejected', reason: TAX_YEAR_MESSAGES.fileNotPdf },
        { ...none, file_name: 'broken.pdf', outcome: 'rejected', reason: TAX_YEAR_MESSAGES.fileUnreadable },
      ],
    });

    const kept = await rows();
    expect(kept.map(({ financialYear, pan, donorEmail, acknowledgementNumber, fileName, mailStatus, sentAt, mailOutboxId }) => ({ financialYear, pan, donorEmail, acknowledgementNumber, fileName, mailStatus, sentAt, mailOutboxId }))).toEqual([
      { financialYear: YEAR, pan: ASHA.pan, donorEmail: ASHA.email, acknowledgementNumber: ACK_ASHA, fileName: 'ABCDE1234F.pdf', mailStatus: null, sentAt: null, mailOutboxId: null },
      { financialYear: YEAR, pan: RAVI.pan, donorEmail: RAVI.email, acknowledgementNumber: ACK_RAVI, fileName: 'ravi.pdf', mailStatus: null, sentAt: null, mailOutboxId: null },
    ]);
    expect(kept.every((row) => row.uploadedBy !== null)).toBe(true);
    // Kept under DATA_DIR/certificates, byte for byte, and nothing under the public uploads.
    expect(storedFiles()).toEqual(kept.map((row) => row.storageKey.split('/')[1]).sort());
    const [attachment] = await certificateAttachmentsFor(ctx.database.db, kept[0]!.id, new CertificateFiles(certificatesDir(ctx.config.dataDir)));
    expect(attachment).toMatchObject({ filename: `Form-10BE-${YEAR}-${ASHA.pan}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.compare(attachment!.content, pdfAsha)).toBe(0);
    expect(existsSync(ctx.config.uploadsDir) ? readdirSync(ctx.config.uploadsDir, { recursive: true }) : []).toEqual([]);
  });

  it('downloads a certificate for staff only, as an attachment never cached', async () => {
    expect((await upload(zipOf({ 'a.pdf': pdfAsha }))).statusCode).toBe(200);
    for (const pan of [ASHA.pan, ASHA.pan.toLowerCase()]) {
      const response = await app.inject({ method: 'GET', url: `/api/admin/tax-year/${YEAR}/certificates/${pan}.pdf`, headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="Form-10BE-${YEAR}-${ASHA.pan}.pdf"`);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(Buffer.compare(response.rawPayload, pdfAsha)).toBe(0);
    }
    const anonymous = await app.inject({ method: 'GET', url: `/api/admin/tax-year/${YEAR}/certificates/${ASHA.pan}.pdf` });
    expect(anonymous.statusCode).toBe(401);
    for (const url of [`/api/admin/tax-year/${YEAR}/certificates/${RAVI.pan}.pdf`, `/api/admin/tax-year/2024-25/certificates/${ASHA.pan}.pdf`, `/api/admin/tax-year/${YEAR}/certificates/..%2F..%2Fdb.pdf`]) {
      const missing = await app.inject({ method: 'GET', url, headers });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toEqual({ success: false, message: TAX_YEAR_MESSAGES.certificateNotFound });
    }
    const badYear = await app.inject({ method: 'GET', url: `/api/admin/tax-year/2025/certificates/${ASHA.pan}.pdf`, headers });
    expect(badYear.json()).toEqual({ success: false, message: TAX_YEAR_MESSAGES.invalidYear });
  });

  it('mails each certificate once with its PDF; a replaced certificate is sent again, the old file gone', async () => {
    expect((await upload(zipOf({ 'a.pdf': pdfAsha, 'r.pdf': pdfRavi }))).statusCode).toBe(200);
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, message: 'Certificates queued for 2 donors.', data: { queued: 2 } });
    await app.mailer.idle();
    const mails = await ctx.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    const certificates = await rows();
    expect(mails.map(({ to, subject, attachments, status, taxCertificateId }) => ({ to, subject, attachments, status, taxCertificateId }))).toEqual([
      {
        to: ASHA.email,
        subject: `Your Form 10BE certificate for ${YEAR} — Bright Beginnings Foundation`,
        attachments: [{ filename: `Form-10BE-${YEAR}-${ASHA.pan}.pdf`, contentType: 'application/pdf', size: pdfAsha.length }],
        status: 'stored',
        taxCertificateId: certificates[0]!.id,
      },
      {
        to: RAVI.email,
        subject: `Your Form 10BE certificate for ${YEAR} — Bright Beginnings Foundation`,
        attachments: [{ filename: `Form-10BE-${YEAR}-${RAVI.pan}.pdf`, contentType: 'application/pdf', size: pdfRavi.length }],
        status: 'stored',
        taxCertificateId: certificates[1]!.id,
      },
    ]);
    expect(mails[0]!.text).toContain('Dear Asha Verma,');
    expect(mails[0]!.text).toContain('certificate of donation in Form No. 10BE');
    expect(mails[0]!.text).toContain('section 80G');
    expect(mails[0]!.text).toContain(`Acknowledgement number of the statement: ${ACK_ASHA}`);
    expect(certificates.map((row) => [row.mailStatus, row.mailOutboxId, row.sentAt !== null])).toEqual([
      ['stored', mails[0]!.id, true],
      ['stored', mails[1]!.id, true],
    ]);

    // Nothing left to send.
    const again = await send();
    expect(again.json()).toEqual({ success: true, message: TAX_YEAR_MESSAGES.certificatesNone, data: { queued: 0 } });
    expect(await ctx.database.db.select().from(mailOutbox)).toHaveLength(2);

    // The portal's corrected certificate for Asha replaces hers: a new file, its mail to be sent again.
    const oldKey = certificates[0]!.storageKey;
    const corrected = await cert({ acknowledgementNumber: '323456789012345', amount: '15,000' });
    const replaced = await upload(zipOf({ 'asha-revised.pdf': corrected }));
    expect(replaced.json().message).toBe('1 certificate matched, 0 not matched.');
    expect(replaced.json().data.files).toEqual([
      { file_name: 'asha-revised.pdf', outcome: 'replaced', donor_email: ASHA.email, pan: ASHA.pan, acknowledgement_number: '323456789012345', reason: null },
    ]);
    const [asha, ravi] = await rows();
    expect(asha).toMatchObject({ acknowledgementNumber: '323456789012345', fileName: 'asha-revised.pdf', mailStatus: null, mailOutboxId: null, sentAt: null });
    expect(asha!.storageKey).not.toBe(oldKey);
    expect(ravi).toMatchObject({ mailStatus: 'stored' });
    expect(storedFiles()).toEqual([asha!.storageKey, ravi!.storageKey].map((key) => key.split('/')[1]).sort());

    const resend = await send();
    expect(resend.json().message).toBe('Certificate queued for 1 donor.');
    const last = (await ctx.database.db.select().from(mailOutbox).orderBy(mailOutbox.id)).at(-1)!;
    expect(last).toMatchObject({ to: ASHA.email, taxCertificateId: asha!.id });
    expect(last.attachments).toEqual([{ filename: `Form-10BE-${YEAR}-${ASHA.pan}.pdf`, contentType: 'application/pdf', size: corrected.length }]);
  });

  it('never mails a donor twice when two sends run at once', async () => {
    expect((await upload(zipOf({ 'a.pdf': pdfAsha, 'r.pdf': pdfRavi }))).statusCode).toBe(200);
    const other = await staff();
    const answers = await Promise.all([send(), send(other), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().data.queued).sort()).toEqual([0, 0, 2]);
    const mails = await ctx.database.db.select().from(mailOutbox);
    expect(mails.map((m) => m.to).sort()).toEqual([ASHA.email, RAVI.email]);
  });

  it('keeps the mail status of a certificate’s current mail only, and sends a failed one again', async () => {
    expect((await upload(zipOf({ 'a.pdf': pdfAsha }))).statusCode).toBe(200);
    await send();
    const [row] = await rows();
    await recordCertificateMailStatus(ctx.database.db, { outboxId: row!.mailOutboxId! + 100, receiptId: null, taxCertificateId: row!.id, status: 'sent' });
    expect((await rows())[0]!.mailStatus).toBe('stored');
    await recordCertificateMailStatus(ctx.database.db, { outboxId: row!.mailOutboxId!, receiptId: null, taxCertificateId: row!.id, status: 'failed' });
    expect((await rows())[0]!.mailStatus).toBe('failed');
    await ctx.database.db.update(mailOutbox).set({ status: 'failed', nextAttemptAt: new Date(Date.now() + 60_000) }).where(eq(mailOutbox.id, row!.mailOutboxId!));
    const retry = await send();
    expect(retry.json().message).toBe('Certificate queued for 1 donor.');
    // The old mail's scheduled retry is called off: the donor gets the new mail, not both.
    const [old] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.mailOutboxId!));
    expect(old!.nextAttemptAt).toBeNull();
  });

  describe('refuses what is not a ZIP of certificates with a sentence, writing nothing', () => {
    async function expectRefused(response: Awaited<ReturnType<typeof upload>>, status: number, message: string) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ success: false, message });
      expect(await rows()).toEqual([]);
      expect(storedFiles()).toEqual([]);
      expect(Number((await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]!.n)).toBe(0);
    }

    it('junk, an empty archive, paths outside, a bomb, too many entries', async () => {
      const pdf = pdfAsha;
      const cases: Array<[string, Buffer, string]> = [
        ['not a zip', Buffer.from('%PDF-1.7 this is a PDF, not a ZIP'), TAX_YEAR_MESSAGES.zipInvalid],
        ['a zip header and then junk', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]), TAX_YEAR_MESSAGES.zipInvalid],
        ['an empty archive', Buffer.from(zipSync({})), TAX_YEAR_MESSAGES.zipEmpty],
        ['only folders and clutter', zipOf({ 'folder/': new Uint8Array(0), '__MACOSX/._a.pdf': 'x' }), TAX_YEAR_MESSAGES.zipEmpty],
        ['a path outside', zipOf({ 'a.pdf': pdf, '../../evil.pdf': pdf }), TAX_YEAR_MESSAGES.zipInvalid],
        ['an absolute path', zipOf({ '/etc/evil.pdf': pdf }), TAX_YEAR_MESSAGES.zipInvalid],
        ['a bomb (declares 300 MB)', withDeclaredSize(zipOf({ 'a.pdf': pdf }), 300 * 1024 * 1024), TAX_YEAR_MESSAGES.zipInvalid],
        [
          'too many entries',
          zipOf(Object.fromEntries(Array.from({ length: CERTIFICATE_ZIP_LIMITS.entries + 1 }, (_, i) => [`f${i}.txt`, 'x']))),
          TAX_YEAR_MESSAGES.zipInvalid,
        ],
      ];
      for (const [label, zip, message] of cases) {
        const response = await upload(zip, await staff());
        expect({ label, status: response.statusCode, body: response.json() }).toEqual({ label, status: 400, body: { success: false, message } });
      }
      await expectRefused(await upload(Buffer.from('junk'), await staff()), 400, TAX_YEAR_MESSAGES.zipInvalid);
    });

    it('a file over the limit (413), no file, not a form, a bad or future year', async () => {
      const big = Buffer.alloc((CERTIFICATE_ZIP_MAX_MB + 1) * 1024 * 1024, 1);
      big.write('PK\u0003\u0004', 0, 'latin1');
      await expectRefused(await upload(big, await staff()), 413, `The ZIP file is larger than ${CERTIFICATE_ZIP_MAX_MB} MB.`);

      const noFile = multipart({ note: 'no file' });
      const empty = await app.inject({ method: 'POST', url: `/api/admin/tax-year/${YEAR}/certificates`, payload: noFile.payload, headers: { ...noFile.headers, ...(await staff()) } });
      await expectRefused(empty, 400, TAX_YEAR_MESSAGES.zipRequired);
      const twoFiles = multipart({ file: [{ filename: 'a.zip', contentType: 'application/zip', data: zipOf({ 'a.pdf': pdfAsha }) }, { filename: 'b.zip', contentType: 'application/zip', data: zipOf({ 'b.pdf': pdfRavi }) }] });
      const two = await app.inject({ method: 'POST', url: `/api/admin/tax-year/${YEAR}/certificates`, payload: twoFiles.payload, headers: { ...twoFiles.headers, ...(await staff()) } });
      await expectRefused(two, 400, TAX_YEAR_MESSAGES.zipRequired);
      const json = await app.inject({ method: 'POST', url: `/api/admin/tax-year/${YEAR}/certificates`, payload: { file: 'x' }, headers: await staff() });
      await expectRefused(json, 415, TAX_YEAR_MESSAGES.zipRequired);

      const zip = zipOf({ 'a.pdf': pdfAsha });
      await expectRefused(await upload(zip, await staff(), '2025-27'), 400, TAX_YEAR_MESSAGES.invalidYear);
      await expectRefused(await upload(zip, await staff(), 'x'), 400, TAX_YEAR_MESSAGES.invalidYear);
      await expectRefused(await upload(zip, await staff(), '2099-00'), 400, TAX_YEAR_MESSAGES.futureYear);
      const anonymous = await upload(zip, {});
      expect(anonymous.statusCode).toBe(401);
      expect(await rows()).toEqual([]);
    });

    it('an upload whose database write fails leaves no file behind', async () => {
      // The table made briefly unwritable: the files written for the upload are removed again.
      await ctx.database.db.execute(sql.raw(`alter table tax_certificates add constraint tax_certificates_fail_test check (pan <> '${ASHA.pan}')`));
      try {
        const response = await upload(zipOf({ 'r.pdf': pdfRavi, 'a.pdf': pdfAsha }));
        expect(response.statusCode).toBe(500);
        expect(await rows()).toEqual([]);
        expect(storedFiles()).toEqual([]);
      } finally {
        await ctx.database.db.execute(sql`alter table tax_certificates drop constraint tax_certificates_fail_test`);
      }
    });

    it('is rate-limited per staff member', async () => {
      const zip = zipOf({ 'notes.txt': 'x' });
      const statuses: number[] = [];
      for (let i = 0; i <= CERTIFICATE_UPLOAD_RATE_LIMIT.max; i += 1) statuses.push((await upload(zip)).statusCode);
      expect(statuses).toEqual([...Array<number>(CERTIFICATE_UPLOAD_RATE_LIMIT.max).fill(200), 429]);
      const limited = await upload(zip);
      expect(limited.json()).toEqual({ success: false, message: TAX_YEAR_MESSAGES.certificatesTooMany });
      // The donations are untouched by all of it.
      expect((await ctx.database.db.select().from(donations)).length).toBe(5);
    });
  });
});
