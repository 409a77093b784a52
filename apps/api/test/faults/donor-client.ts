import http from 'node:http';
import { TEST_CARDS } from '@charity/domain';
import { indianDonation } from '../support/donations.js';

// Donors over real HTTP, as the donate wizard does it in sandbox mode: create-intent, the sandbox's confirm (what
// Stripe.js does), save-after-payment, then the receipt (generate-and-send). Each donor comes from an address of
// its own (X-Forwarded-For; the server runs with TRUST_PROXY=1), as in production, so the per-address limits of
// create-intent do not throttle a load test. What each donor was told is written to a ledger the test checks the
// database against afterwards.

export interface LedgerEntry {
  intentId: string;
  /** The sandbox answered the confirm with status succeeded: the donor saw the payment go through. */
  paid: boolean;
  /** save-after-payment answered success with this donation id: the donor was told the donation is saved. */
  donationId: number | null;
  /** generate-and-send answered with this receipt number. */
  receiptNumber: string | null;
}

export interface DonorRun {
  ledger: LedgerEntry[];
  /** Requests that failed without an answer (the server was killed under them). */
  cutOff: number;
  /** Answers that were neither success nor a connection failure: the test fails on any. */
  unexpected: string[];
}

interface Answer {
  status: number;
  body: { success?: boolean; message?: string; data?: Record<string, unknown> };
}

function post(agent: http.Agent, base: string, path: string, body: unknown, address: string): Promise<Answer> {
  const payload = Buffer.from(JSON.stringify(body));
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': payload.length, 'x-forwarded-for': address },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'] });
          } catch (error) {
            reject(error as Error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A connection the killed server left: refused, reset, or closed before the answer was complete. */
export function isCutOff(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(code ?? '') || (error as Error).message === 'socket hang up' || error instanceof SyntaxError;
}

/**
 * One donor's whole path against `base`: create-intent, the sandbox's confirm, then (unless `closeTab`) the save and
 * the receipt. The ledger entry is pushed as soon as the intent exists and filled in as the donor is told each step;
 * an answer other than success throws (a cut-off connection throws the socket's error: see isCutOff).
 */
export async function donateOnce(
  agent: http.Agent,
  base: string,
  data: Record<string, unknown>,
  { closeTab = false, ledger, onSaved }: { closeTab?: boolean; ledger: LedgerEntry[]; onSaved?: () => void },
): Promise<LedgerEntry> {
  const address = nextAddress();
  const created = await post(agent, base, '/api/payments/create-intent', { donation_data: data, payment_method_id: TEST_CARDS.visa.paymentMethod }, address);
  if (created.status !== 200) throw new Error(`create-intent answered ${created.status}: ${JSON.stringify(created.body)}`);
  const intentId = String(created.body.data!.payment_intent_id);
  const entry: LedgerEntry = { intentId, paid: false, donationId: null, receiptNumber: null };
  ledger.push(entry);
  const confirmed = await post(agent, base, '/api/payments/sandbox/confirm', { client_secret: created.body.data!.client_secret, payment_method_id: TEST_CARDS.visa.paymentMethod }, address);
  const status = (confirmed.body.data?.payment_intent as { status?: string } | undefined)?.status;
  if (confirmed.status !== 200 || status !== 'succeeded') throw new Error(`sandbox/confirm answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
  entry.paid = true;
  if (closeTab) return entry;
  const answer = await post(
    agent,
    base,
    '/api/donations/save-after-payment',
    { donation_data: data, payment_intent_id: intentId, payment_method_id: TEST_CARDS.visa.paymentMethod, payment_status: 'completed' },
    address,
  );
  // 201: this save wrote the donation; 200: the webhook had written it first (the same donation).
  if ((answer.status !== 201 && answer.status !== 200) || answer.body.success !== true) {
    throw new Error(`save-after-payment answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  entry.donationId = Number((answer.body.data!.donation as { id: number }).id);
  onSaved?.();
  const receipt = await post(agent, base, '/api/invoices/generate-and-send', { donation_id: entry.donationId, payment_intent_id: intentId }, address);
  if (receipt.status !== 200 || receipt.body.success !== true) throw new Error(`generate-and-send answered ${receipt.status}: ${JSON.stringify(receipt.body)}`);
  entry.receiptNumber = String((receipt.body.data!.invoice as { number: string }).number);
  return entry;
}

let donorNumber = 0;
/** Addresses from 198.18.0.0/15, set aside for benchmarks (RFC 2544): only ever header text here. */
function nextAddress(): string {
  const n = donorNumber++;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * `concurrency` donors in a loop against `base` until `until` resolves or the server stops answering; `firstSave`
 * resolves when the first save of this run is acknowledged (so a test can kill the server once donations flow). Some donors
 * close the tab after paying (no save, no receipt; every `closeTabEvery`-th): their donation is the webhook's to
 * write. `campaignId` puts every donation in one campaign, so its totals can be checked too.
 */
export function runDonors(
  base: string,
  { concurrency, until, campaignId, closeTabEvery = 4 }: { concurrency: number; until: Promise<void>; campaignId: number; closeTabEvery?: number },
): { done: Promise<DonorRun>; firstSave: Promise<void> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const run: DonorRun = { ledger: [], cutOff: 0, unexpected: [] };
  let saved!: () => void;
  const firstSave = new Promise<void>((resolve) => (saved = resolve));
  let stopped = false;
  void until.then(() => (stopped = true));
  const data = indianDonation({ campaign_id: campaignId });

  async function donate(n: number): Promise<void> {
    await donateOnce(agent, base, data, { closeTab: n % closeTabEvery === 0, ledger: run.ledger, onSaved });
  }

  const onSaved = () => saved();
  const done = Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let n = worker; !stopped; n += concurrency) {
        try {
          await donate(n);
        } catch (error) {
          if (isCutOff(error)) {
            run.cutOff += 1;
            return; // the server is gone: this donor's browser gives up
          }
          run.unexpected.push((error as Error).message);
          return;
        }
      }
    }),
  ).then(() => {
    agent.destroy();
    return run;
  });
  return { done, firstSave };
}
