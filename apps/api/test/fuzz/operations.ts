import { DEMO_ORGANISATION_SETTINGS, TEST_CARDS } from '@charity/domain';
import fc from 'fast-check';
import Stripe from 'stripe';
import { indianDonation } from '../support/donations.js';
import { illFormedMultipart, jsonBodies, multipartOf, mutated, nastyString, pathParam, pictureUploads, urlString, type FuzzBody } from './inputs.js';
import { certificatePan, certificateUploads, certificateYear } from './certificate-inputs.js';

// What the fuzz sends to each operation of the app: its path parameters, query keys and body, each built around a
// valid value so that the generated requests reach past the first check and into the route's own validation.
// Keyed "METHOD /url" exactly as app.routeCatalogue lists routes; a HEAD twin uses its GET's spec. The test fails
// for a route with no entry here, so a new route cannot go unfuzzed.

/** Rows and secrets the fuzz aims at: real ids, so that some requests succeed and the rest are refused after lookups. */
export interface FuzzWorld {
  campaignId: number;
  /** That campaign's page address (/campaigns/{slug}). */
  campaignSlug: string;
  draftCampaignId: number;
  eventId: number;
  imageId: number;
  donationId: number;
  messageId: number;
  receiptNumber: string;
  receiptToken: string;
  intentId: string;
  clientSecret: string;
  actionClientSecret: string;
  /** Usernames of accounts the sign-in and own-account routes are fuzzed with (all share `password`). */
  usernames: readonly string[];
  password: string;
  /** Small real pictures, for the share of uploads that are valid. */
  images: readonly Buffer[];
  webhookSecret: string;
  /** A monthly gift's management link token, its id, and the sandbox clock's key. */
  giftToken: string;
  giftId: number;
  clockKey: string;
}

/** Who the request is sent as: a signed-in admin (a valid token), a signed-in user, or a session made just for it. */
export type FuzzAuth = 'none' | 'admin' | 'user' | 'fresh-session';

export interface OperationSpec {
  auth?: FuzzAuth;
  params?: Record<string, fc.Arbitrary<string>>;
  query?: Record<string, fc.Arbitrary<string>>;
  body?: fc.Arbitrary<FuzzBody>;
  /** Extra request headers (beyond content type and auth). */
  headers?: fc.Arbitrary<Record<string, string>>;
}

const id = (real: number) => pathParam(fc.oneof(fc.constant(String(real)), fc.integer({ min: 1, max: 50 }).map(String)));
/**
 * An id for a route that deletes: never one of `keep`, the rows later operations aim at (the events fuzz deleting
 * the world's event would leave the image routes only 404s, and the upload path untested).
 */
const idSparing = (good: number, keep: readonly number[]) =>
  pathParam(fc.oneof(fc.constant(String(good)), fc.integer({ min: 1, max: 50 }).filter((n) => !keep.includes(n)).map(String)));
const oneOf = (...values: string[]) => fc.oneof(fc.constantFrom(...values), fc.constantFrom(...values).map((v) => v.toUpperCase()));
const pageQuery = { page: fc.integer({ min: -2, max: 3 }).map(String), limit: fc.integer({ min: -2, max: 500 }).map(String) };
const dateText = fc.oneof(fc.constantFrom('2025-01-31', '2025-02-31', '2025-13-01', '31/01/2025', '2025-01-01T10:00:00Z', '0000-01-01'), fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));

/** The placeholder '<user>' in a JSON body replaced by a real username (spread over accounts: each has its own lock-out). */
function withUser(body: FuzzBody, name: string): FuzzBody {
  if (!body.data) return body;
  return { ...body, data: Buffer.from(body.data.toString('utf8').replace('"<user>"', JSON.stringify(name))) };
}

/** A webhook body signed with the server's secret (the event is still garbage) or not signed at all. */
function webhookBodies(secret: string): fc.Arbitrary<{ body: FuzzBody; signature: string }> {
  const event = mutated(
    {
      id: 'evt_fuzz',
      type: 'payment_intent.succeeded',
      created: 1_700_000_000,
      data: { object: { id: 'pi_sbx_000', object: 'payment_intent', amount: 100000, currency: 'inr', status: 'succeeded', metadata: { attempt_key: 'k' } } },
    },
    3,
  );
  const signed = fc.tuple(event, fc.integer({ min: 0, max: 1_000_000 })).map(([value, n]) => {
    const payload = JSON.stringify({ ...value, id: typeof value.id === 'string' ? `${value.id}_${n}` : value.id });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return { body: { contentType: 'application/json', data: Buffer.from(payload), label: 'signed event' }, signature };
  });
  const unsigned = fc
    .tuple(fc.oneof(event.map((v) => JSON.stringify(v)), nastyString), fc.oneof(fc.constant(''), urlString, fc.constant('t=1,v1=abc')))
    .map(([payload, signature]) => ({ body: { contentType: 'application/json', data: Buffer.from(payload), label: 'unsigned event' }, signature }));
  return fc.oneof({ weight: 2, arbitrary: signed }, { weight: 3, arbitrary: unsigned });
}

export function operationSpecs(world: FuzzWorld): Record<string, OperationSpec> {
  const donationData = indianDonation({ campaign_id: world.campaignId });
  const campaignTemplate = {
    title: 'Fuzz campaign',
    description: 'A campaign made by the fuzz.',
    target_amount: 5000,
    status: 'active',
    is_featured: 'false',
    category: 'education',
    start_date: '2025-01-01',
    end_date: '2030-12-31',
  };
  const campaignBodies = fc.oneof(
    { weight: 3, arbitrary: jsonBodies(campaignTemplate) },
    { weight: 1, arbitrary: multipartOf({ ...campaignTemplate, remove_image: 'true' }, ['image'], world.images) },
    // Text that is not well-formed (JSON's is in jsonBodies): a part in UTF-16 with a lone surrogate.
    { weight: 1, arbitrary: illFormedMultipart(campaignTemplate, 'image', world.images) },
  );
  const eventTemplate = { title: 'Fuzz event', description: 'An event made by the fuzz.', date: '2025-03-01', location: 'Hall', impact: '10 children', status: 'completed' };
  const username = fc.constantFrom(...world.usernames);
  const statusFilter = (...values: string[]) => oneOf('all', ...values);

  const campaignList = {
    ...pageQuery,
    status: statusFilter('active', 'completed', 'paused'),
    featured: oneOf('true', 'false', '1', '0'),
    is_featured: oneOf('true', 'false', '1', '0'),
    category: fc.constantFrom('education', 'health', ''),
    search: fc.constantFrom('Fuzz', 'campaign', "' OR 1=1 --"),
    sort: fc.constantFrom('newest', 'oldest', 'ending_soon', 'most_funded', 'least_funded', 'popular'),
  };
  const donationFilters = {
    status: statusFilter('completed', 'failed', 'pending', 'refunded'),
    type: statusFilter('one_time', 'monthly'),
    campaign_id: fc.oneof(fc.constant(String(world.campaignId)), fc.constant('none'), fc.integer().map(String)),
    from: dateText,
    to: dateText,
    q: fc.constantFrom('Asha', 'ABCDE1234F', '%', '_'),
    currency: fc.constantFrom('INR', 'USD', 'inr', 'XXX'),
    country: fc.constantFrom('IN', 'US', 'in', 'ZZZ'),
    source: fc.constantFrom('website', 'widget'),
    partner: fc.constantFrom('https://partner.example', 'HTTPS://Partner.Example:443/', 'none', 'partner.example', 'https://partner.example/donate', 'javascript:alert(1)'),
  };

  const reportMonth = fc.oneof(fc.constantFrom('2026-04', '2026-13', '1899-12', '0000-01', '2026-4', 'April'), fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 7)));
  const partnerReport = {
    from: reportMonth,
    to: reportMonth,
    partner: fc.constantFrom('https://partner.example', 'HTTPS://Partner.Example:443/', 'none', 'partner.example', 'javascript:alert(1)'),
  };

  const webhook = webhookBodies(world.webhookSecret);
  // The gift's real link most of the time (so changes reach the use cases), else missing, tampered or junk tokens.
  const giftToken: fc.Arbitrary<Record<string, string>> = fc.oneof(
    { weight: 4, arbitrary: fc.constant({ 'x-gift-token': world.giftToken }) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constant({ 'x-gift-token': `${world.giftToken.slice(0, -1)}x` }) },
    { weight: 1, arbitrary: nastyString.map((value) => ({ 'x-gift-token': value.replace(/[^\t\x20-\x7e]/g, '').slice(0, 90) })) },
  );

  return {
    'GET /api/health': {},
    // The API described (plugins/openapi.ts): no parameters, the same document whatever is sent.
    'GET /api/openapi.json': {},
    'GET /api/docs': {},
    // keep 2: most sign-ins are malformed; each well-formed one costs a deliberate scrypt check (~50 ms).
    'POST /api/auth/login': { body: fc.tuple(username, jsonBodies({ username: '<user>', password: 'wrong-password' }, { keep: 2 })).map(([name, body]) => withUser(body, name)) },
    'POST /api/auth/logout': { auth: 'fresh-session', body: jsonBodies({}) },
    'GET /api/auth/verify': { auth: 'user' },
    'POST /api/auth/refresh': { auth: 'fresh-session', body: jsonBodies({}) },
    'POST /api/auth/change-password': { auth: 'user', body: jsonBodies({ currentPassword: 'not-the-password', newPassword: 'a-new-password-9' }, { keep: 2 }) },
    'PUT /api/auth/profile': { auth: 'user', body: jsonBodies({ full_name: 'Asha Rao' }) },
    'GET /api/campaigns': { query: { ...campaignList, include_drafts: oneOf('false', '0') } },
    'GET /api/campaigns/search': { query: { ...campaignList, q: fc.constantFrom('Fuzz', 'educ', '%', '_') } },
    'GET /api/campaigns/:id': { params: { id: id(world.campaignId) } },
    'GET /api/campaigns/:id/stats': { params: { id: id(world.campaignId) } },
    'GET /api/campaigns/slug/:slug': {
      params: { slug: fc.oneof(pathParam(fc.constant(world.campaignSlug)), fc.constantFrom('no-such-campaign', 'A', '4', 'a--b', '-', 'x'.repeat(61))) },
    },
    'GET /api/campaigns/:id/share-image.jpg': { params: { id: id(world.campaignId) } },
    'GET /api/campaigns/:id/donations': { params: { id: id(world.campaignId) }, query: pageQuery },
    'GET /api/campaigns/:id/analytics': { params: { id: id(world.campaignId) }, query: { period: fc.constantFrom('7d', '30d', '90d', '365d', '1d', '') } },
    'POST /api/campaigns': { auth: 'admin', body: campaignBodies },
    'PUT /api/campaigns/:id': { auth: 'admin', params: { id: id(world.draftCampaignId) }, body: campaignBodies },
    'DELETE /api/campaigns/:id': { auth: 'admin', params: { id: idSparing(world.draftCampaignId, [world.campaignId]) } },
    'POST /api/contact': {
      // A valid message (subject is one of CONTACT_SUBJECTS' values), so some are accepted and their notice recorded.
      body: jsonBodies({ name: 'Asha Rao', email: 'asha@example.org', phone: '9876543210', subject: 'volunteer', message: 'I would like to help.' }),
    },
    'GET /api/events': { query: { status: statusFilter('upcoming', 'ongoing', 'completed') } },
    'GET /api/events/featured': { query: { limit: pageQuery.limit } },
    'GET /api/events/upcoming': {},
    'GET /api/events/completed': {},
    'GET /api/events/:id': { params: { id: id(world.eventId) } },
    'POST /api/events': { auth: 'admin', body: jsonBodies(eventTemplate) },
    'PUT /api/events/:id': { auth: 'admin', params: { id: id(world.eventId) }, body: jsonBodies(eventTemplate) },
    'DELETE /api/events/:id': { auth: 'admin', params: { id: idSparing(world.eventId + 1000, [world.eventId]) } },
    'POST /api/events/:id/images': {
      auth: 'admin',
      params: { id: id(world.eventId) },
      body: fc.oneof(
        { weight: 6, arbitrary: multipartOf({ caption: 'x' }, ['images', 'images[]'], world.images) },
        { weight: 1, arbitrary: pictureUploads('images', world.images) },
        { weight: 1, arbitrary: illFormedMultipart({ caption: 'A day at the library' }, 'images', world.images) },
        { weight: 2, arbitrary: jsonBodies({ images: [] }) },
      ),
    },
    'DELETE /api/events/:id/images/:imageId': { auth: 'admin', params: { id: id(world.eventId), imageId: id(world.imageId) } },
    'GET /api/payments/config': {},
    'POST /api/payments/create-intent': {
      body: jsonBodies({ donation_data: donationData, payment_method_id: TEST_CARDS.declined.paymentMethod }, { keep: 6 }),
      headers: fc.oneof(fc.constant({}), fc.record({ origin: fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1') })),
    },
    'POST /api/payments/sandbox/confirm': { body: jsonBodies({ client_secret: world.clientSecret, payment_method_id: TEST_CARDS.visa.paymentMethod }) },
    'POST /api/payments/sandbox/authenticate': { body: jsonBodies({ client_secret: world.actionClientSecret, outcome: 'fail' }) },
    'POST /api/donations/save-after-payment': {
      body: jsonBodies({ donation_data: donationData, payment_intent_id: world.intentId, payment_method_id: TEST_CARDS.visa.paymentMethod, payment_status: 'completed' }),
    },
    'GET /api/stats': {},
    'POST /api/invoices/generate-and-send': { body: jsonBodies({ donation_id: world.donationId, payment_intent_id: world.intentId }) },
    'GET /api/invoices/:number/download': {
      params: { number: pathParam(fc.constantFrom(world.receiptNumber, 'BBF-2025-000001', 'x')) },
      query: { token: fc.constantFrom(world.receiptToken, world.receiptToken.slice(1), 'abc') },
    },
    'POST /api/webhooks/stripe': { body: webhook.map((w) => w.body), headers: webhook.map((w) => ({ 'stripe-signature': w.signature.replace(/[^\t\x20-\x7e]/g, '') })) },
    'POST /api/recurring/links': { body: jsonBodies({ email: 'asha.verma@example.org' }) },
    'GET /api/recurring/gift': { headers: giftToken },
    'GET /api/recurring/gift/receipts/:number': { headers: giftToken, params: { number: pathParam(fc.constantFrom(world.receiptNumber, 'BBF/2026-27/000999', 'x')) } },
    'POST /api/recurring/gift/amount': { headers: giftToken, body: jsonBodies({ amount: 1500 }) },
    'POST /api/recurring/gift/pause': { headers: giftToken, body: jsonBodies({ months: 1 }) },
    'POST /api/recurring/gift/resume': { headers: giftToken, body: jsonBodies({}) },
    'POST /api/recurring/gift/cancel': { headers: giftToken, body: jsonBodies({ reason: 'Fuzz' }) },
    'POST /api/recurring/gift/card/setup': { headers: giftToken, body: jsonBodies({}) },
    'POST /api/recurring/gift/card': { headers: giftToken, body: jsonBodies({ setup_intent_id: 'seti_sbx_fuzz' }) },
    'POST /api/recurring/gift/links/revoke': { headers: giftToken.map((h) => (h['x-gift-token'] === world.giftToken ? { 'x-gift-token': 'A'.repeat(43) } : h)), body: jsonBodies({}) },
    'GET /api/payments/sandbox/clock': {},
    'POST /api/payments/sandbox/clock/advance': {
      headers: fc.constantFrom<Record<string, string>>({ 'x-sandbox-clock-key': world.clockKey }, { 'x-sandbox-clock-key': 'guess' }, {}),
      body: jsonBodies({ by: '1d' }),
    },
    'POST /api/payments/sandbox/confirm-setup': { body: jsonBodies({ client_secret: 'seti_sbx_x_secret_y', payment_method: TEST_CARDS.visa.paymentMethod }) },
    'GET /api/admin/recurring': { auth: 'admin', query: { ...pageQuery, status: statusFilter('active', 'paused', 'past_due', 'lapsed', 'cancelled'), search: fc.constantFrom('asha', '%', '_') } },
    'POST /api/admin/recurring/:id/cancel': { auth: 'admin', params: { id: id(world.giftId) }, body: jsonBodies({ reason: 'Fuzz' }) },
    'POST /api/admin/recurring/:id/resend-link': { auth: 'admin', params: { id: id(world.giftId) }, body: jsonBodies({}) },
    'GET /api/admin/dashboard': { auth: 'admin', query: { period: fc.constantFrom('30d', '90d', '365d', '7d', 'forever') } },
    'GET /api/admin/campaigns': { auth: 'admin', query: { ...pageQuery, status: statusFilter('active', 'completed', 'paused', 'draft'), search: fc.constantFrom('Fuzz', '%') } },
    'GET /api/admin/donations': { auth: 'admin', query: { ...pageQuery, ...donationFilters } },
    'GET /api/admin/donations/export.csv': { auth: 'admin', query: donationFilters },
    'GET /api/admin/donations/:id': { auth: 'admin', params: { id: id(world.donationId) } },
    // Mostly bad ids: each accepted one draws a PDF and sends a mail (tens of ms).
    'POST /api/admin/donations/:id/resend-receipt': { auth: 'admin', params: { id: pathParam(fc.constant(String(world.donationId)), 1) }, body: jsonBodies({}) },
    // Small amounts of the world's donation (a share succeed until it is refunded in full), and bad ids and bodies.
    'POST /api/admin/donations/:id/refunds': { auth: 'admin', params: { id: id(world.donationId) }, body: jsonBodies({ amount_minor: 100, reason: 'Duplicate gift' }) },
    'GET /api/admin/refunds/:id/note.pdf': { auth: 'admin', params: { id: id(1) } },
    'GET /api/admin/tax-year/:year': { auth: 'admin', params: { year: pathParam(fc.constantFrom('2026-27', '2025-26', '2099-00', '2025-2026', '2026-28')) } },
    'GET /api/admin/tax-year/:year/form-10bd.csv': { auth: 'admin', params: { year: pathParam(fc.constantFrom('2026-27', '2025-26', '2099-00', '2025-2026')) } },
    // Mostly bad years: an accepted run issues a statement (a PDF drawn and mailed) to each donor of the year without one.
    'POST /api/admin/tax-year/:year/statements': { auth: 'admin', params: { year: pathParam(fc.constantFrom('2026-27', '2023-24'), 1) }, body: jsonBodies({}) },
    'GET /api/admin/tax-year/:year/statement.pdf': { auth: 'admin', params: { year: pathParam(fc.constantFrom('2026-27', '2025-26')) }, query: { email: fc.constantFrom('asha.verma@example.org', 'ASHA.VERMA@example.org', 'nobody@example.org', '') } },
    // The world's donor and the PAN they gave (an accepted write leaves it, so the certificates still match); mutated
    // PANs, addresses and years are refused without a change.
    'PUT /api/admin/tax-year/:year/donors/pan': { auth: 'admin', params: { year: pathParam(fc.constantFrom('2026-27', '2025-26', '2099-00', '2025-2026')) }, body: jsonBodies({ email: 'asha.verma@example.org', pan: 'ABCDE1234F' }) },
    'POST /api/statements/request': { body: fc.integer({ min: 1, max: 1_000_000 }).chain((n) => jsonBodies({ email: n % 100 === 0 ? 'asha.verma@example.org' : `donor${n}@example.org`, financial_year: '2026-27' })) },
    'GET /api/statements/:token.pdf': { params: { token: pathParam(fc.constantFrom('A'.repeat(43), 'x'.repeat(42), 'short')) } },
    'POST /api/admin/tax-year/:year/certificates': { auth: 'admin', params: { year: certificateYear }, body: certificateUploads },
    'GET /api/admin/tax-year/:year/certificates/:pan.pdf': { auth: 'admin', params: { year: certificateYear, pan: certificatePan } },
    'POST /api/admin/tax-year/:year/certificates/send': { auth: 'admin', params: { year: certificateYear }, body: jsonBodies({}) },
    // The demo values (valid) mutated: a share save a new version, the rest are refused field by field.
    'GET /api/admin/settings/organisation': { auth: 'admin' },
    'PUT /api/admin/settings/organisation': { auth: 'admin', body: jsonBodies({ ...DEMO_ORGANISATION_SETTINGS, address: { ...DEMO_ORGANISATION_SETTINGS.address } }) },
    'GET /api/admin/payment-attempts': { auth: 'admin', query: { ...pageQuery, q: fc.constantFrom('asha', '%', '_', '\\', 'example.org'), outcome: fc.constantFrom('', 'declined', 'failed', 'abandoned', 'blocked', 'DECLINED', 'other') } },
    'GET /api/admin/messages': { auth: 'admin', query: { ...pageQuery, status: statusFilter('unread', 'read', 'archived'), q: fc.constantFrom('Asha', '%') } },
    'GET /api/admin/messages/:id': { auth: 'admin', params: { id: id(world.messageId) } },
    'PATCH /api/admin/messages/:id': { auth: 'admin', params: { id: id(world.messageId) }, body: jsonBodies({ status: 'read' }) },
    'GET /api/admin/outbox': { auth: 'admin', query: { ...pageQuery, status: statusFilter('stored', 'sent', 'failed', 'queued') } },
    // Staff's downloads (issue 20): the world's donation's receipt, and the first mails' attachments (each accepted one draws a PDF).
    'GET /api/admin/donations/:id/receipt.pdf': { auth: 'admin', params: { id: id(world.donationId) } },
    'GET /api/admin/outbox/:id/attachments/:index': { auth: 'admin', params: { id: id(1), index: pathParam(fc.constantFrom('0', '1', '99', '100', '-1', '01')) } },
    // Partners (docs/decisions/031-partner-report.md): months good, impossible and reversed; origins good and not.
    'GET /api/admin/partners': { auth: 'admin' },
    'GET /api/admin/partners/report': { auth: 'admin', query: partnerReport },
    'GET /api/admin/partners/report.csv': { auth: 'admin', query: partnerReport },
    // Not under /api: the static and page routes take only a path (and the widget page a partner query).
    'GET /uploads/*': { params: { '*': fc.oneof(fc.constantFrom('events/none-800.webp', 'x.png', 'evil.svg', '../db/x', '.env'), urlString.map((s) => s.split('/').map(encodePartSafe).join('/'))) } },
    'GET /embed/donate': { query: { partner: fc.constantFrom('http://127.0.0.1:1', 'https://evil.example', 'javascript:alert(1)', '"><script>alert(1)</script>') } },
    'GET /widget.js': { query: { v: fc.constantFrom('1', 'x') } },
    'GET /robots.txt': { query: { v: fc.constantFrom('1', '<x>') } },
    'GET /sitemap.xml': { query: { page: fc.constantFrom('1', '2', '&amp;') } },
    'GET /storybook': {},
    'GET /storybook/*': { params: { '*': fc.constantFrom('index.html', '../package.json', '%2e%2e/x', 'iframe.html') } },
    'GET /*': { params: { '*': fc.oneof(fc.constantFrom('assets/app-abc.js', 'assets/missing.js', 'campaigns', 'index.html', '.env', '..%2F..%2Fpackage.json'), urlString.map(encodePartSafe)) } },
    'GET /': { query: { q: fc.constantFrom('x', '<script>') } },
    // widget.js asks for its page's origin (decision 033): real origins, a listed one among them, and things that are not.
    'GET /api/widget/partner-status': {
      query: { origin: fc.oneof(fc.constantFrom('http://127.0.0.1:1', 'https://school.example', 'HTTPS://School.Example:443/', 'null', 'file://', 'https://x.example/path', ''), urlString) },
    },
  } satisfies Record<string, OperationSpec> as Record<string, OperationSpec>;

  function encodePartSafe(part: string): string {
    return encodeURIComponent(part.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

