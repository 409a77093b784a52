import path from 'node:path';
import { LARGEST_DONATION_INR } from '@charity/domain';
import { DEFAULT_SITE_DIR, DEFAULT_STORYBOOK_DIR } from './paths.js';
import { isProxyAddress, TRUST_PROXY_MAX_HOPS, type TrustProxySetting } from './proxy-trust.js';

/**
 * The server's settings, read once from the environment at start-up. A missing or malformed value stops the
 * server with one sentence that names the setting, so an operator can fix it without reading a stack trace.
 */

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type PaymentsConfig =
  | { mode: 'sandbox' }
  | { mode: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string | null };

export interface Config {
  port: number;
  host: string;
  /** Absolute. Holds the embedded database (db/), its lock file and uploads/. */
  dataDir: string;
  /** Absolute; always dataDir/uploads. */
  uploadsDir: string;
  /** A PostgreSQL server to use instead of the embedded database, or null. */
  databaseUrl: string | null;
  /** Most connections the server opens to PostgreSQL at once (DATABASE_POOL_SIZE, default 20; unused with PGlite). */
  databasePoolSize: number;
  /** Where photos and certificates are kept (STORAGE_URL; decision 039): DATA_DIR, or an S3-compatible bucket. */
  storage: StorageLocation;
  /** Background jobs (decision 040): how often a process looks for due jobs, and how long a claim holds unextended. */
  jobs: { pollMs: number; leaseMs: number };
  /** Credentials for the first admin account; null means "generate a password". */
  admin: { username: string; password: string } | null;
  /** Where visitors reach the site, without a trailing slash (links in mail, redirects). */
  publicBaseUrl: string;
  payments: PaymentsConfig;
  /**
   * An extra ceiling on a donation accepted online, in whole units of the donation's currency (PAYMENT_MAX_AMOUNT).
   * Each currency's own largest amount is the domain's (packages/domain/src/currencies.ts); a donation may not exceed
   * the smaller of the two: largestAcceptedAmount(currency, paymentMaxAmount). See docs/decisions/020-one-table-per-fact.md.
   */
  paymentMaxAmount: number;
  /** null: outgoing mail is written to the outbox table instead of being sent. */
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Where staff notices go (STAFF_NOTICES_TO: a new contact message, a failed refund, a lapsed monthly gift, the daily
   * summary); null: the organisation's own e-mail address (docs/decisions/025-staff-notices.md).
   */
  staffNoticesTo: string | null;
  /** Absolute; the built site to serve. */
  siteDir: string;
  logLevel: LogLevel;
  /**
   * The reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (TRUST_PROXY): false (none: the socket's
   * address is the client), how many there are, or their addresses (src/proxy-trust.ts; decision 013).
   */
  trustProxy: TrustProxySetting;
  /** Largest accepted uploaded file, in whole megabytes (UPLOAD_MAX_MB, default 5). */
  uploadMaxMb: number;
  /** Admin sign-in sessions: idle timeout in minutes and absolute lifetime in hours. */
  session: { idleMinutes: number; maxHours: number };
  /**
   * Partner sites allowed to frame the donate widget (PARTNER_ORIGINS): origins such as 'https://partner.example',
   * or '*' for any site. Empty (the default): no partner may frame /embed/donate.
   */
  partnerOrigins: PartnerOrigins;
  /** Absolute; the static Storybook (`npm run build-storybook`) served at /storybook/ when it exists. */
  storybookDir: string;
  /**
   * The dashboard warns when the newest backup is older than this many days (BACKUP_WARN_DAYS, default 2: a nightly
   * backup missed twice; docs/decisions/042-backups.md).
   */
  backupWarnDays: number;
}

/** `any: true` when PARTNER_ORIGINS contains '*'; `origins` are the listed ones, normalised (lower case, no slash). */
export type StorageLocation =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Prepended to every key: '' or 'some/prefix/'. */
      prefix: string;
      /** An S3-compatible service's address (MinIO, R2, Backblaze…); null for AWS S3 itself. */
      endpoint: string | null;
      region: string;
      /** Bucket in the path (http://host/bucket/key) rather than the host name: most S3-compatible services want it. */
      forcePathStyle: boolean;
      /**
       * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN) when set; null lets the SDK find them
       * itself (a profile, an instance or task role). Never logged.
       */
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
    };

export interface PartnerOrigins {
  any: boolean;
  origins: string[];
}

type Env = Record<string, string | undefined>;

export const DEFAULT_MAIL_FROM = 'Bright Beginnings Foundation <no-reply@localhost>';

/** Quotes a value for an error message, shortened so a pasted blob does not flood the terminal. */
function shown(value: string): string {
  const short = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return JSON.stringify(short);
}

/** A URL for an error message with any password replaced, so secrets never reach a terminal or log. */
function shownUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return shown(url.toString());
  } catch {
    return shown(value);
  }
}

/**
 * Reads one variable. Empty or blank counts as unset: `.env` files and process managers often
 * write `KEY=` for "not configured", and treating that as a value would only produce confusing errors.
 */
function read(env: Env, key: string): string | undefined {
  const value = env[key];
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

function parsePort(env: Env): number {
  const raw = read(env, 'PORT');
  if (raw === undefined) return 3000;
  const port = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number between 1 and 65535 (got ${shown(raw)}).`);
  }
  return port;
}

function parseHost(env: Env): string {
  const raw = read(env, 'HOST');
  if (raw === undefined) return '0.0.0.0';
  if (/\s|\//.test(raw)) {
    throw new ConfigError(`HOST must be a host name or IP address such as 0.0.0.0 or 127.0.0.1 (got ${shown(raw)}).`);
  }
  return raw;
}

function parseDatabaseUrl(env: Env): string | null {
  const raw = read(env, 'DATABASE_URL');
  if (raw === undefined) return null;
  const url = parseUrl(raw);
  if (!url || !['postgres:', 'postgresql:'].includes(url.protocol) || !url.hostname) {
    throw new ConfigError(
      `DATABASE_URL must be a postgres:// or postgresql:// URL such as postgres://user:password@host:5432/dbname (got ${shownUrl(raw)}).`,
    );
  }
  return raw;
}

function parseAdmin(env: Env): Config['admin'] {
  const username = read(env, 'ADMIN_USERNAME');
  // Passwords are taken verbatim: leading or trailing spaces may be intended.
  const password = env.ADMIN_PASSWORD === undefined || env.ADMIN_PASSWORD.trim() === '' ? undefined : env.ADMIN_PASSWORD;
  if (username === undefined && password === undefined) return null;
  if (username === undefined) {
    throw new ConfigError('ADMIN_USERNAME must be set when ADMIN_PASSWORD is set (or unset both to generate an admin password).');
  }
  if (password === undefined) {
    throw new ConfigError('ADMIN_PASSWORD must be set when ADMIN_USERNAME is set (or unset both to generate an admin password).');
  }
  if (username.length > 64 || /\s/.test(username)) {
    throw new ConfigError(`ADMIN_USERNAME must be at most 64 characters without spaces (got ${shown(username)}).`);
  }
  if (password.length < 6) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 6 characters long.');
  }
  return { username, password };
}

function parsePublicBaseUrl(env: Env, port: number): string {
  const raw = read(env, 'PUBLIC_BASE_URL');
  if (raw === undefined) return `http://localhost:${port}`;
  const url = parseUrl(raw);
  if (!url || !['http:', 'https:'].includes(url.protocol)) {
    throw new ConfigError(`PUBLIC_BASE_URL must be an http:// or https:// URL such as https://example.org (got ${shown(raw)}).`);
  }
  return raw.replace(/\/+$/, '');
}

function requirePrefix(env: Env, key: string, prefix: string): string | null {
  const raw = read(env, key);
  if (raw === undefined) return null;
  // The value is a secret (or half of one): say what is wrong without echoing it.
  if (!raw.startsWith(prefix)) throw new ConfigError(`${key} must start with "${prefix}".`);
  return raw;
}

function parsePayments(env: Env): PaymentsConfig {
  const secretKey = requirePrefix(env, 'STRIPE_SECRET_KEY', 'sk_');
  const publishableKey = requirePrefix(env, 'STRIPE_PUBLISHABLE_KEY', 'pk_');
  const webhookSecret = requirePrefix(env, 'STRIPE_WEBHOOK_SECRET', 'whsec_');
  const raw = read(env, 'PAYMENTS_MODE');
  const mode = raw ?? (secretKey ? 'stripe' : 'sandbox');
  if (mode !== 'sandbox' && mode !== 'stripe') {
    throw new ConfigError(`PAYMENTS_MODE must be "sandbox" or "stripe" (got ${shown(mode)}).`);
  }
  if (mode === 'sandbox') return { mode };
  if (!secretKey) throw new ConfigError('STRIPE_SECRET_KEY must be set when PAYMENTS_MODE is "stripe".');
  if (!publishableKey) {
    throw new ConfigError('STRIPE_PUBLISHABLE_KEY must be set when PAYMENTS_MODE is "stripe" (the site needs it for card entry).');
  }
  return { mode, secretKey, publishableKey, webhookSecret };
}

function parseSmtpUrl(env: Env): string | null {
  const raw = read(env, 'SMTP_URL');
  if (raw === undefined) return null;
  const url = parseUrl(raw);
  if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
    throw new ConfigError(
      `SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.org:465 (got ${shownUrl(raw)}).`,
    );
  }
  return raw;
}

const STORAGE_URL_EXAMPLE = 's3://my-bucket/optional/prefix?endpoint=https://minio.example.org:9000&region=eu-west-1&path_style=true';
const STORAGE_URL_OPTIONS = new Set(['endpoint', 'region', 'path_style']);

function parseStorageUrl(env: Env): StorageLocation {
  const raw = read(env, 'STORAGE_URL');
  if (raw === undefined) return { kind: 'local' };
  const fail = (why: string): never => {
    throw new ConfigError(`STORAGE_URL ${why}: expected ${STORAGE_URL_EXAMPLE} (got ${shownUrl(raw)}).`);
  };
  const url = parseUrl(raw);
  if (!url || url.protocol !== 's3:') return fail('must start with s3://');
  if (url.username || url.password) fail('must not hold credentials (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)');
  const bucket = url.hostname;
  // S3's bucket naming rules: 3-63 characters, lowercase letters, digits, dots and hyphens, starting and ending alphanumeric.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) fail('must name a bucket (3 to 63 lowercase letters, digits, dots or hyphens)');
  let keyPrefix = '';
  try {
    keyPrefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  } catch {
    fail('has a prefix that is not valid percent-encoding');
  }
  if (keyPrefix !== '' && !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(keyPrefix)) fail('has a prefix with characters other than letters, digits, . _ - and /');
  for (const key of url.searchParams.keys()) if (!STORAGE_URL_OPTIONS.has(key)) fail(`has an unknown option "${key}" (endpoint, region and path_style are known)`);
  const endpointRaw = url.searchParams.get('endpoint');
  let endpoint: string | null = null;
  if (endpointRaw !== null) {
    const parsed = parseUrl(endpointRaw);
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname || parsed.username || parsed.password) {
      fail('has an endpoint that is not an http:// or https:// address without credentials');
    }
    endpoint = parsed!.origin;
  }
  const region = url.searchParams.get('region') ?? read(env, 'AWS_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]{2,32}$/.test(region)) fail('has a region that is not a region name such as eu-west-1 or auto');
  const pathStyle = url.searchParams.get('path_style');
  if (pathStyle !== null && !['true', 'false'].includes(pathStyle)) fail('has a path_style other than true or false');
  const accessKeyId = read(env, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = read(env, 'AWS_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both, or neither (the SDK then finds a profile or role).');
  }
  const sessionToken = read(env, 'AWS_SESSION_TOKEN');
  const credentials = accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : null;
  return {
    kind: 's3',
    bucket,
    prefix: keyPrefix === '' ? '' : `${keyPrefix}/`,
    endpoint,
    region,
    forcePathStyle: pathStyle === null ? endpoint !== null : pathStyle === 'true',
    credentials,
  };
}

function parseMailFrom(env: Env): string {
  const raw = read(env, 'MAIL_FROM');
  if (raw === undefined) return DEFAULT_MAIL_FROM;
  if (!/[^\s@<>"]+@[^\s@<>"]+/.test(raw)) {
    throw new ConfigError(
      `MAIL_FROM must contain an email address, e.g. "Bright Beginnings Foundation <donations@example.org>" (got ${shown(raw)}).`,
    );
  }
  return raw;
}

function parseStaffNoticesTo(env: Env): string | null {
  const raw = read(env, 'STAFF_NOTICES_TO');
  if (raw === undefined) return null;
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(raw)) {
    throw new ConfigError(`STAFF_NOTICES_TO must be one e-mail address such as office@example.org (got ${shown(raw)}).`);
  }
  return raw;
}

function parseLogLevel(env: Env): LogLevel {
  const raw = read(env, 'LOG_LEVEL');
  if (raw === undefined) return 'info';
  const level = raw.toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got ${shown(raw)}).`);
  }
  return level as LogLevel;
}

export const TRUST_PROXY_TRUE_REFUSED =
  'TRUST_PROXY=true is no longer accepted because it let any client choose its own address: set TRUST_PROXY to the number of proxies in front of the server (usually 1) or to their addresses (such as 127.0.0.1).';

function parseTrustProxy(env: Env): TrustProxySetting {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined) return false;
  const value = raw.toLowerCase();
  if (['false', '0', 'no'].includes(value)) return false;
  // "Trust every address" took the left-most X-Forwarded-For, which the client writes: refused, not reinterpreted.
  if (['true', 'yes'].includes(value)) throw new ConfigError(TRUST_PROXY_TRUE_REFUSED);
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > TRUST_PROXY_MAX_HOPS) {
      throw new ConfigError(`TRUST_PROXY must count at most ${TRUST_PROXY_MAX_HOPS} proxies (got ${shown(raw)}).`);
    }
    return hops;
  }
  const entries = raw.split(',').map((part) => part.trim()).filter((part) => part !== '');
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || wrong !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be false, the number of proxies in front of the server (such as 1), or a comma-separated list of their addresses or CIDR ranges such as 127.0.0.1,10.0.0.0/8 (got ${shown(wrong ?? raw)}).`,
    );
  }
  return entries;
}

/** A whole number from `min` to `max`, or `fallback` when unset; otherwise a sentence naming the key and the range. */
function parseWholeNumber(env: Env, key: string, fallback: number, min: number, max: number, unit: string): number {
  const raw = read(env, key);
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${key} must be a whole number of ${unit} from ${min} to ${max} (got ${shown(raw)}).`);
  }
  return value;
}

export const UPLOAD_MAX_MB_DEFAULT = 5;
// Each file is held in memory while it is checked and re-encoded, and ten can come in one request: 50 MB
// keeps the worst case bounded; no photograph for a web gallery needs more.
export const UPLOAD_MAX_MB_LIMIT = 50;
export const SESSION_IDLE_MINUTES_DEFAULT = 120;
// The INR row of the currency table: by default the table alone decides, in every currency.
export const PAYMENT_MAX_AMOUNT_DEFAULT = LARGEST_DONATION_INR;
// Stripe accepts at most eight digits in minor units (999,999.99 of a two-decimal currency): a larger limit
// would only turn a clear "too large" answer into a provider error after the donor typed their card.
export const PAYMENT_MAX_AMOUNT_LIMIT = 999_999;
export const SESSION_MAX_HOURS_DEFAULT = 12;
export const DATABASE_POOL_SIZE_DEFAULT = 20;
/** A nightly backup missed twice. Up to a year: a larger value would mean never warning at all. */
export const BACKUP_WARN_DAYS_DEFAULT = 2;
export const BACKUP_WARN_DAYS_LIMIT = 365;
/** Background jobs: a due job starts within a second; a dead process's job is taken over after a minute. */
export const JOB_POLL_MS_DEFAULT = 1_000;
export const JOB_LEASE_MS_DEFAULT = 60_000;
// PostgreSQL's own default max_connections is 100, shared by every replica and tool: one process asking for more
// than a few hundred is a typo, and would only turn into "too many clients" errors under load.
export const DATABASE_POOL_SIZE_LIMIT = 500;

function parseSession(env: Env): Config['session'] {
  // A session that lives for weeks is a stolen laptop's open door: 30 days is the ceiling either way.
  const maxHours = parseWholeNumber(env, 'SESSION_MAX_HOURS', SESSION_MAX_HOURS_DEFAULT, 1, 720, 'hours');
  const idleMinutes = parseWholeNumber(env, 'SESSION_IDLE_MINUTES', SESSION_IDLE_MINUTES_DEFAULT, 5, 43_200, 'minutes');
  if (idleMinutes > maxHours * 60) {
    throw new ConfigError(
      `SESSION_IDLE_MINUTES must not be longer than SESSION_MAX_HOURS (got ${idleMinutes} minutes against ${maxHours} hours).`,
    );
  }
  return { idleMinutes, maxHours };
}

/**
 * An origin exactly as a browser sends it (scheme, host, optional port; no path, query or credentials), normalised
 * the way URL serialises it ('HTTPS://Partner.Example:443/' → 'https://partner.example'); null when `raw` is not one.
 */
export function parseOrigin(raw: string): string | null {
  if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(raw)) return null;
  const url = parseUrl(raw);
  if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname || url.username || url.password) return null;
  return url.origin;
}

function parsePartnerOrigins(env: Env): PartnerOrigins {
  const raw = read(env, 'PARTNER_ORIGINS');
  if (raw === undefined) return { any: false, origins: [] };
  let any = false;
  const origins: string[] = [];
  for (const entry of raw.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
    if (entry === '*') {
      any = true;
      continue;
    }
    const origin = parseOrigin(entry);
    if (!origin) {
      throw new ConfigError(
        `PARTNER_ORIGINS must be a comma-separated list of origins such as https://partner.example (scheme and host, no path), or * for any site (got ${shown(entry)}).`,
      );
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return { any, origins };
}

/** Reads and validates every setting; throws ConfigError naming the first one that is wrong. */
export function loadConfig(env: Env = process.env): Config {
  const port = parsePort(env);
  const host = parseHost(env);
  const dataDir = path.resolve(process.cwd(), read(env, 'DATA_DIR') ?? './data');
  const databaseUrl = parseDatabaseUrl(env);
  const databasePoolSize = parseWholeNumber(env, 'DATABASE_POOL_SIZE', DATABASE_POOL_SIZE_DEFAULT, 1, DATABASE_POOL_SIZE_LIMIT, 'connections');
  const jobs = {
    pollMs: parseWholeNumber(env, 'JOB_POLL_MS', JOB_POLL_MS_DEFAULT, 50, 60_000, 'milliseconds'),
    leaseMs: parseWholeNumber(env, 'JOB_LEASE_MS', JOB_LEASE_MS_DEFAULT, 1_000, 3_600_000, 'milliseconds'),
  };
  const admin = parseAdmin(env);
  const publicBaseUrl = parsePublicBaseUrl(env, port);
  const payments = parsePayments(env);
  const smtpUrl = parseSmtpUrl(env);
  const storage = parseStorageUrl(env);
  const mailFrom = parseMailFrom(env);
  const staffNoticesTo = parseStaffNoticesTo(env);
  const siteDirSetting = read(env, 'SITE_DIR');
  const siteDir = siteDirSetting === undefined ? DEFAULT_SITE_DIR : path.resolve(process.cwd(), siteDirSetting);
  const logLevel = parseLogLevel(env);
  const trustProxy = parseTrustProxy(env);
  const uploadMaxMb = parseWholeNumber(env, 'UPLOAD_MAX_MB', UPLOAD_MAX_MB_DEFAULT, 1, UPLOAD_MAX_MB_LIMIT, 'megabytes');
  const session = parseSession(env);
  const paymentMaxAmount = parseWholeNumber(env, 'PAYMENT_MAX_AMOUNT', PAYMENT_MAX_AMOUNT_DEFAULT, 1, PAYMENT_MAX_AMOUNT_LIMIT, 'currency units');
  const partnerOrigins = parsePartnerOrigins(env);
  const storybookDirSetting = read(env, 'STORYBOOK_DIR');
  const storybookDir = storybookDirSetting === undefined ? DEFAULT_STORYBOOK_DIR : path.resolve(process.cwd(), storybookDirSetting);
  const backupWarnDays = parseWholeNumber(env, 'BACKUP_WARN_DAYS', BACKUP_WARN_DAYS_DEFAULT, 1, BACKUP_WARN_DAYS_LIMIT, 'days');
  return {
    port,
    host,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl,
    databasePoolSize,
    storage,
    jobs,
    admin,
    publicBaseUrl,
    payments,
    paymentMaxAmount,
    smtpUrl,
    mailFrom,
    staffNoticesTo,
    siteDir,
    logLevel,
    trustProxy,
    uploadMaxMb,
    session,
    partnerOrigins,
    storybookDir,
    backupWarnDays,
  };
}
