import { DOCUMENT_COLOURS } from '../receipts/document-colours.js';
import { DOCUMENT_MARGIN, DOCUMENT_BOTTOM_MARGIN, openTaggedDocument } from '../receipts/pdf-document.js';
import { statementFacts, type StatementDetails, type StatementRow } from './statement-text.js';

// A donor's annual statement as an A4 PDF, drawn from its frozen details with the receipts' fonts (the rupee sign and
// donors' names need DejaVu Sans) and tagged like the receipt and the refund note (headings, paragraphs, a table
// with header cells, decorations as artifacts). A long year breaks onto further pages, the table's header repeated.
// Statements are drawn a few hundred at a time at most (staff's run, off the request path): the main thread is fine.

// The site's palette, as the receipt's (receipts/document-colours.ts).
const COLOURS = DOCUMENT_COLOURS;
const MARGIN = DOCUMENT_MARGIN;
const BOTTOM = DOCUMENT_BOTTOM_MARGIN;
/** Column widths in points; they add up to the A4 page's width between the margins (495). */
const WIDTHS: Record<keyof StatementRow, number> = { date: 58, receipt: 100, campaign: 101, amount: 62, refunded: 54, net: 62, netInr: 58 };
const ORDER: Array<keyof StatementRow> = ['date', 'receipt', 'campaign', 'amount', 'refunded', 'net', 'netInr'];
const NUMERIC = new Set<keyof StatementRow>(['amount', 'refunded', 'net', 'netInr']);
const CELL_PADDING = 3;

export async function renderStatementPdf(details: StatementDetails, options: { compress?: boolean } = {}): Promise<Buffer> {
  const facts = statementFacts(details);
  const { doc, done } = await openTaggedDocument(
    { title: `${facts.title} ${details.financialYear}`, subject: `${facts.title} to ${facts.organisation.name}, financial year ${details.financialYear}`, author: facts.organisation.name, issuedAt: new Date(details.issuedAt) },
    options,
  );

  const left = MARGIN;
  const width = doc.page.width - MARGIN * 2;
  const pageBottom = () => doc.page.height - BOTTOM;
  const root = doc.struct('Document');
  doc.addStructure(root);
  const rule = () => {
    const y = doc.y;
    doc.markContent('Artifact', { type: 'Layout' });
    doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.75).strokeColor(COLOURS.rule).stroke();
    doc.endMarkedContent();
  };
  const paragraph = (text: string, structType: 'P' | 'H1' | 'H2' | 'H3' = 'P', extra: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(text, left, doc.y, { width, structParent: root, structType, ...extra });

  if (facts.demo) {
    doc.font('Bold').fontSize(10).fillColor(COLOURS.warning);
    paragraph(facts.demo, 'P', { align: 'center' });
    doc.moveDown(0.4);
  }
  doc.font('Bold').fontSize(18).fillColor(COLOURS.brand);
  paragraph(facts.organisation.name, 'H1');
  doc.font('Regular').fontSize(9).fillColor(COLOURS.muted);
  for (const line of facts.organisation.lines) paragraph(line);
  doc.moveDown(0.6);
  rule();
  doc.moveDown(0.9);
  doc.font('Bold').fontSize(15).fillColor(COLOURS.text);
  paragraph(facts.title.toUpperCase(), 'H2', { align: 'center' });
  doc.font('Regular').fontSize(10.5);
  paragraph(facts.yearLine, 'P', { align: 'center' });
  doc.fontSize(9).fillColor(COLOURS.muted);
  paragraph(`Issued on ${facts.issuedOn}`, 'P', { align: 'center' });
  doc.moveDown(0.8);

  doc.font('Bold').fontSize(10.5).fillColor(COLOURS.text);
  paragraph('Donor', 'H3');
  doc.font('Regular').fontSize(10.5);
  for (const line of facts.donor.lines) paragraph(line);
  doc.moveDown(0.8);

  // The donations, one row each; the header row again at the top of every further page.
  const table = doc.struct('Table');
  root.add(table);
  const rowHeight = (row: StatementRow) =>
    Math.max(...ORDER.map((key) => doc.heightOfString(row[key], { width: WIDTHS[key] - CELL_PADDING * 2 }))) + CELL_PADDING * 2;
  const drawRow = (row: StatementRow, header: boolean) => {
    doc.font(header ? 'Bold' : 'Regular').fontSize(8.5);
    const height = rowHeight(row);
    if (doc.y + height > pageBottom()) {
      doc.addPage();
      doc.y = MARGIN;
      if (!header) drawRow(facts.columns, true);
      doc.font(header ? 'Bold' : 'Regular').fontSize(8.5);
    }
    const y = doc.y;
    const tr = doc.struct('TR');
    table.add(tr);
    let x = left;
    for (const key of ORDER) {
      doc.fillColor(header ? COLOURS.muted : COLOURS.text).text(row[key], x + CELL_PADDING, y + CELL_PADDING, {
        width: WIDTHS[key] - CELL_PADDING * 2,
        align: NUMERIC.has(key) ? 'right' : 'left',
        structParent: tr,
        structType: header ? 'TH' : 'TD',
      });
      x += WIDTHS[key];
    }
    tr.end();
    doc.y = y + height;
    doc.markContent('Artifact', { type: 'Layout' });
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(header ? 0.75 : 0.4).strokeColor(COLOURS.rule).stroke();
    doc.endMarkedContent();
    doc.x = left;
  };
  drawRow(facts.columns, true);
  for (const row of facts.rows) drawRow(row, false);
  table.end();
  doc.moveDown(1);

  // Totals: label and value pairs, kept together on one page.
  doc.font('Regular').fontSize(10);
  if (doc.y + facts.totals.length * 16 > pageBottom()) {
    doc.addPage();
    doc.y = MARGIN;
  }
  const totals = doc.struct('Table');
  root.add(totals);
  for (const [label, value] of facts.totals) {
    const y = doc.y;
    const tr = doc.struct('TR');
    totals.add(tr);
    const last = label === facts.totals[facts.totals.length - 1]![0];
    doc.font(last ? 'Bold' : 'Regular').fillColor(COLOURS.text).text(label, left, y, { width: width - 150, structParent: tr, structType: 'TH' });
    doc.text(value, left + width - 150, y, { width: 150, align: 'right', structParent: tr, structType: 'TD' });
    tr.end();
    doc.x = left;
    doc.y = y + 16;
  }
  totals.end();
  doc.moveDown(0.8);
  rule();
  doc.moveDown(0.8);

  doc.font('Regular').fontSize(10).fillColor(COLOURS.text);
  paragraph(facts.note);
  doc.moveDown(1.2);
  if (doc.y + 60 > pageBottom()) {
    doc.addPage();
    doc.y = MARGIN;
  }
  doc.font('Bold').fontSize(10);
  paragraph(facts.signatory.for);
  doc.moveDown(1.5);
  doc.font('Regular');
  if (facts.signatory.name) paragraph(facts.signatory.name);
  if (facts.signatory.title) paragraph(facts.signatory.title);
  doc.moveDown(0.8);
  doc.fontSize(8.5).fillColor(COLOURS.muted);
  paragraph('This is a computer-generated statement and needs no signature.');
  if (facts.footer) paragraph(facts.footer);
  if (facts.demo) {
    doc.moveDown(0.4);
    doc.font('Bold').fillColor(COLOURS.warning);
    paragraph(facts.demo);
  }
  root.end();
  doc.end();
  return done;
}
