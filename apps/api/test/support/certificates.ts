import { zipSync, type Zippable } from 'fflate';
import PDFDocument from 'pdfkit';

// Form 10BE certificates as the income-tax portal makes them, near enough for the upload's tests and the fuzz: a
// one-page PDF with the form's heading and numbered rows (label on the left, value on the right, as the portal
// draws its table), and the ZIP staff download. Every value can be left out or changed to make a bad certificate.

export interface CertificateFixture {
  /** The donor's unique identification number: a PAN, an Aadhaar number, or null for none. */
  donorId: string | null;
  /** The 10BD acknowledgement number (15 digits), or null for none. */
  acknowledgementNumber: string | null;
  /** '2025-26' */
  financialYear: string;
  donorName?: string;
  amount?: string;
  organisationPan?: string;
  /** Where the acknowledgement number is printed: a heading line (default) or a row at the foot. */
  acknowledgementAt?: 'head' | 'foot';
  /** 'Financial Year' row (default), or only 'Assessment Year' in the heading. */
  yearStyle?: 'financial' | 'assessment';
}

/** The rows of the form, in the notified order. */
function rows(fixture: CertificateFixture): Array<[string, string]> {
  const organisationPan = fixture.organisationPan ?? 'AABTB1234C';
  const list: Array<[string, string]> = [
    ['PAN of the reporting person', organisationPan],
    ['Name of the reporting person', 'Bright Beginnings Foundation'],
    ['Address of the reporting person', '42, 2nd Cross, 5th Main Road, Indiranagar 1st Stage, Bengaluru, Karnataka 560038'],
    ['Unique Registration Number (URN)', `${organisationPan}F20214`],
    ['Date of issuance of URN', '28-Mar-2022'],
    ['Unique identification number of the donor', fixture.donorId ?? ''],
    ['ID code', fixture.donorId && /^\d/.test(fixture.donorId) ? 'Aadhaar Number' : 'Permanent Account Number'],
    ['Name of the donor', fixture.donorName ?? 'Asha Verma'],
    ['Address of the donor', '12, 100 Feet Road, Indiranagar, Bengaluru 560038'],
    ['Amount of donation (Indian rupees)', fixture.amount ?? '12,500'],
  ];
  if ((fixture.yearStyle ?? 'financial') === 'financial') list.push(['Financial year in which donation is received', fixture.financialYear]);
  list.push(
    ['Type of donation', 'Others'],
    ['Section under which donation is eligible for deduction', 'Section 80G'],
    ['Mode of receipt', 'Electronic modes including account payee cheque/draft'],
  );
  return list;
}

/** A 10BE-like certificate as PDF bytes. */
export async function certificatePdf(fixture: CertificateFixture): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: 'Form No. 10BE', CreationDate: new Date('2026-06-02T10:00:00Z') } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  doc.font('Helvetica-Bold').fontSize(13).text('FORM NO. 10BE', { align: 'center' });
  doc.font('Helvetica').fontSize(9).text('[See rule 18AB]', { align: 'center' });
  doc.text(
    'Certificate of donation under clause (ix) of sub-section (5) of section 80G and clause (ii) of sub-section (1A) of section 35 of the Income-tax Act, 1961',
    { align: 'center' },
  );
  doc.moveDown();
  if (fixture.yearStyle === 'assessment') {
    const start = Number(fixture.financialYear.slice(0, 4)) + 1;
    doc.text(`Assessment Year ${start}-${String((start + 1) % 100).padStart(2, '0')}`);
  }
  const ack = fixture.acknowledgementNumber;
  if (ack && (fixture.acknowledgementAt ?? 'head') === 'head') doc.text(`Acknowledgement Number : ${ack}`);
  doc.moveDown();
  // The portal's table: a number, the label, and the value in its own column on the same line.
  let y = doc.y;
  for (const [index, [label, value]] of rows(fixture).entries()) {
    doc.text(String(index + 1), 40, y, { width: 20 });
    doc.text(label, 62, y, { width: 230 });
    doc.text(value, 300, y, { width: 255 });
    y = Math.max(doc.y, y + 14) + 4;
  }
  if (ack && fixture.acknowledgementAt === 'foot') doc.text(`ARN of Form 10BD: ${ack}`, 40, y + 10);
  doc.text('Date of generation of certificate: 02-Jun-2026', 40, y + 30);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A ZIP of the given files (names may hold folders), deflated as the portal's download is. */
export function zipOf(files: Record<string, Uint8Array | string>): Buffer {
  const entries: Zippable = {};
  for (const [name, data] of Object.entries(files)) entries[name] = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return Buffer.from(zipSync(entries, { level: 6, mtime: new Date('2026-06-02T10:00:00Z') }));
}

/**
 * The ZIP with the first central-directory entry's uncompressed size changed to `size` (a bomb declares far more
 * than its few bytes; fflate must refuse it before inflating anything).
 */
export function withDeclaredSize(zip: Buffer, size: number): Buffer {
  const copy = Buffer.from(zip);
  const central = copy.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  if (central < 0) throw new Error('No central directory entry in this ZIP.');
  copy.writeUInt32LE(size, central + 24);
  return copy;
}
