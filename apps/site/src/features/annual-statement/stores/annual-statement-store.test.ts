import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STATEMENT_REQUEST_MESSAGES } from '@charity/domain';
import { createApiClient } from '../../../lib/api/client';
import { startFakeTaxYearApi, type FakeTaxYearApi } from '../../../test/fake-tax-year-api';
import { createAnnualStatementStore } from './annual-statement-store';

// /annual-statement's store against a real HTTP server (test/fake-tax-year-api.ts) through the site's real ky client,
// signed out: the request, its 400 field sentences, a 429, a server failure and no reply at all.

let fake: FakeTaxYearApi;
beforeAll(async () => {
  fake = await startFakeTaxYearApi();
});
afterAll(() => fake.close());

const PATH = '/api/statements/request';
const silentLog = { info: () => {}, error: () => {} };

let toasts: string[];
let store: ReturnType<typeof createAnnualStatementStore>;
beforeEach(() => {
  fake.reset();
  toasts = [];
  const client = createApiClient({
    baseUrl: fake.baseUrl,
    getToken: () => null,
    onUnauthorized: () => {},
    notify: (_kind, message) => void toasts.push(message),
    log: silentLog,
    retryDelay: () => 5,
  });
  store = createAnnualStatementStore({ client, log: silentLog });
});

const state = () => store.getState();

describe('asking for a statement', () => {
  it("POST /api/statements/request {email, financial_year}: 'sent' with the server's sentence", async () => {
    const pending = state().request({ email: '  asha.rao@example.org ', financial_year: '2025-26' });
    expect(state().status).toBe('sending');
    await expect(pending).resolves.toBe(true);
    expect(JSON.parse(fake.requests('POST', PATH)[0]!.body)).toEqual({ email: 'asha.rao@example.org', financial_year: '2025-26' });
    expect(fake.requests('POST', PATH)[0]?.authorization).toBeUndefined();
    expect(state()).toEqual(
      expect.objectContaining({
        status: 'sent',
        error: null,
        fieldErrors: {},
        sentMessage:
          'If asha.rao@example.org donated in that financial year, a link to the annual statement is on its way to it. The link works for 7 days.',
      }),
    );
    expect(toasts).toEqual([]);
  });

  it('a 400 with field sentences: each under its field, no alert, the form usable again', async () => {
    await expect(state().request({ email: 'asha@', financial_year: '2025-27' })).resolves.toBe(false);
    expect(state()).toMatchObject({
      status: 'idle',
      error: null,
      sentMessage: null,
      fieldErrors: { email: STATEMENT_REQUEST_MESSAGES.emailInvalid, financial_year: STATEMENT_REQUEST_MESSAGES.yearInvalid },
    });
    expect(fake.state.statementRequests).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it("a 429: 'Too many requests. Please try again in an hour.' in the alert; the POST is not repeated", async () => {
    fake.failures.set(`POST ${PATH}`, { status: 429, body: { success: false, message: STATEMENT_REQUEST_MESSAGES.tooMany } });
    await state().request({ email: 'asha.rao@example.org', financial_year: '2025-26' });
    expect(state()).toMatchObject({ status: 'idle', error: 'Too many requests. Please try again in an hour.', fieldErrors: {} });
    expect(fake.requests('POST', PATH)).toHaveLength(1);
  });

  it("a 429 without a sentence (a proxy's): the form's own", async () => {
    fake.failures.set(`POST ${PATH}`, { status: 429, body: '' });
    await state().request({ email: 'asha.rao@example.org', financial_year: '2025-26' });
    expect(state().error).toBe(STATEMENT_REQUEST_MESSAGES.tooMany);
  });

  it("a server failure and no reply: the client's catalogue sentences", async () => {
    fake.failures.set(`POST ${PATH}`, { status: 500 });
    await state().request({ email: 'asha.rao@example.org', financial_year: '2025-26' });
    expect(state()).toMatchObject({ status: 'idle', error: 'Internal server error. Please try again later.' });
    fake.failures.set(`POST ${PATH}`, 'drop');
    await state().request({ email: 'asha.rao@example.org', financial_year: '2025-26' });
    expect(state().error).toBe('Network error. Please check your internet connection.');
    expect(fake.requests('POST', PATH)).toHaveLength(2);
  });

  it('a new request clears the last answer; reset forgets it', async () => {
    fake.failures.set(`POST ${PATH}`, { status: 429, body: { success: false, message: STATEMENT_REQUEST_MESSAGES.tooMany } });
    await state().request({ email: 'asha.rao@example.org', financial_year: '2025-26' });
    fake.failures.clear();
    await state().request({ email: 'asha.rao@example.org', financial_year: '2025-26' });
    expect(state()).toMatchObject({ status: 'sent', error: null });
    state().reset();
    expect(state()).toMatchObject({ status: 'idle', sentMessage: null, error: null, fieldErrors: {} });
  });
});
