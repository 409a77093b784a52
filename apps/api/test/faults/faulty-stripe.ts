import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for api.stripe.com that fails on purpose, for the real `stripe` SDK to be pointed at (options
// host/port/protocol). It answers creating and reading PaymentIntents like Stripe, except for the faults it is told
// to play: a 5xx answer, a request it never answers (longer than any time-out), or a connection reset before any
// answer. A create's fault is chosen by its payment method ('pm_fault_503', 'pm_fault_hang', 'pm_fault_reset'); a
// read's by the intent (failReadsOf). Every request is recorded, with its Idempotency-Key.

export type StripeFault = 500 | 502 | 503 | 'hang' | 'reset';

export interface RecordedCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  paymentMethod: string | null;
}

export interface FaultyStripe {
  port: number;
  calls: RecordedCall[];
  /** The fault a create with this payment method id meets. */
  paymentMethodFor(fault: StripeFault): string;
  /** Reads of this intent meet `fault` from now on; creates and reads of other intents still work. */
  failReadsOf(intentId: string, fault: StripeFault): void;
  /** Marks an intent as paid, as Stripe does once the browser confirmed it. */
  succeed(intentId: string): void;
  close(): Promise<void>;
}

const FAULT_PREFIX = 'pm_fault_';

function parseFault(text: string): StripeFault | null {
  if (text === 'hang' || text === 'reset') return text;
  const status = Number(text);
  return status === 500 || status === 502 || status === 503 ? status : null;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_faulty_${Date.now()}` });
  response.end(JSON.stringify(body));
}

export async function startFaultyStripe(): Promise<FaultyStripe> {
  const calls: RecordedCall[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const readFaults = new Map<string, StripeFault>();
  let counter = 0;

  function play(fault: StripeFault, response: ServerResponse) {
    if (fault === 'hang') return; // the socket stays open and silent until the client gives up
    if (fault === 'reset') {
      response.socket?.resetAndDestroy();
      return;
    }
    send(response, fault, { error: { type: 'api_error', message: 'Something went wrong on our end.' } });
  }

  function handle(method: string, path: string, headers: IncomingHttpHeaders, form: URLSearchParams, response: ServerResponse) {
    const paymentMethod = form.get('payment_method');
    const key = headers['idempotency-key'];
    calls.push({ method, path, idempotencyKey: typeof key === 'string' ? key : null, paymentMethod });
    if (method === 'POST' && path === '/v1/payment_intents') {
      const fault = paymentMethod?.startsWith(FAULT_PREFIX) ? parseFault(paymentMethod.slice(FAULT_PREFIX.length)) : null;
      if (fault !== null) return play(fault, response);
      counter += 1;
      const id = `pi_faulty${String(counter).padStart(4, '0')}`;
      const intent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        status: 'requires_confirmation',
        client_secret: `${id}_secret_faulty`,
        payment_method: paymentMethod,
        metadata: {},
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      return send(response, 200, intent);
    }
    const read = /^\/v1\/payment_intents\/([^/?]+)$/.exec(path);
    if (method === 'GET' && read) {
      const id = decodeURIComponent(read[1]!);
      const fault = readFaults.get(id);
      if (fault !== undefined) return play(fault, response);
      const intent = intents.get(id);
      if (!intent) return send(response, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` } });
      return send(response, 200, intent);
    }
    return send(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } });
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      handle(request.method ?? '', (request.url ?? '/').split('?')[0]!, request.headers, form, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    calls,
    paymentMethodFor: (fault) => `${FAULT_PREFIX}${fault}`,
    failReadsOf(intentId, fault) {
      readFaults.set(intentId, fault);
    },
    succeed(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`the faulty Stripe has no intent ${intentId}`);
      intent.status = 'succeeded';
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
