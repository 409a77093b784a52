import { fonts, loadPdfKit } from './pdf.js';

// The A4 document a credit note and an annual statement are drawn on: tagged (lang en-IN, title shown), the
// receipts' fonts registered as 'Regular' and 'Bold' (the rupee sign and donors' names need DejaVu Sans), dated
// with the document's own issue time so the same details always give the same file. The receipt keeps its own
// set-up (parsed-font cache, worker thread: receipts/pdf.ts).

export const DOCUMENT_MARGIN = 50;
export const DOCUMENT_BOTTOM_MARGIN = 64;

export interface DocumentInfo {
  title: string;
  subject: string;
  author: string;
  issuedAt: Date;
}

/** A new tagged A4 document and the promise of its bytes, resolved when `doc.end()` has been called. */
export async function openTaggedDocument(info: DocumentInfo, options: { compress?: boolean } = {}) {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    font: null as unknown as string,
    size: 'A4',
    margins: { top: DOCUMENT_MARGIN, left: DOCUMENT_MARGIN, right: DOCUMENT_MARGIN, bottom: DOCUMENT_BOTTOM_MARGIN },
    compress: options.compress ?? true,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-IN',
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: info.author, CreationDate: info.issuedAt, ModDate: info.issuedAt },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const data = fonts();
  doc.registerFont('Regular', data.regular);
  doc.registerFont('Bold', data.bold);
  return { doc, done };
}
