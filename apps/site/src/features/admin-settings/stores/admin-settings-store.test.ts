import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ORGANISATION_SETTINGS, ORGANISATION_SETTINGS_MESSAGES, type OrganisationSettings } from '@charity/domain';
import { createAdminTestClient } from '../../../test/admin-test-client';
import { startFakeAdminApi, type FakeAdminApi } from '../../../test/fake-admin-api';
import { parseSettingsReply } from '../api/admin-settings-api';
import { ADMIN_SETTINGS_MESSAGES, createAdminSettingsStore } from './admin-settings-store';

// /admin/settings' store against a real HTTP server (test/fake-admin-api.ts) through the site's real ky client with
// the staff's bearer token: loading the settings in force with their versions, saving a new version, a refused save
// (400 with the fields' messages) and a failed one.

let fake: FakeAdminApi;
beforeAll(async () => {
  fake = await startFakeAdminApi();
});
afterAll(() => fake.close());

let t: ReturnType<typeof createAdminTestClient>;
let store: ReturnType<typeof createAdminSettingsStore>;
beforeEach(() => {
  fake.reset();
  t = createAdminTestClient(fake.baseUrl);
  store = createAdminSettingsStore({ client: t.client, notify: t.notify, log: t.log });
});

const state = () => store.getState();
const PATH = '/api/admin/settings/organisation';

const REAL: OrganisationSettings = {
  ...DEMO_ORGANISATION_SETTINGS,
  legal_name: 'Asha Kiran Children’s Trust',
  pan: 'AAATA4821K',
  twelve_a_number: 'AAATA4821KE20216',
  eighty_g_number: 'AAATA4821KF20241',
  signatory_name: 'Meera Kulkarni',
};

describe('loading', () => {
  it('GET with the bearer token: the demonstration values as version 0 when nothing was saved', async () => {
    expect(state()).toMatchObject({ status: 'loading', current: null });
    await expect(state().load()).resolves.toBe(true);
    expect(state()).toMatchObject({ status: 'ready', history: [], saving: false, saveMessage: null, saveErrors: {} });
    expect(state().current).toEqual({ version: 0, settings: DEMO_ORGANISATION_SETTINGS, is_demo: true, created_at: '1970-01-01T00:00:00.000Z', created_by: null });
    expect(fake.requests('GET', PATH)[0]?.authorization).toBe('Bearer admin-token');
  });

  it("a failed load: 'Failed to load the organisation settings' once, no form; load tries again", async () => {
    fake.failures.set(`GET ${PATH}`, { status: 500 });
    await expect(state().load()).resolves.toBe(false);
    expect(state()).toMatchObject({ status: 'error', current: null, history: [] });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', ADMIN_SETTINGS_MESSAGES.loadFailed);
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(t.log.error).toHaveBeenCalledWith('[admin-settings] Failed to load the organisation settings: HTTP 500');
    fake.failures.clear();
    await expect(state().load()).resolves.toBe(true);
    expect(state().status).toBe('ready');
  });

  it('a 401 clears the session through the client', async () => {
    t.expireToken();
    await state().load();
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(state().status).toBe('error');
  });
});

describe('saving', () => {
  beforeEach(async () => {
    await state().load();
  });

  it("PUT the whole form: version 1 in force, in the history, and the server's sentence as a toast", async () => {
    const pending = state().save(REAL);
    expect(state().saving).toBe(true);
    await expect(pending).resolves.toBe(true);
    expect(JSON.parse(Buffer.from(fake.requests('PUT', PATH)[0]!.body, 'latin1').toString('utf8'))).toEqual(REAL);
    expect(state()).toMatchObject({ saving: false, saveMessage: null, saveErrors: {}, status: 'ready' });
    expect(state().current).toMatchObject({ version: 1, settings: REAL, is_demo: false, created_by: 'admin' });
    expect(state().history.map((v) => v.version)).toEqual([1]);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', 'Organisation details saved. Receipts issued from now on use them.');

    // The same values again: the server says nothing changed, and no version is added.
    await state().save(REAL);
    expect(t.notify).toHaveBeenLastCalledWith('success', ORGANISATION_SETTINGS_MESSAGES.unchanged);
    expect(state().history.map((v) => v.version)).toEqual([1]);

    await state().save({ ...REAL, signatory_title: 'Chairperson' });
    expect(state().current?.version).toBe(2);
    expect(state().history.map((v) => v.version)).toEqual([2, 1]);
  });

  it('a 400 names its fields: their messages for the form, no alert and no toast, the version in force unchanged', async () => {
    const before = state().current;
    await expect(state().save({ ...REAL, pan: 'AAAPA4821K', address: { ...REAL.address, pincode: '4110' } })).resolves.toBe(false);
    expect(state().saveErrors).toEqual({
      'address.pincode': 'Enter a 6-digit PIN code',
      pan: 'This PAN belongs to an individual (4th letter P): enter the organisation’s own PAN',
      twelve_a_number: 'An approval number begins with the organisation’s PAN',
      eighty_g_number: 'An approval number begins with the organisation’s PAN',
    });
    expect(state()).toMatchObject({ saving: false, saveMessage: null });
    expect(state().current).toBe(before);
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(fake.state.organisationSettings).toEqual([]);

    // 'Discard changes' forgets them; a new save starts clean.
    state().clearSaveErrors();
    expect(state()).toMatchObject({ saveErrors: {}, saveMessage: null });
  });

  it("a refusal without fields: the server's sentence in the form's alert; unknown fields in `errors` are dropped", async () => {
    fake.failures.set(`PUT ${PATH}`, { status: 400, body: { success: false, message: 'body/pan must NOT have more than 20 characters', errors: { bogus: 'x' } } });
    await expect(state().save(REAL)).resolves.toBe(false);
    expect(state()).toMatchObject({ saveErrors: {}, saveMessage: 'body/pan must NOT have more than 20 characters' });
  });

  it("no reply (network) or a 5xx: the page's own sentence in the alert, nothing saved, never retried", async () => {
    fake.failures.set(`PUT ${PATH}`, 'drop');
    await expect(state().save(REAL)).resolves.toBe(false);
    expect(state()).toMatchObject({ saving: false, saveErrors: {}, saveMessage: ADMIN_SETTINGS_MESSAGES.saveFailed });
    expect(fake.requests('PUT', PATH)).toHaveLength(1);
    expect(t.log.error).toHaveBeenCalledWith('[admin-settings] Failed to save the organisation settings. Nothing was changed; please try again.: network');

    fake.failures.set(`PUT ${PATH}`, { status: 503 });
    await state().save(REAL);
    expect(state().saveMessage).toBe('Failed to save the organisation settings. Nothing was changed; please try again.');
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(state().current?.version).toBe(0);
  });

  it('one save at a time: a second one while the first is on its way is ignored', async () => {
    fake.failures.set(`PUT ${PATH}`, { delayMs: 60 });
    const first = state().save(REAL);
    await expect(state().save({ ...REAL, signatory_title: 'Chairperson' })).resolves.toBe(false);
    fake.failures.clear();
    await first;
    expect(fake.requests('PUT', PATH)).toHaveLength(1);
  });
});

describe('reset (the page was left)', () => {
  it('drops answers still on their way', async () => {
    fake.failures.set(`GET ${PATH}`, { delayMs: 80 });
    const late = state().load();
    state().reset();
    await expect(late).resolves.toBe(false);
    expect(state()).toMatchObject({ status: 'loading', current: null, history: [] });
    expect(t.notify).not.toHaveBeenCalled();
  });
});

describe('the api module', () => {
  it('parseSettingsReply: the current version and the history; a reply without a current version throws', () => {
    const version = { version: 2, settings: REAL, is_demo: false, created_at: '2026-11-22T00:30:00.000Z', created_by: 'admin' };
    expect(parseSettingsReply({ success: true, data: { current: version, history: [version, { version: 'x' }] } })).toEqual({ current: version, history: [version] });
    expect(() => parseSettingsReply({ success: true, data: { history: [] } })).toThrow(TypeError);
    expect(() => parseSettingsReply({ success: false, message: 'Nope' })).toThrow(TypeError);
  });
});
