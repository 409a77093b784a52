import { isFinancialYear } from '@charity/domain';
import { getDocumentProxy } from 'unpdf';

// Reading a Form 10BE certificate (docs/decisions/028-form-10be-certificates.md). The income-tax portal
// generates one PDF per donor after Form 10BD is filed: "Certificate of donation under clause (ix) of sub-section (5)
// of section 80G", listing the reporting person's PAN, name, address and approval number (URN, which begins with that
// PAN), the donor's unique identification number (PAN or Aadhaar), name and address, the amount, the financial year,
// the donation type, section and mode, and the acknowledgement number (ARN) of the 10BD it comes from. Nothing here
// trusts the layout: the text is read as one line of words and the values are found by their shape, the labelled
// ones within a few words of their label, so a certificate drawn as a table or as label: value pairs reads the same.

/** 10BE is one page; a file with more is read no further than this (a hostile PDF cannot make us read a thousand). */
export const CERTIFICATE_PAGES_READ = 3;

const PDF_MAGIC = Buffer.from('%PDF-');

/** A PDF starts with %PDF- (the format allows a little junk before it, which some generators write). */
export function looksLikePdf(data: Uint8Array): boolean {
  return Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 1024)).includes(PDF_MAGIC);
}

export class UnreadablePdf extends Error {
  override readonly name = 'UnreadablePdf';
}

/**
 * The text of a PDF's first pages, items separated by spaces (two table cells never run together into one word).
 * Throws UnreadablePdf when PDF.js cannot open it (corrupt, truncated, password-protected).
 */
export async function extractPdfText(data: Uint8Array): Promise<string> {
  // PDF.js may keep (and detach) the buffer it is given: it gets a copy.
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0, isEvalSupported: false, stopAtErrors: true });
  } catch (error) {
    throw new UnreadablePdf(error instanceof Error ? error.message : String(error));
  }
  try {
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, CERTIFICATE_PAGES_READ); number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n');
  } catch (error) {
    throw new UnreadablePdf(error instanceof Error ? error.message : String(error));
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

export interface CertificateFacts {
  /** The donor's PAN (uppercase), or null. */
  pan: string | null;
  /** A 12-digit Aadhaar number when the certificate names the donor by one (and no PAN). */
  aadhaar: string | null;
  /** The 15-digit acknowledgement number (ARN) of the Form 10BD, or null. */
  acknowledgementNumber: string | null;
  /** Every financial year the text names ('2025-26'; an assessment year counted as the financial year before it). */
  financialYears: string[];
  /** The year a 'Financial Year' label names, when there is one: it decides alone. */
  labelledFinancialYear: string | null;
}

const PAN = /\b[A-Z]{5}[0-9]{4}[A-Z]\b/g;
const AADHAAR = /\b[2-9][0-9]{3} ?[0-9]{4} ?[0-9]{4}\b/g;
const ACK_LABEL = /acknowledge?ment|\bARN\b/gi;
/** How far after its label a value is looked for (the label may go on: "Acknowledgement Number of Form 10BD :"). */
const LABEL_REACH = 120;
const YEAR_TEXT = /\b(\d{4}) ?[-–] ?(\d{4}|\d{2})\b(?! ?[-–/.] ?\d)/g;

/** '2025-26' from '2025-26' or '2025-2026'; null when the two halves are not consecutive years. */
function financialYearOf(start: string, end: string): string | null {
  const year = `${start}-${end.slice(-2)}`;
  if (end.length === 4 && Number(end) !== Number(start) + 1) return null;
  return isFinancialYear(year) ? year : null;
}

function previousYear(year: string): string {
  const start = Number(year.slice(0, 4)) - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

function yearsIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(YEAR_TEXT)) {
    const year = financialYearOf(match[1]!, match[2]!);
    if (!year) continue;
    // "Assessment Year 2026-27" (or A.Y.) just before it: the financial year is the one before.
    const before = text.slice(Math.max(0, match.index - 30), match.index);
    found.push(/(assessment\s*year|\bA\.?\s?Y\.?)\s*[:\-–]?\s*$/i.test(before) ? previousYear(year) : year);
  }
  return found;
}

/** The year named right after a "Financial Year" label ("Financial year in which donation is received : 2025-26"). */
function labelledYear(text: string): string | null {
  for (const label of text.matchAll(/financial\s+year|\bF\.\s?Y\.?/gi)) {
    const after = text.slice(label.index + label[0].length, label.index + label[0].length + 60);
    const match = /^[^\d]{0,50}?(\d{4}) ?[-–] ?(\d{4}|\d{2})\b(?! ?[-–/.] ?\d)/.exec(after);
    const year = match ? financialYearOf(match[1]!, match[2]!) : null;
    if (year) return year;
  }
  return null;
}

/** The 15-digit number nearest after an 'Acknowledgement' or 'ARN' label. */
function acknowledgementIn(text: string): string | null {
  for (const label of text.matchAll(ACK_LABEL)) {
    const after = text.slice(label.index + label[0].length, label.index + label[0].length + LABEL_REACH);
    const match = /(?<![0-9])([0-9]{15})(?![0-9])/.exec(after);
    if (match) return match[1]!;
  }
  return null;
}

/** Collapses white space (PDF.js splits and spaces items freely) and removes non-breaking and zero-width spaces. */
export function normaliseText(text: string): string {
  return text
    .replace(/[\u200B-\u200D\uFEFF]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a certificate's text says. The organisation's own PAN (printed as the reporting person's, and at the head of
 * its approval number) is never the donor's; of several other PANs the first is the donor's (the form lists the
 * donor after the reporting person). `fileName` is the fallback for the PAN and the acknowledgement number: the
 * portal's downloads are often named by one of them.
 */
export function parseCertificateText(raw: string, { organisationPan, fileName }: { organisationPan: string; fileName: string }): CertificateFacts {
  const text = normaliseText(raw);
  const own = organisationPan.toUpperCase();
  const pans = [...text.matchAll(PAN)].map((m) => m[0]).filter((pan) => pan !== own);
  const baseName = fileName.split('/').pop()!.replace(/\.pdf$/i, '').toUpperCase();
  const namePans = [...baseName.replace(/[^A-Z0-9]+/g, ' ').matchAll(PAN)].map((m) => m[0]).filter((pan) => pan !== own);
  const pan = pans[0] ?? namePans[0] ?? null;
  const aadhaar = pan ? null : ([...text.matchAll(AADHAAR)].map((m) => m[0].replace(/ /g, ''))[0] ?? null);
  const nameAck = /(?<![0-9])([0-9]{15})(?![0-9])/.exec(baseName)?.[1] ?? null;
  return {
    pan,
    aadhaar,
    acknowledgementNumber: acknowledgementIn(text) ?? nameAck,
    financialYears: [...new Set(yearsIn(text))],
    labelledFinancialYear: labelledYear(text),
  };
}

/**
 * The year a certificate is for when it is not `year`, else null: a 'Financial Year' label decides; without one the
 * certificate is of another year only when it names years and none of them is `year` (an approval's validity,
 * "AY 2022-23 to 2026-27", names several).
 */
export function otherYearOf(facts: CertificateFacts, year: string): string | null {
  if (facts.labelledFinancialYear) return facts.labelledFinancialYear === year ? null : facts.labelledFinancialYear;
  if (facts.financialYears.length === 0 || facts.financialYears.includes(year)) return null;
  return facts.financialYears[0]!;
}
