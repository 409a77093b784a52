import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignFormValues } from '@charity/domain';
import { createAdminTestClient } from '../../../test/admin-test-client';
import { campaignFixture, donationFixture, parseMultipart, startFakeAdminApi, type FakeAdminApi } from '../../../test/fake-admin-api';
import { adminCampaignSearchParams, NO_IMAGE_CHANGE, parseAdminCampaignPage } from '../api/admin-campaigns-api';
import { createAdminCampaignsStore } from './admin-campaigns-store';

let fake: FakeAdminApi;
beforeAll(async () => {
  fake = await startFakeAdminApi();
});
afterAll(() => fake.close());

let t: ReturnType<typeof createAdminTestClient>;
let store: ReturnType<typeof createAdminCampaignsStore>;
beforeEach(() => {
  fake.reset();
  fake.state.campaigns = [campaignFixture(1, { title: 'Library Corners' }), campaignFixture(2, { title: 'Clean Water', status: 'draft', is_featured: true })];
  t = createAdminTestClient(fake.baseUrl);
  store = createAdminCampaignsStore({ client: t.client, notify: t.notify, log: t.log, pageSize: 2 });
});

const state = () => store.getState();
const VALUES: CampaignFormValues = {
  title: '  School Meals ',
  description: 'Hot lunches for 300 children',
  status: 'active',
  is_featured: true,
  category: 'nutrition',
  target_amount: '250000',
  offline_amount: '0',
  offline_donation_count: '0',
  start_date: '2026-12-01',
  end_date: '2027-06-30',
};
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });
const fields = (body: string | undefined, contentType: string | undefined) =>
  Object.fromEntries(parseMultipart(body ?? '', contentType).map((part) => [part.name, part.filename ?? part.value]));
const reloaded = (count: number) => vi.waitFor(() => expect(fake.requests('GET', '/api/admin/campaigns')).toHaveLength(count));

describe('load', () => {
  it('lists every campaign (drafts too), newest first, one page at a time', async () => {
    expect(state().status).toBe('loading');
    await expect(state().load()).resolves.toBe(true);
    expect(state()).toMatchObject({ status: 'ready', page: 1, totalPages: 1, total: 2 });
    expect(state().campaigns.map((c) => c.title)).toEqual(['Clean Water', 'Library Corners']);
    const [hit] = fake.requests('GET', '/api/admin/campaigns');
    expect(Object.fromEntries(hit?.query ?? [])).toEqual({ page: '1', limit: '2', status: 'all' });
    expect(hit?.authorization).toBe('Bearer admin-token');
  });

  it('pages: page 2 holds the older ones; meta gives the count of pages', async () => {
    fake.state.campaigns.push(campaignFixture(3));
    await state().load(2);
    expect(state()).toMatchObject({ page: 2, totalPages: 2, total: 3 });
    expect(state().campaigns.map((c) => c.id)).toEqual([1]);
  });

  it("a failed load: 'Failed to load campaigns' once, the list emptied and paging reset", async () => {
    fake.state.campaigns.push(campaignFixture(3));
    await state().load(2);
    fake.failures.set('GET /api/admin/campaigns', { status: 500 });
    await expect(state().load()).resolves.toBe(false);
    expect(state()).toMatchObject({ status: 'error', campaigns: [], page: 1, totalPages: 0, total: 0 });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to load campaigns');
    expect(t.globalToast).not.toHaveBeenCalled();
  });

  it('Try again after an error shows loading, then the list', async () => {
    fake.failures.set('GET /api/admin/campaigns', 'drop');
    await state().load();
    fake.failures.clear();
    const pending = state().load();
    expect(state().status).toBe('loading');
    await pending;
    expect(state().campaigns).toHaveLength(2);
  });

  it('a page past the end (its last campaign was deleted) shows the new last page', async () => {
    fake.state.campaigns.push(campaignFixture(3));
    await state().load(2);
    fake.state.campaigns = fake.state.campaigns.filter((c) => c.id !== 1);
    await state().load();
    expect(state()).toMatchObject({ page: 1, totalPages: 1 });
    expect(state().campaigns.map((c) => c.id)).toEqual([3, 2]);
  });

  it('a 401 clears the session through the client', async () => {
    t.expireToken();
    await state().load();
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('create and update (multipart)', () => {
  it("create: POST /api/campaigns with the form's fields and the picture, 'Campaign created successfully', reload", async () => {
    await state().load();
    await expect(state().create(VALUES, { file: jpeg('meals.jpg'), remove: false })).resolves.toBe(true);
    const [post] = fake.requests('POST', '/api/campaigns');
    expect(post?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(fields(post?.body, post?.contentType)).toEqual({
      title: 'School Meals',
      description: 'Hot lunches for 300 children',
      status: 'active',
      is_featured: 'true',
      category: 'nutrition',
      target_amount: '250000',
      offline_amount: '0',
      offline_donation_count: '0',
      start_date: '2026-12-01',
      end_date: '2027-06-30',
      image: 'meals.jpg',
    });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', 'Campaign created successfully');
    await reloaded(2);
    await vi.waitFor(() => expect(state().campaigns[0]).toMatchObject({ title: 'School Meals', image_url: '/uploads/campaigns/meals.jpg' }));
    expect(state().saving).toBe(false);
  });

  it("create failure: 'Failed to create campaign' as the toast, the server's message for the form, no reload", async () => {
    await state().load();
    const pending = state().create({ ...VALUES, title: '' }, NO_IMAGE_CHANGE);
    expect(state().saving).toBe(true);
    await expect(pending).resolves.toBe(false);
    expect(state()).toMatchObject({ saving: false, formError: 'Title is required.' });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to create campaign');
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(fake.requests('GET', '/api/admin/campaigns')).toHaveLength(1);
    state().clearFormError();
    expect(state().formError).toBeNull();
  });

  it('create: a network failure gives the network message for the form', async () => {
    fake.failures.set('POST /api/campaigns', 'drop');
    await state().create(VALUES, NO_IMAGE_CHANGE);
    expect(state().formError).toBe('Network error. Please check your internet connection.');
    // A POST is never repeated: it could create the campaign twice.
    expect(fake.requests('POST', '/api/campaigns')).toHaveLength(1);
  });

  it("update: PUT /api/campaigns/{id}, no image part when the picture is kept, 'Campaign updated successfully'", async () => {
    fake.state.campaigns[0]!.image_url = '/uploads/campaigns/old.webp';
    await state().load();
    await expect(state().update(1, { ...VALUES, title: 'Library Corners 2' }, NO_IMAGE_CHANGE)).resolves.toBe(true);
    const [put] = fake.requests('PUT', '/api/campaigns/1');
    const sent = fields(put?.body, put?.contentType);
    expect(sent).not.toHaveProperty('image');
    expect(sent).not.toHaveProperty('remove_image');
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', 'Campaign updated successfully');
    await vi.waitFor(() => expect(state().campaigns.find((c) => c.id === 1)).toMatchObject({ title: 'Library Corners 2', image_url: '/uploads/campaigns/old.webp' }));
  });

  it('update: a removed picture is sent as remove_image=true', async () => {
    fake.state.campaigns[0]!.image_url = '/uploads/campaigns/old.webp';
    await state().update(1, VALUES, { file: null, remove: true });
    const [put] = fake.requests('PUT', '/api/campaigns/1');
    expect(fields(put?.body, put?.contentType)).toMatchObject({ remove_image: 'true' });
    expect(fake.state.campaigns[0]?.image_url).toBeNull();
  });

  it('update: a new picture replaces the old one (the file wins over remove)', async () => {
    await state().update(1, VALUES, { file: jpeg('new.jpg'), remove: true });
    const [put] = fake.requests('PUT', '/api/campaigns/1');
    const sent = fields(put?.body, put?.contentType);
    expect(sent.image).toBe('new.jpg');
    expect(sent).not.toHaveProperty('remove_image');
  });

  it("update failure: 'Failed to update campaign', 'Campaign not found' for the form", async () => {
    await expect(state().update(999, VALUES, NO_IMAGE_CHANGE)).resolves.toBe(false);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to update campaign');
    expect(state().formError).toBe('Campaign not found');
  });
});

describe('delete', () => {
  it("DELETE /api/campaigns/{id}, 'Campaign deleted successfully', reload", async () => {
    await state().load();
    const pending = state().remove(2);
    expect(state().deleting).toBe(true);
    await expect(pending).resolves.toBe(true);
    expect(state().deleting).toBe(false);
    expect(fake.requests('DELETE', '/api/campaigns/2')).toHaveLength(1);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', 'Campaign deleted successfully');
    await vi.waitFor(() => expect(state().campaigns.map((c) => c.id)).toEqual([1]));
  });

  it("a campaign with donations: the server's reason as the toast, the list kept", async () => {
    fake.state.donations = [donationFixture(5, { campaign_id: 1 })];
    await state().load();
    await expect(state().remove(1)).resolves.toBe(false);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith(
      'error',
      'This campaign has donations and cannot be deleted; set its status to completed or paused instead.',
    );
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(state().campaigns).toHaveLength(2);
    expect(state().deleting).toBe(false);
  });

  it("a failure without a reason (server error, no reply): 'Failed to delete campaign'", async () => {
    fake.failures.set('DELETE /api/campaigns/1', { status: 500, body: { success: false, message: 'db exploded' } });
    await state().remove(1);
    fake.failures.set('DELETE /api/campaigns/1', 'drop');
    await state().remove(1);
    expect(t.notify.mock.calls).toEqual([
      ['error', 'Failed to delete campaign'],
      ['error', 'Failed to delete campaign'],
    ]);
  });
});

describe('the api module', () => {
  it('adminCampaignSearchParams sends the search only when it holds text', () => {
    expect(adminCampaignSearchParams({ page: 3, limit: 20, status: 'draft', search: '  water ' })).toEqual({ page: '3', limit: '20', status: 'draft', search: 'water' });
    expect(adminCampaignSearchParams({ page: 1, limit: 20, search: '   ' })).toEqual({ page: '1', limit: '20' });
  });

  it('parseAdminCampaignPage drops entries without an id and refuses a reply without a list', () => {
    const page = parseAdminCampaignPage({ success: true, data: { campaigns: [{ id: 1, title: 'A' }, { title: 'no id' }, null] }, meta: { total_pages: 1, current_page: 1, total: 1 } }, 1);
    expect(page.campaigns).toEqual([{ id: 1, title: 'A' }]);
    expect(() => parseAdminCampaignPage({ success: true, data: {} }, 1)).toThrow(TypeError);
  });
});

describe('reset (the page was left)', () => {
  it('forgets the list and drops an answer still on its way', async () => {
    await state().load();
    fake.failures.set('GET /api/admin/campaigns', { delayMs: 80 });
    const late = state().load();
    state().reset();
    await late;
    expect(state()).toMatchObject({ status: 'loading', campaigns: [], page: 1, totalPages: 0 });
  });
});
