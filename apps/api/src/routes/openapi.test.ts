import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { DONATION_ROUTE_MESSAGES, PAYMENT_ROUTE_MESSAGES } from '../donations/messages.js';
import { DOCS_PATH, OPENAPI_PATH } from '../plugins/openapi.js';
import { INVOICE_MESSAGES } from '../receipts/routes.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { EXPECTED_BASELINE_HEADERS } from '../../test/support/security-headers.js';
import { AUTH_ROUTE_MESSAGES } from './auth.js';
import { CONTACT_ROUTE_MESSAGES } from './contact.js';

// The API described (docs/decisions/021-wire-contract-and-openapi.md): the document at /api/openapi.json is valid
// OpenAPI 3.1 by a real validator, and every route Fastify registered under /api is in it, with its method.

/**
 * Routes under /api that are in the app but not (yet) in the document. Each entry is a gap to close, not a rule:
 * empty it as routes get their schemas.
 */
const KNOWN_GAPS: readonly string[] = [];

function expectSecurityHeaders(response: { headers: Record<string, unknown> }, label: string) {
  for (const [name, value] of Object.entries(EXPECTED_BASELINE_HEADERS)) expect(response.headers[name], `${label}: ${name}`).toBe(value);
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown; security?: unknown }>>;
}

describeEachDatabase('the OpenAPI document', (ctx) => {
  let app: FastifyInstance;
  let document: Document;
  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database });
    const response = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route registered under /api, with its method', () => {
    const registered = app.routeCatalogue
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(40);
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)),
    );
    const missing = registered.filter((route) => !documented.has(route) && !KNOWN_GAPS.includes(route));
    expect(missing).toEqual([]);
    // And nothing outside /api (the site, uploads, Storybook) is described as API.
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('describes the replies and errors of the routes, the admin routes as needing the token', () => {
    const campaigns = document.paths['/api/campaigns']!;
    expect(Object.keys(campaigns.get!.responses!)).toEqual(expect.arrayContaining(['200', '400', '500']));
    expect(campaigns.post!.security).toEqual([{ bearerAuth: [] }]);
    expect(campaigns.post!.requestBody).toBeDefined();
    expect(document.paths['/api/contact']!.post!.requestBody).toBeDefined();
    expect(document.paths['/api/admin/donations']!.get!.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/campaigns/{id}']!.get!.security).toBeUndefined();
  });

  it('describes the donation routes: the body each takes, its reply and its 400 error (the sandbox’s in sandbox mode)', () => {
    const withBody = [
      'post /api/payments/create-intent',
      'post /api/donations/save-after-payment',
      'post /api/invoices/generate-and-send',
      'post /api/webhooks/stripe',
      'post /api/payments/sandbox/confirm',
      'post /api/payments/sandbox/authenticate',
    ];
    const withoutBody = ['get /api/payments/config', 'get /api/stats', 'get /api/invoices/{number}/download'];
    for (const route of [...withBody, ...withoutBody]) {
      const [method, path] = route.split(' ') as [string, string];
      const operation = document.paths[path]?.[method];
      expect(operation, route).toBeDefined();
      expect(Object.keys(operation!.responses ?? {}), route).toEqual(expect.arrayContaining(['200', '400', '500']));
      if (withBody.includes(route)) expect(operation!.requestBody, route).toBeDefined();
    }
    // The webhook is documented as JSON, though the route keeps the raw bytes for the signature.
    const webhook = document.paths['/api/webhooks/stripe']!.post!.requestBody as { content: Record<string, unknown> };
    expect(Object.keys(webhook.content)).toEqual(['application/json']);
    // The receipt's PDF is documented as a PDF.
    const download = document.paths['/api/invoices/{number}/download']!.get!.responses!['200'] as { content: Record<string, unknown> };
    expect(Object.keys(download.content)).toEqual(['application/pdf']);
  });

  it('answers a form body that is not a JSON object with the route’s own sentence, never Ajv’s', async () => {
    for (const [url, message] of [
      ['/api/contact', CONTACT_ROUTE_MESSAGES.notAnObject],
      ['/api/auth/login', AUTH_ROUTE_MESSAGES.notAnObject],
      ['/api/payments/create-intent', PAYMENT_ROUTE_MESSAGES.notAnObject],
      ['/api/donations/save-after-payment', DONATION_ROUTE_MESSAGES.notAnObject],
      ['/api/payments/sandbox/confirm', PAYMENT_ROUTE_MESSAGES.sandboxBody],
      ['/api/payments/sandbox/authenticate', PAYMENT_ROUTE_MESSAGES.sandboxAuthBody],
      ['/api/invoices/generate-and-send', INVOICE_MESSAGES.notAnObject],
    ] as const) {
      for (const payload of ['[1, 2]', 'null', '"text"', '42']) {
        const response = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
        expect(response.statusCode, `${url} ${payload}`).toBe(400);
        expect(response.json(), `${url} ${payload}`).toEqual({ success: false, message });
      }
    }
  });

  it('has a readable reference at /api/docs, with the security headers and no script', async () => {
    const response = await app.inject({ method: 'GET', url: DOCS_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expectSecurityHeaders(response, 'docs');
    expect(response.body).not.toMatch(/<script/i);
    expect(response.body).toContain('/api/payments/create-intent');
    expectSecurityHeaders(await app.inject({ method: 'GET', url: OPENAPI_PATH }), 'openapi.json');
  });
});
