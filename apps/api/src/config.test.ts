import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_MAIL_FROM, loadConfig } from './config.js';
import { DEFAULT_SITE_DIR } from './paths.js';

function errorFor(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig defaults', () => {
  it('gives a working configuration from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve(process.cwd(), 'data'),
      uploadsDir: path.resolve(process.cwd(), 'data', 'uploads'),
      databaseUrl: null,
      databasePoolSize: 20,
      admin: null,
      publicBaseUrl: 'http://localhost:3000',
      payments: { mode: 'sandbox' },
      paymentMaxAmount: 500_000,
      smtpUrl: null,
      mailFrom: DEFAULT_MAIL_FROM,
      staffNoticesTo: null,
      siteDir: DEFAULT_SITE_DIR,
      logLevel: 'info',
      trustProxy: false,
      uploadMaxMb: 5,
      session: { idleMinutes: 120, maxHours: 12 },
      storage: { kind: 'local' },
      jobs: { pollMs: 1_000, leaseMs: 60_000 },
      backupWarnDays: 2,
    });
  });

  it('finds the built site relative to this package, not the working directory', () => {
    expect(DEFAULT_SITE_DIR).toBe(path.resolve(import.meta.dirname, '../../site/dist'));
  });

  it('treats empty values as unset, as .env files write them', () => {
    expect(loadConfig({ PORT: '', ADMIN_USERNAME: '', ADMIN_PASSWORD: '  ', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      admin: null,
      databaseUrl: null,
    });
  });

  it('follows PORT in the default PUBLIC_BASE_URL and resolves directories against the working directory', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: 'var/charity', SITE_DIR: 'public-site' });
    expect(config.publicBaseUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toBe(path.resolve(process.cwd(), 'var/charity'));
    expect(config.siteDir).toBe(path.resolve(process.cwd(), 'public-site'));
  });

  it('reads every key when given', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/charity',
      DATABASE_URL: 'postgresql://charity:secret@db.internal:5433/charity',
      ADMIN_USERNAME: 'asha',
      ADMIN_PASSWORD: 'correct horse',
      PUBLIC_BASE_URL: 'https://brightbeginnings.example.org/',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      SMTP_URL: 'smtps://mailer:pw@smtp.example.org:465',
      MAIL_FROM: 'Donations <donations@example.org>',
      STAFF_NOTICES_TO: 'office@brightbeginnings.example.org',
      SITE_DIR: '/srv/site',
      LOG_LEVEL: 'WARN',
      TRUST_PROXY: '1',
      UPLOAD_MAX_MB: '8',
      SESSION_IDLE_MINUTES: '30',
      SESSION_MAX_HOURS: '24',
      PAYMENT_MAX_AMOUNT: '250000',
      DATABASE_POOL_SIZE: '40',
      BACKUP_WARN_DAYS: '7',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      dataDir: '/srv/charity',
      uploadsDir: '/srv/charity/uploads',
      databaseUrl: 'postgresql://charity:secret@db.internal:5433/charity',
      admin: { username: 'asha', password: 'correct horse' },
      publicBaseUrl: 'https://brightbeginnings.example.org',
      payments: { mode: 'stripe', secretKey: 'sk_test_123', publishableKey: 'pk_test_123', webhookSecret: 'whsec_123' },
      smtpUrl: 'smtps://mailer:pw@smtp.example.org:465',
      mailFrom: 'Donations <donations@example.org>',
      staffNoticesTo: 'office@brightbeginnings.example.org',
      siteDir: '/srv/site',
      logLevel: 'warn',
      trustProxy: 1,
      uploadMaxMb: 8,
      session: { idleMinutes: 30, maxHours: 24 },
      paymentMaxAmount: 250_000,
      databasePoolSize: 40,
      backupWarnDays: 7,
    });
  });

  it('uses the sandbox when PAYMENTS_MODE=sandbox even if Stripe keys are present', () => {
    const config = loadConfig({ PAYMENTS_MODE: 'sandbox', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' });
    expect(config.payments).toEqual({ mode: 'sandbox' });
  });

  it('accepts silent logs', () => {
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
  });
});

describe('TRUST_PROXY', () => {
  it('is off unset, empty, false, 0 or no: the socket address is the client', () => {
    for (const value of [undefined, '', 'false', 'FALSE', '0', 'no']) expect(loadConfig({ TRUST_PROXY: value }).trustProxy, String(value)).toBe(false);
  });

  it('counts proxies as a whole number from 1 to 10', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10' }).trustProxy).toBe(10);
  });

  it('lists the proxies by address, CIDR range or proxy-addr name', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,fd00::/8,loopback,' }).trustProxy).toEqual(['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses true (it trusted the left-most, client-written address) with one sentence saying what to set', () => {
    const refusal =
      'TRUST_PROXY=true is no longer accepted because it let any client choose its own address: set TRUST_PROXY to the number of proxies in front of the server (usually 1) or to their addresses (such as 127.0.0.1).';
    expect(errorFor({ TRUST_PROXY: 'true' })).toBe(refusal);
    expect(errorFor({ TRUST_PROXY: 'True' })).toBe(refusal);
    expect(errorFor({ TRUST_PROXY: 'yes' })).toBe(refusal);
  });

  it.each([
    ['maybe', 'maybe'],
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['127.0.0.1, nginx', 'nginx'],
    ['1.5', '1.5'],
    ['-1', '-1'],
    [',', ','],
  ])('refuses %j naming the wrong entry', (value, shown) => {
    expect(errorFor({ TRUST_PROXY: value })).toBe(
      `TRUST_PROXY must be false, the number of proxies in front of the server (such as 1), or a comma-separated list of their addresses or CIDR ranges such as 127.0.0.1,10.0.0.0/8 (got "${shown}").`,
    );
  });

  it('refuses more than 10 proxies', () => {
    expect(errorFor({ TRUST_PROXY: '11' })).toBe('TRUST_PROXY must count at most 10 proxies (got "11").');
  });
});

describe('loadConfig refuses a wrong setting with one sentence naming it', () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ['PORT not a number', { PORT: 'abc' }, 'PORT must be a whole number between 1 and 65535 (got "abc").'],
    ['PORT out of range', { PORT: '70000' }, 'PORT must be a whole number between 1 and 65535 (got "70000").'],
    ['PORT zero', { PORT: '0' }, 'PORT must be a whole number between 1 and 65535 (got "0").'],
    ['PORT fractional', { PORT: '80.5' }, 'PORT must be a whole number between 1 and 65535 (got "80.5").'],
    [
      'HOST with a scheme',
      { HOST: 'http://localhost' },
      'HOST must be a host name or IP address such as 0.0.0.0 or 127.0.0.1 (got "http://localhost").',
    ],
    [
      'DATABASE_URL of another database',
      { DATABASE_URL: 'mysql://root:hunter2@localhost/charity' },
      'DATABASE_URL must be a postgres:// or postgresql:// URL such as postgres://user:password@host:5432/dbname (got "mysql://root:***@localhost/charity").',
    ],
    [
      'DATABASE_URL not a URL',
      { DATABASE_URL: 'localhost:5432' },
      'DATABASE_URL must be a postgres:// or postgresql:// URL such as postgres://user:password@host:5432/dbname (got "localhost:5432").',
    ],
    [
      'ADMIN_USERNAME without a password',
      { ADMIN_USERNAME: 'asha' },
      'ADMIN_PASSWORD must be set when ADMIN_USERNAME is set (or unset both to generate an admin password).',
    ],
    [
      'ADMIN_PASSWORD without a username',
      { ADMIN_PASSWORD: 'secret123' },
      'ADMIN_USERNAME must be set when ADMIN_PASSWORD is set (or unset both to generate an admin password).',
    ],
    ['ADMIN_PASSWORD too short', { ADMIN_USERNAME: 'asha', ADMIN_PASSWORD: '12345' }, 'ADMIN_PASSWORD must be at least 6 characters long.'],
    [
      'ADMIN_USERNAME with a space',
      { ADMIN_USERNAME: 'asha rao', ADMIN_PASSWORD: 'secret123' },
      'ADMIN_USERNAME must be at most 64 characters without spaces (got "asha rao").',
    ],
    [
      'PUBLIC_BASE_URL without a scheme',
      { PUBLIC_BASE_URL: 'example.org' },
      'PUBLIC_BASE_URL must be an http:// or https:// URL such as https://example.org (got "example.org").',
    ],
    [
      'PUBLIC_BASE_URL with another scheme',
      { PUBLIC_BASE_URL: 'ftp://example.org' },
      'PUBLIC_BASE_URL must be an http:// or https:// URL such as https://example.org (got "ftp://example.org").',
    ],
    ['DATABASE_POOL_SIZE zero', { DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must be a whole number of connections from 1 to 500 (got "0").'],
    ['DATABASE_POOL_SIZE not a number', { DATABASE_POOL_SIZE: 'ten' }, 'DATABASE_POOL_SIZE must be a whole number of connections from 1 to 500 (got "ten").'],
    ['DATABASE_POOL_SIZE too large', { DATABASE_POOL_SIZE: '5000' }, 'DATABASE_POOL_SIZE must be a whole number of connections from 1 to 500 (got "5000").'],
    ['PAYMENTS_MODE unknown', { PAYMENTS_MODE: 'paypal' }, 'PAYMENTS_MODE must be "sandbox" or "stripe" (got "paypal").'],
    ['PAYMENTS_MODE=stripe without keys', { PAYMENTS_MODE: 'stripe' }, 'STRIPE_SECRET_KEY must be set when PAYMENTS_MODE is "stripe".'],
    [
      'Stripe without a publishable key',
      { STRIPE_SECRET_KEY: 'sk_test_1' },
      'STRIPE_PUBLISHABLE_KEY must be set when PAYMENTS_MODE is "stripe" (the site needs it for card entry).',
    ],
    ['STRIPE_SECRET_KEY malformed', { STRIPE_SECRET_KEY: 'pk_test_1' }, 'STRIPE_SECRET_KEY must start with "sk_".'],
    [
      'STRIPE_PUBLISHABLE_KEY malformed',
      { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'sk_test_1' },
      'STRIPE_PUBLISHABLE_KEY must start with "pk_".',
    ],
    [
      'STRIPE_WEBHOOK_SECRET malformed',
      { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'secret' },
      'STRIPE_WEBHOOK_SECRET must start with "whsec_".',
    ],
    [
      'SMTP_URL of another scheme',
      { SMTP_URL: 'https://user:pw@mail.example.org' },
      'SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.org:465 (got "https://user:***@mail.example.org/").',
    ],
    [
      'MAIL_FROM without an address',
      { MAIL_FROM: 'Bright Beginnings' },
      'MAIL_FROM must contain an email address, e.g. "Bright Beginnings Foundation <donations@example.org>" (got "Bright Beginnings").',
    ],
    [
      'STAFF_NOTICES_TO not one address',
      { STAFF_NOTICES_TO: 'office@example.org, director@example.org' },
      'STAFF_NOTICES_TO must be one e-mail address such as office@example.org (got "office@example.org, director@example.org").',
    ],
    ['LOG_LEVEL unknown', { LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose").'],
    [
      'TRUST_PROXY neither a count nor addresses',
      { TRUST_PROXY: 'maybe' },
      'TRUST_PROXY must be false, the number of proxies in front of the server (such as 1), or a comma-separated list of their addresses or CIDR ranges such as 127.0.0.1,10.0.0.0/8 (got "maybe").',
    ],
    ['UPLOAD_MAX_MB zero', { UPLOAD_MAX_MB: '0' }, 'UPLOAD_MAX_MB must be a whole number of megabytes from 1 to 50 (got "0").'],
    ['UPLOAD_MAX_MB with a unit', { UPLOAD_MAX_MB: '5MB' }, 'UPLOAD_MAX_MB must be a whole number of megabytes from 1 to 50 (got "5MB").'],
    ['UPLOAD_MAX_MB too large', { UPLOAD_MAX_MB: '500' }, 'UPLOAD_MAX_MB must be a whole number of megabytes from 1 to 50 (got "500").'],
    ['BACKUP_WARN_DAYS zero', { BACKUP_WARN_DAYS: '0' }, 'BACKUP_WARN_DAYS must be a whole number of days from 1 to 365 (got "0").'],
    ['BACKUP_WARN_DAYS with a unit', { BACKUP_WARN_DAYS: '2d' }, 'BACKUP_WARN_DAYS must be a whole number of days from 1 to 365 (got "2d").'],
    ['BACKUP_WARN_DAYS a fraction', { BACKUP_WARN_DAYS: '1.5' }, 'BACKUP_WARN_DAYS must be a whole number of days from 1 to 365 (got "1.5").'],
    ['BACKUP_WARN_DAYS negative', { BACKUP_WARN_DAYS: '-1' }, 'BACKUP_WARN_DAYS must be a whole number of days from 1 to 365 (got "-1").'],
    ['BACKUP_WARN_DAYS too large', { BACKUP_WARN_DAYS: '366' }, 'BACKUP_WARN_DAYS must be a whole number of days from 1 to 365 (got "366").'],
    [
      'SESSION_IDLE_MINUTES too short',
      { SESSION_IDLE_MINUTES: '1' },
      'SESSION_IDLE_MINUTES must be a whole number of minutes from 5 to 43200 (got "1").',
    ],
    [
      'SESSION_MAX_HOURS fractional',
      { SESSION_MAX_HOURS: '1.5' },
      'SESSION_MAX_HOURS must be a whole number of hours from 1 to 720 (got "1.5").',
    ],
    [
      'PAYMENT_MAX_AMOUNT above what Stripe accepts',
      { PAYMENT_MAX_AMOUNT: '1000000' },
      'PAYMENT_MAX_AMOUNT must be a whole number of currency units from 1 to 999999 (got "1000000").',
    ],
    [
      'PAYMENT_MAX_AMOUNT with grouping',
      { PAYMENT_MAX_AMOUNT: '5,00,000' },
      'PAYMENT_MAX_AMOUNT must be a whole number of currency units from 1 to 999999 (got "5,00,000").',
    ],
    ['SESSION_MAX_HOURS zero', { SESSION_MAX_HOURS: '0' }, 'SESSION_MAX_HOURS must be a whole number of hours from 1 to 720 (got "0").'],
    [
      'SESSION_IDLE_MINUTES longer than SESSION_MAX_HOURS',
      { SESSION_IDLE_MINUTES: '180', SESSION_MAX_HOURS: '2' },
      'SESSION_IDLE_MINUTES must not be longer than SESSION_MAX_HOURS (got 180 minutes against 2 hours).',
    ],
  ];

  it.each(cases)('%s', (_name, env, sentence) => {
    expect(errorFor(env)).toBe(sentence);
  });

  it('never echoes secrets in its messages', () => {
    expect(errorFor({ ADMIN_USERNAME: 'asha', ADMIN_PASSWORD: 'abc' })).not.toContain('abc');
    expect(errorFor({ STRIPE_SECRET_KEY: 'rk_live_supersecret' })).not.toContain('supersecret');
    expect(errorFor({ DATABASE_URL: 'mysql://u:topsecret@h/db' })).not.toContain('topsecret');
  });

  it('writes each message as one sentence', () => {
    for (const [, env] of cases) {
      const message = errorFor(env);
      expect(message).toMatch(/^[A-Z_]+ .*\.$/);
      expect(message).not.toContain('\n');
    }
  });
});

describe('PARTNER_ORIGINS and STORYBOOK_DIR', () => {
  it('lets no partner frame the widget by default, and finds storybook-static at the repository root', () => {
    const config = loadConfig({});
    expect(config.partnerOrigins).toEqual({ any: false, origins: [] });
    expect(config.storybookDir).toBe(path.resolve(import.meta.dirname, '../../../storybook-static'));
    expect(loadConfig({ STORYBOOK_DIR: 'sb' }).storybookDir).toBe(path.resolve(process.cwd(), 'sb'));
  });

  it('reads a comma-separated list of origins, normalised, and * for any site', () => {
    expect(loadConfig({ PARTNER_ORIGINS: ' https://Partner.example , http://127.0.0.1:4100/,https://partner.example' }).partnerOrigins).toEqual({
      any: false,
      origins: ['https://partner.example', 'http://127.0.0.1:4100'],
    });
    expect(loadConfig({ PARTNER_ORIGINS: '*' }).partnerOrigins).toEqual({ any: true, origins: [] });
  });

  it.each(['partner.example', 'https://partner.example/donate', 'ftp://partner.example', 'https://user:pw@partner.example'])(
    'refuses %s with a sentence naming the setting',
    (entry) => {
      expect(errorFor({ PARTNER_ORIGINS: `https://ok.example,${entry}` })).toBe(
        `PARTNER_ORIGINS must be a comma-separated list of origins such as https://partner.example (scheme and host, no path), or * for any site (got ${JSON.stringify(entry)}).`,
      );
    },
  );
});

describe('STORAGE_URL', () => {
  it('names an S3 bucket, its prefix, an S3-compatible endpoint and region, with the keys from AWS_*', () => {
    expect(
      loadConfig({ STORAGE_URL: 's3://charity-photos/site/a?endpoint=http://127.0.0.1:9000/&region=eu-west-1', AWS_ACCESS_KEY_ID: 'AKIA1', AWS_SECRET_ACCESS_KEY: 'secret' }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'charity-photos',
      prefix: 'site/a/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret' },
    });
    // AWS S3 itself: no endpoint, virtual-hosted names, AWS_REGION, credentials left to the SDK's chain.
    expect(loadConfig({ STORAGE_URL: 's3://charity-photos', AWS_REGION: 'ap-south-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'charity-photos',
      prefix: '',
      endpoint: null,
      region: 'ap-south-1',
      forcePathStyle: false,
      credentials: null,
    });
  });

  it.each([
    ['https://charity-photos.s3.amazonaws.com', 'must start with s3://'],
    ['s3://Charity_Photos', 'must name a bucket (3 to 63 lowercase letters, digits, dots or hyphens)'],
    ['s3://key:secret@charity-photos', 'must not hold credentials (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)'],
    ['s3://charity-photos?endpoint=ftp://files', 'has an endpoint that is not an http:// or https:// address without credentials'],
    ['s3://charity-photos?bucket=other', 'has an unknown option "bucket" (endpoint, region and path_style are known)'],
    ['s3://charity-photos?path_style=yes', 'has a path_style other than true or false'],
    ['s3://charity-photos/a b', 'has a prefix with characters other than letters, digits, . _ - and /'],
  ])('refuses %s: %s', (value, why) => {
    expect(() => loadConfig({ STORAGE_URL: value })).toThrow(`STORAGE_URL ${why}: expected s3://my-bucket/optional/prefix?endpoint=https://minio.example.org:9000&region=eu-west-1&path_style=true`);
  });

  it('wants both AWS keys or neither', () => {
    expect(() => loadConfig({ STORAGE_URL: 's3://charity-photos', AWS_ACCESS_KEY_ID: 'AKIA1' })).toThrow(
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both, or neither (the SDK then finds a profile or role).',
    );
  });
});

describe('JOB_POLL_MS and JOB_LEASE_MS', () => {
  it('are read as milliseconds within bounds', () => {
    expect(loadConfig({ JOB_POLL_MS: '250', JOB_LEASE_MS: '3000' }).jobs).toEqual({ pollMs: 250, leaseMs: 3_000 });
    expect(() => loadConfig({ JOB_LEASE_MS: '10' })).toThrow('JOB_LEASE_MS must be a whole number of milliseconds from 1000 to 3600000 (got "10").');
  });
});

describe('BACKUP_WARN_DAYS', () => {
  it('is 2 unset or empty, and any whole number of days from 1 to 365', () => {
    expect(loadConfig({ BACKUP_WARN_DAYS: '' }).backupWarnDays).toBe(2);
    expect(loadConfig({ BACKUP_WARN_DAYS: '1' }).backupWarnDays).toBe(1);
    expect(loadConfig({ BACKUP_WARN_DAYS: ' 365 ' }).backupWarnDays).toBe(365);
  });
});
