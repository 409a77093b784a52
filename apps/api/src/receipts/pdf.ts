import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type PDFDocumentClass from 'pdfkit';
import { DOCUMENT_COLOURS } from './document-colours.js';
import { receiptFacts, type ReceiptInput } from './receipt-text.js';

export type { ReceiptInput } from './receipt-text.js';
export { receiptOrganisation } from './receipt-text.js';

// The donation receipt as an A4 PDF: a pure builder (input in, bytes out; no database, no clock).
//
// Text is drawn with DejaVu Sans, embedded as a subset: PDF's built-in fonts cannot draw the rupee sign (₹) or
// most non-Western-European letters in donors' names. Everything a donor typed is cleaned by receiptText first
// (receipt-text.ts) and is only ever drawn as text. The PDF is tagged (headings, paragraphs, a table of label and
// value cells, decorations as artifacts) with its language and title set, so screen readers can read it.

export interface RenderReceiptOptions {
  /** Compress page content (default true). Tests turn it off to read the drawing operators. */
  compress?: boolean;
}

const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

// From source (tsx, Vitest) this file sits in src/receipts next to fonts/; tsup bundles it into dist/server.js or
// dist/cli/admin.js, one or two levels below the package root, and the fonts stay in src/receipts/fonts.
function fontPath(file: string): string {
  const candidates = [`./fonts/${file}`, `../src/receipts/fonts/${file}`, `../../src/receipts/fonts/${file}`].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`Receipt font ${file} not found; looked in: ${candidates.join(', ')}`);
  return found;
}

// PDFKit (with fontkit and its tables) is loaded with the first receipt, not with the server: importing it took a
// tenth of the API's start-up, and a restart (after a crash too) should be back to answering donors at once.
let pdfkit: Promise<typeof PDFDocumentClass> | null = null;
export function loadPdfKit(): Promise<typeof PDFDocumentClass> {
  pdfkit ??= import('pdfkit').then((module) => module.default);
  return pdfkit;
}

let fontCache: { regular: Buffer; bold: Buffer } | null = null;
/** DejaVu Sans, regular and bold (refund notes draw with the receipts' fonts). */
export function fonts(): { regular: Buffer; bold: Buffer } {
  fontCache ??= { regular: readFileSync(fontPath(FONT_FILES.regular)), bold: readFileSync(fontPath(FONT_FILES.bold)) };
  return fontCache;
}

/**
 * The fonts as PDFKit parsed them (fontkit objects), kept after the first receipt. Parsing a TrueType font's tables
 * and glyphs again for every receipt was most of the cost of drawing one (bench/README.md); PDFKit's registerFont
 * takes a parsed font as well as the file's bytes, and each document still embeds its own subset. The parsed font
 * only caches what it has read, so sharing it between documents changes nothing in them.
 */
type ParsedFont = { layout: (...args: never[]) => unknown };
let parsedFonts: { regular: ParsedFont; bold: ParsedFont } | null = null;

/** The font PDFKit parsed for the document's current font (its EmbeddedFont's fontkit font). */
function currentParsedFont(doc: PDFKit.PDFDocument): ParsedFont | null {
  const font = (doc as unknown as { _font?: { font?: ParsedFont } })._font?.font;
  return font && typeof font.layout === 'function' ? font : null;
}

const COLOURS = DOCUMENT_COLOURS;
const PAGE = { margin: 50, bottomMargin: 64 };
const LABEL_WIDTH = 150;
const COLUMN_GAP = 12;
/** The signatory's column, right of the closing thanks. */
const SIGNATORY_WIDTH = 170;

/** Renders the receipt. Rejects (TypeError/RangeError, see receiptFacts) when the input cannot make a true receipt. */
export async function renderReceiptPdf(input: ReceiptInput, options: RenderReceiptOptions = {}): Promise<Buffer> {
  const facts = receiptFacts(input);
  const fontData = fonts();
  const PDFDocument = await loadPdfKit();

  const doc = new PDFDocument({
    // No default font: PDFKit would otherwise parse Helvetica's metrics file for every receipt, which never uses it.
    font: null as unknown as string,
    size: 'A4',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottomMargin },
    compress: options.compress ?? true,
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `Donation receipt ${facts.receiptNumber}`,
      Author: facts.organisation.name,
      Subject: `Receipt for a donation to ${facts.organisation.name}`,
      Creator: facts.organisation.name,
      CreationDate: input.issuedAt,
      ModDate: input.issuedAt,
    },
  });

  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // PDFKit's types list only paths and bytes; at run time it also takes a parsed font (anything with layout()).
  type FontSource = Parameters<typeof doc.registerFont>[1];
  doc.registerFont('Regular', (parsedFonts?.regular ?? fontData.regular) as FontSource);
  doc.registerFont('Bold', (parsedFonts?.bold ?? fontData.bold) as FontSource);
  // Both fonts are taken up in this order in every document, so they get the same names inside it (F1, F2) whether
  // or not this process drew a receipt before: the same receipt is the same file, byte for byte, from any process
  // (a restored site's downloads equal the original's; docs/decisions/042-backups.md).
  const regular = currentParsedFont(doc.font('Regular'));
  const bold = currentParsedFont(doc.font('Bold'));
  if (!parsedFonts && regular && bold) parsedFonts = { regular, bold };

  const left = PAGE.margin;
  const width = doc.page.width - PAGE.margin * 2;
  const root = doc.struct('Document');
  doc.addStructure(root);

  /** Decorations (rules, panel backgrounds) are artifacts: screen readers skip them. */
  const decorate = (draw: () => void) => {
    doc.markContent('Artifact', { type: 'Layout' });
    draw();
    doc.endMarkedContent();
  };
  const rule = (y: number) =>
    decorate(() => doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.75).strokeColor(COLOURS.rule).stroke());

  // Organisation header. A long legal name is set smaller (down to 13 pt) to stay on one line where it can, so that
  // it does not push the receipt onto a second page.
  doc.font('Bold');
  let nameSize = 18;
  while (nameSize > 13 && doc.fontSize(nameSize).widthOfString(facts.organisation.name) > width) nameSize -= 1;
  doc.fontSize(nameSize).fillColor(COLOURS.brand).text(facts.organisation.name, left, PAGE.margin, { width, structParent: root, structType: 'H1' });
  doc.moveDown(0.2);
  doc.font('Regular').fontSize(9.5).fillColor(COLOURS.muted);
  for (const line of [
    facts.organisation.address,
    `Email: ${facts.organisation.email}   Phone: ${facts.organisation.phone}`,
    [facts.organisation.registration, facts.organisation.pan, facts.organisation.twelveA, facts.organisation.approvals].filter(Boolean).join('   '),
  ]) {
    if (line) doc.text(line, left, doc.y, { width, structParent: root });
  }
  doc.moveDown(0.6);
  rule(doc.y);
  doc.moveDown(0.9);

  doc.font('Bold').fontSize(15).fillColor(COLOURS.text).text('Donation Receipt', left, doc.y, { width, structParent: root, structType: 'H2' });
  if (facts.demoNotice) {
    // Made-up details must never pass for real ones: said where the reader starts, in a colour of its own.
    doc.moveDown(0.2);
    doc.font('Bold').fontSize(9.5).fillColor(COLOURS.warning).text(facts.demoNotice, left, doc.y, { width, structParent: root });
  }
  doc.moveDown(0.5);

  /**
   * Starts a new page unless `height` more points fit on this one. PDFKit breaks pages inside a single text call
   * by itself, but a table row is two calls side by side and the 80G panel is a box drawn before its text: those
   * must move to the next page whole.
   */
  const ensureSpace = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };

  /** A table of label (TH) and value (TD) rows; values wrap within their column. */
  const table = (rows: Array<[string, string, { bold?: boolean }?]>) => {
    const tableStruct = doc.struct('Table');
    root.add(tableStruct);
    const valueWidth = width - LABEL_WIDTH - COLUMN_GAP;
    for (const [label, value, style] of rows) {
      doc.font('Bold').fontSize(10);
      const labelHeight = doc.heightOfString(label, { width: LABEL_WIDTH });
      doc.font(style?.bold ? 'Bold' : 'Regular').fontSize(style?.bold ? 12 : 10);
      ensureSpace(Math.max(labelHeight, doc.heightOfString(value, { width: valueWidth })));
      const y = doc.y;
      const row = doc.struct('TR');
      tableStruct.add(row);
      // A larger value (the amount) sits on the same baseline as its label.
      const labelY = style?.bold ? y + 2 : y;
      doc.font('Bold').fontSize(10).fillColor(COLOURS.muted).text(label, left, labelY, { width: LABEL_WIDTH, structParent: row, structType: 'TH' });
      const labelBottom = doc.y;
      doc
        .font(style?.bold ? 'Bold' : 'Regular')
        .fontSize(style?.bold ? 12 : 10)
        .fillColor(COLOURS.text)
        .text(value, left + LABEL_WIDTH + COLUMN_GAP, y, { width: valueWidth, structParent: row, structType: 'TD' });
      row.end();
      doc.x = left;
      doc.y = Math.max(labelBottom, doc.y) + 5;
    }
    tableStruct.end();
  };

  const sectionHeading = (title: string) => {
    doc.moveDown(0.6);
    ensureSpace(40); // the heading and at least its first row
    doc.font('Bold').fontSize(11.5).fillColor(COLOURS.brand).text(title, left, doc.y, { width, structParent: root, structType: 'H3' });
    doc.moveDown(0.35);
  };

  table([
    ['Receipt number', facts.receiptNumber, { bold: true }],
    ['Receipt date', facts.receiptDate],
    ['Donation date', facts.donationDate],
  ]);

  sectionHeading('Received with thanks from');
  table([
    ['Name', facts.donor.name],
    ['Address', facts.donor.addressLines.join('\n')],
    ['Email', facts.donor.email],
  ]);

  sectionHeading('Donation');
  const amountRows: Array<[string, string, { bold?: boolean }?]> = [['Amount', facts.amountFigures, { bold: true }]];
  if (facts.amountWords) amountRows.push(['Amount in words', facts.amountWords]);
  amountRows.push(['Currency', facts.currency]);
  if (facts.amountInr) amountRows.push(['Equivalent in INR', facts.amountInr]);
  amountRows.push(['Donation type', facts.donationType], ['Towards', facts.purpose], ['Payment method', 'Card, paid online'], ['Payment reference', facts.paymentReference]);
  table(amountRows);

  if (facts.eightyG) {
    const g = facts.eightyG;
    const lines = [g.eligibility, g.approvalNumber, g.pan, g.panRequest].filter((l): l is string => l !== null);
    doc.moveDown(0.8);
    const padding = 10;
    const innerWidth = width - padding * 2;
    doc.font('Regular').fontSize(10);
    const bodyHeight = lines.reduce((sum, line) => sum + doc.heightOfString(line, { width: innerWidth }) + 3, 0);
    doc.font('Bold').fontSize(11);
    const headingHeight = doc.heightOfString('Income-tax deduction (Section 80G)', { width: innerWidth }) + 4;
    ensureSpace(bodyHeight + headingHeight + padding * 2);
    const top = doc.y;
    decorate(() =>
      doc
        .roundedRect(left, top, width, bodyHeight + headingHeight + padding * 2, 4)
        .lineWidth(0.75)
        .fillAndStroke(COLOURS.panel, COLOURS.panelBorder),
    );
    doc.fillColor(COLOURS.brand).text('Income-tax deduction (Section 80G)', left + padding, top + padding, { width: innerWidth, structParent: root, structType: 'H3' });
    doc.moveDown(0.2);
    doc.font('Regular').fontSize(10).fillColor(COLOURS.text);
    for (const line of lines) {
      doc.text(line, left + padding, doc.y, { width: innerWidth, structParent: root });
      doc.moveDown(0.15);
    }
    doc.x = left;
    doc.y = top + bodyHeight + headingHeight + padding * 2;
  }

  // The closing: thanks and the computer-generated note on the left, the signatory beside them on the right (receipts
  // issued with the organisation settings), kept together on one page; the settings' footer text below, full width.
  doc.moveDown(1);
  const thanks = `Thank you for your generous support. Your gift helps ${facts.organisation.name} care for children and their families.`;
  const generated = 'This is a computer-generated receipt and does not need a signature.';
  const signatoryWidth = facts.signatory ? SIGNATORY_WIDTH : 0;
  const closingWidth = facts.signatory ? width - signatoryWidth - COLUMN_GAP * 2 : width;
  const signatoryLines: Array<[string, 'Regular' | 'Bold', number, string]> = facts.signatory
    ? [
        ['Authorised signatory', 'Regular', 9, COLOURS.muted],
        [facts.signatory.name, 'Bold', 10, COLOURS.text],
        ...(facts.signatory.title ? [[facts.signatory.title, 'Regular', 10, COLOURS.text] as [string, 'Regular', number, string]] : []),
      ]
    : [];
  const heightOf = (text: string, font: 'Regular' | 'Bold', size: number, columnWidth: number) => doc.font(font).fontSize(size).heightOfString(text, { width: columnWidth });
  const leftHeight = heightOf(thanks, 'Regular', 10, closingWidth) + doc.currentLineHeight() * 0.5 + heightOf(generated, 'Regular', 9, closingWidth);
  const rightHeight = signatoryLines.reduce((sum, [text, font, size]) => sum + heightOf(text, font, size, signatoryWidth), 0);
  ensureSpace(Math.max(leftHeight, rightHeight));
  const closingTop = doc.y;
  doc.font('Regular').fontSize(10).fillColor(COLOURS.text).text(thanks, left, closingTop, { width: closingWidth, structParent: root });
  doc.moveDown(0.5);
  doc.fillColor(COLOURS.muted).fontSize(9).text(generated, left, doc.y, { width: closingWidth, structParent: root });
  const leftBottom = doc.y;
  if (signatoryLines.length > 0) {
    const x = left + width - signatoryWidth;
    doc.y = closingTop;
    for (const [text, font, size, colour] of signatoryLines) doc.font(font).fontSize(size).fillColor(colour).text(text, x, doc.y, { width: signatoryWidth, structParent: root });
  }
  doc.x = left;
  doc.y = Math.max(leftBottom, doc.y);
  if (facts.footer) {
    doc.moveDown(0.6);
    doc.font('Regular').fontSize(8).fillColor(COLOURS.muted).text(facts.footer, left, doc.y, { width, structParent: root });
  }

  // Footer on every page (receipts fit on one, but a very long address could push one onto a second page).
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footerY = doc.page.height - PAGE.bottomMargin + 20;
    // Drawing below the bottom margin would make PDFKit start a new page; lift the margin while drawing the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    decorate(() => doc.moveTo(left, footerY - 6).lineTo(left + width, footerY - 6).lineWidth(0.5).strokeColor(COLOURS.rule).stroke());
    doc.markContent('Artifact', { type: 'Pagination' });
    const pageLabel = range.count > 1 ? `   Page ${i - range.start + 1} of ${range.count}` : '';
    // One line: a legal name too long to share it with the rest is left to the header.
    const withName = `${facts.organisation.name}   ${facts.organisation.registration}   Receipt ${facts.receiptNumber}${pageLabel}`;
    doc.font('Regular').fontSize(8);
    const footerText = doc.widthOfString(withName) <= width ? withName : `${facts.organisation.registration}   Receipt ${facts.receiptNumber}${pageLabel}`;
    doc
      .fillColor(COLOURS.muted)
      .text(footerText, left, footerY, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottom;
  }

  root.end();
  doc.end();
  return done;
}
