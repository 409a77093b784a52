import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { indianReceipt } from './fixtures.js';
import { renderReceiptPdf } from './pdf.js';
import { ReceiptPdfThread } from './pdf-thread.js';

// The receipt renderer's thread, as the built server runs it (dist/pdf-worker.js; `npm test` builds before the
// tests run): the same bytes as drawing in process, the renderer's errors as they are, and a thread that stopped
// failing only what it was drawing.

const WORKER = path.resolve(import.meta.dirname, '../../dist/pdf-worker.js');

describe('receipt renderer thread', () => {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: run \`npm run build -w apps/api\` first (npm test does).`);
  const thread = new ReceiptPdfThread(WORKER);
  afterAll(() => thread.stop());

  it('draws the same bytes as the renderer in process, several receipts at once', async () => {
    const inputs = [indianReceipt(), indianReceipt({ receiptNumber: 'BBF/2026-27/000042' }), indianReceipt({ receiptNumber: 'BBF/2026-27/000043' })];
    const [onThread, inProcess] = await Promise.all([Promise.all(inputs.map((input) => thread.draw(input))), Promise.all(inputs.map((input) => renderReceiptPdf(input)))]);
    for (const [i, pdf] of onThread.entries()) {
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.equals(inProcess[i]!)).toBe(true);
    }
  });

  it('rejects input that cannot make a true receipt with the renderer’s own error', async () => {
    const bad = indianReceipt();
    const expected = (await renderReceiptPdf({ ...bad, donation: { ...bad.donation, amount: Number.NaN } }).catch((e: unknown) => e)) as Error;
    const error = (await thread.draw({ ...bad, donation: { ...bad.donation, amount: Number.NaN } }).catch((e: unknown) => e)) as Error;
    expect(expected).toBeInstanceOf(RangeError);
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toBe(expected.message);
    // The thread is still there for the next receipt.
    expect((await thread.draw(indianReceipt())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('fails what a stopped thread was drawing, and starts a new one for the next receipt', async () => {
    const drawing = thread.draw(indianReceipt());
    await thread.stop();
    await expect(drawing).rejects.toThrow(/receipt renderer's thread stopped/);
    expect((await thread.draw(indianReceipt())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
