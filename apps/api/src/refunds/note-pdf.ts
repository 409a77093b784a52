import { DOCUMENT_COLOURS } from '../receipts/document-colours.js';
import { DOCUMENT_MARGIN, openTaggedDocument } from '../receipts/pdf-document.js';
import { noteFacts, type NoteDetails } from './note-text.js';

// A refund's credit or cancellation note as an A4 PDF, drawn from its frozen details with the receipts' fonts (the
// rupee sign and donors' names need DejaVu Sans) and tagged like the receipt (headings, a table, decorations as
// artifacts). Notes are rare, so they are drawn on the main thread, not in the receipts' worker.

// The site's palette, as the receipt's (receipts/document-colours.ts).
const COLOURS = DOCUMENT_COLOURS;
const MARGIN = DOCUMENT_MARGIN;
const LABEL_WIDTH = 170;

export async function renderNotePdf(details: NoteDetails, options: { compress?: boolean } = {}): Promise<Buffer> {
  const facts = noteFacts(details);
  const { doc, done } = await openTaggedDocument(
    { title: `${facts.title} ${facts.number}`, subject: `${facts.title} for a donation to ${facts.organisation.name}`, author: facts.organisation.name, issuedAt: new Date(details.issuedAt) },
    options,
  );

  const left = MARGIN;
  const width = doc.page.width - MARGIN * 2;
  const root = doc.struct('Document');
  doc.addStructure(root);
  const rule = () => {
    const y = doc.y;
    doc.markContent('Artifact', { type: 'Layout' });
    doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.75).strokeColor(COLOURS.rule).stroke();
    doc.endMarkedContent();
  };

  doc.font('Bold').fontSize(18).fillColor(COLOURS.brand).text(facts.organisation.name, left, MARGIN, { width, structParent: root, structType: 'H1' });
  doc.font('Regular').fontSize(9.5).fillColor(COLOURS.muted);
  for (const line of facts.headerLines) doc.text(line, left, doc.y, { width, structParent: root });
  doc.moveDown(0.6);
  rule();
  doc.moveDown(0.9);
  doc.font('Bold').fontSize(15).fillColor(COLOURS.text).text(facts.title.toUpperCase(), left, doc.y, { width, align: 'center', structParent: root, structType: 'H2' });
  if (facts.demoNotice) {
    // Made-up details must never pass for real ones (as on the receipt).
    doc.moveDown(0.2);
    doc.font('Bold').fontSize(9.5).fillColor(COLOURS.warning).text(facts.demoNotice, left, doc.y, { width, align: 'center', structParent: root });
    doc.fillColor(COLOURS.text);
  }
  doc.moveDown(0.8);

  doc.font('Bold').fontSize(10.5).text('Issued to', left, doc.y, { width, structParent: root, structType: 'H3' });
  doc.font('Regular').fontSize(10.5);
  for (const line of [facts.donor.name, ...facts.donor.addressLines, facts.donor.email ?? '']) {
    if (line) doc.text(line, left, doc.y, { width, structParent: root });
  }
  doc.moveDown(0.8);

  const table = doc.struct('Table');
  root.add(table);
  const valueWidth = width - LABEL_WIDTH - 12;
  for (const [label, value] of facts.rows) {
    const y = doc.y;
    const row = doc.struct('TR');
    table.add(row);
    doc.font('Bold').fontSize(10.5).fillColor(COLOURS.muted).text(label, left, y, { width: LABEL_WIDTH, structParent: row, structType: 'TH' });
    const labelBottom = doc.y;
    doc.font('Regular').fontSize(10.5).fillColor(COLOURS.text).text(value, left + LABEL_WIDTH + 12, y, { width: valueWidth, structParent: row, structType: 'TD' });
    row.end();
    doc.x = left;
    doc.y = Math.max(labelBottom, doc.y) + 5;
  }
  table.end();
  doc.moveDown(0.8);
  rule();
  doc.moveDown(0.8);
  doc.font('Regular').fontSize(10.5).fillColor(COLOURS.text).text(facts.statement, left, doc.y, { width, structParent: root, structType: 'P' });
  doc.moveDown(0.8);
  if (facts.signatory) {
    doc.fontSize(9).fillColor(COLOURS.muted).text('Authorised signatory', left, doc.y, { width, structParent: root, structType: 'P' });
    doc.font('Bold').fontSize(10.5).fillColor(COLOURS.text).text(facts.signatory.name, left, doc.y, { width, structParent: root, structType: 'P' });
    if (facts.signatory.title) doc.font('Regular').fontSize(10.5).text(facts.signatory.title, left, doc.y, { width, structParent: root, structType: 'P' });
    doc.moveDown(0.6);
  }
  doc.font('Regular').fontSize(9).fillColor(COLOURS.muted).text('This is a computer-generated note and needs no signature.', left, doc.y, { width, structParent: root, structType: 'P' });
  if (facts.footer) {
    doc.moveDown(0.6);
    doc.fontSize(8).text(facts.footer, left, doc.y, { width, structParent: root, structType: 'P' });
  }
  root.end();
  doc.end();
  return done;
}
