import { parentPort } from 'node:worker_threads';
import { renderReceiptPdf, type ReceiptInput } from './pdf.js';

// The receipt renderer's own thread (pdf-thread.ts starts it): jobs in, PDF bytes out. Built to dist/pdf-worker.js
// beside dist/server.js (tsup.config.ts).

export interface PdfJob {
  id: number;
  input: ReceiptInput;
}

export type PdfJobResult = { id: number; pdf: Uint8Array } | { id: number; error: { name: string; message: string } };

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread (see pdf-thread.ts).');

port.on('message', (job: PdfJob) => {
  renderReceiptPdf(job.input).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      port.postMessage({ id: job.id, pdf: bytes } satisfies PdfJobResult);
    },
    (error: unknown) => {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ id: job.id, error: { name, message } } satisfies PdfJobResult);
    },
  );
});
