import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP server that answers the two Stripe API calls the server makes (create and retrieve a
// PaymentIntent) the way api.stripe.com does, and records every request, so tests can point the real `stripe`
// SDK at it (options host/port/protocol) and check what would be sent to Stripe.

export interface RecordedStripeCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body as sent (Stripe's API takes application/x-www-form-urlencoded). */
  raw: string;
  form: Record<string, string>;
}

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  payment_method: string | null;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  last_payment_error: null | { type: string; code: string; decline_code?: string; message: string };
  livemode: false;
  created: number;
}

export interface StripeStandIn {
  port: number;
  calls: RecordedStripeCall[];
  intents: Map<string, StandInIntent>;
  /** The next create answers with this status and error body instead (e.g. 402 card_error, 500). */
  failNextCreate(status: number, error: Record<string, unknown>): void;
  close(): Promise<void>;
}

function json(status: number, body: unknown) {
  return { status, body: JSON.stringify(body) };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const calls: RecordedStripeCall[] = [];
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, StandInIntent>();
  let nextFailure: { status: number; error: Record<string, unknown> } | null = null;
  let counter = 0;

  function handle(method: string, path: string, headers: IncomingHttpHeaders, form: Record<string, string>) {
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (nextFailure) {
        const failure = nextFailure;
        nextFailure = null;
        return json(failure.status, { error: failure.error });
      }
      const key = headers['idempotency-key'];
      const replay = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (replay) return json(200, replay);
      counter += 1;
      const id = `pi_standin${String(counter).padStart(4, '0')}`;
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(form)) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match) metadata[match[1]!] = value;
      }
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency ?? '',
        status: 'requires_confirmation',
        client_secret: `${id}_secret_standin`,
        payment_method: form.payment_method ?? null,
        metadata,
        description: form.description ?? null,
        receipt_email: form.receipt_email ?? null,
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      if (typeof key === 'string') byIdempotencyKey.set(key, intent);
      return json(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/?]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = intents.get(decodeURIComponent(retrieve[1]!));
      if (!intent) {
        return json(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${retrieve[1]}'` },
        });
      }
      // Stripe never sends the client secret back to a secret-key retrieve of someone else's intent; keep it simple.
      return json(200, intent);
    }
    return json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } });
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const path = (request.url ?? '/').split('?')[0]!;
      calls.push({ method: request.method ?? '', path, headers: request.headers, raw, form });
      const { status, body } = handle(request.method ?? '', path, request.headers, form);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_standin_${calls.length}` });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    calls,
    intents,
    failNextCreate(status, error) {
      nextFailure = { status, error };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
