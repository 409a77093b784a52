import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { renderReceiptPdf, type ReceiptInput } from './pdf.js';
import type { PdfJob, PdfJobResult } from './pdf-worker.js';

// Receipts are drawn on a thread of their own. Drawing one takes 10-15 ms of CPU on a quiet machine and over 100 ms
// on a loaded one (PDFKit laying out text, fontkit subsetting DejaVu Sans, zlib): on the event loop, every donor's
// request waited behind it. The worker keeps the parsed fonts between receipts, as the renderer does in process,
// and one thread is enough: receipts are mailed one at a time (the mailer's quiet queue) and downloads are rare.
//
// The built server starts dist/pdf-worker.js (tsup.config.ts). Run from source (Vitest, tsx) there is no built worker
// beside this file, and receipts are drawn in process, exactly as before: same renderer, same bytes.

/** An error of the renderer's kind: TypeError and RangeError (input that cannot make a true receipt) stay so. */
function reviveError({ name, message }: { name: string; message: string }): Error {
  const error = name === 'TypeError' ? new TypeError(message) : name === 'RangeError' ? new RangeError(message) : new Error(message);
  if (error.name !== name) error.name = name;
  return error;
}

/** One renderer thread running `workerFile` (a built pdf-worker.js), started with the first receipt. */
export class ReceiptPdfThread {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }>();

  constructor(private readonly workerFile: string) {}

  draw(input: ReceiptInput): Promise<Buffer> {
    const worker = (this.worker ??= this.start());
    const id = (this.nextId += 1);
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, input } satisfies PdfJob);
    });
  }

  /** Stops the thread; what it was drawing fails, and a receipt drawn later starts a new one. */
  async stop(): Promise<void> {
    const running = this.worker;
    if (running) await running.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.workerFile);
    // Never what keeps a process alive: a server closing, a CLI finishing, a test file ending.
    worker.unref();
    worker.on('message', (result: PdfJobResult) => {
      const job = this.pending.get(result.id);
      if (!job) return;
      this.pending.delete(result.id);
      if ('error' in result) job.reject(reviveError(result.error));
      else job.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
    });
    // A thread that died (out of memory, a crash in a native module, stop()) fails what it was drawing; the next
    // receipt starts a new one. The mail sweep mails a receipt whose mail failed again, and a download can be retried.
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The receipt renderer's thread stopped (exit code ${code}).`)));
    return worker;
  }
}

const BUILT_WORKER = fileURLToPath(new URL('./pdf-worker.js', import.meta.url));
const thread = existsSync(BUILT_WORKER) ? new ReceiptPdfThread(BUILT_WORKER) : null;

/** The receipt's PDF, drawn on the renderer's thread in the built server, in process from source (renderReceiptPdf's contract). */
export function drawReceiptPdf(input: ReceiptInput): Promise<Buffer> {
  return thread ? thread.draw(input) : renderReceiptPdf(input);
}
