// Deterministic data for the admin console stories (dashboard, messages, outbox): fixed dates, no Date.now().
import type {
  AdminContactMessage,
  AdminDonation,
  BackupStatus,
  DailyDonations,
  DashboardPeriod,
  DashboardTotals,
  MessageCounts,
  OutboxMail,
  TopCampaign,
} from '@charity/domain';

export const ADMIN_USER = { full_name: 'Asha Rao', username: 'asha', role: 'admin' };

/** The last day of every chart below ('today' in the stories). */
export const CHART_END = '2026-11-22';

/** `days` calendar days ending on `end`, oldest first, zero-filled except the given days: { 'YYYY-MM-DD': [count, amount_inr] }. */
export function dailySeries(days: number, values: Readonly<Record<string, readonly [number, number]>> = {}, end = CHART_END): DailyDonations[] {
  const last = Date.parse(`${end}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(last - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    const [count, amount_inr] = values[date] ?? [0, 0];
    return { date, count, amount_inr };
  });
}

/** 30 days with 7 donations, ₹12,500 in all, the highest day ₹5,000 on 12 Nov 2026. */
export const DAILY_30 = dailySeries(30, {
  '2026-10-28': [1, 1000],
  '2026-11-03': [2, 2500],
  '2026-11-12': [2, 5000],
  '2026-11-18': [1, 1500],
  '2026-11-21': [1, 2500],
});

/** 90 days: the 30 above plus two earlier months; highest ₹8,000 on 5 Oct 2026. */
export const DAILY_90 = dailySeries(90, {
  '2026-08-30': [3, 4500],
  '2026-09-14': [1, 2000],
  '2026-09-29': [2, 3000],
  '2026-10-05': [4, 8000],
  '2026-10-28': [1, 1000],
  '2026-11-03': [2, 2500],
  '2026-11-12': [2, 5000],
  '2026-11-18': [1, 1500],
  '2026-11-21': [1, 2500],
});

/** A year with one donation day in each month; the year-end appeal (₹25,000 on 31 Dec 2025) stands out. */
export const DAILY_365 = dailySeries(365, {
  '2025-12-31': [9, 25000],
  '2026-01-15': [2, 3000],
  '2026-02-14': [3, 4200],
  '2026-03-15': [1, 1000],
  '2026-04-15': [2, 2600],
  '2026-05-15': [1, 500],
  '2026-06-15': [4, 6000],
  '2026-07-15': [2, 2500],
  '2026-08-15': [5, 15000],
  '2026-09-15': [1, 1200],
  '2026-10-15': [2, 3000],
  '2026-11-12': [2, 5000],
});

export const DAILY_ALL_ZERO = dailySeries(30);

/** Each period's days, for stories that switch periods. */
export const DAILY_BY_PERIOD: Readonly<Record<DashboardPeriod, DailyDonations[]>> = { '30d': DAILY_30, '90d': DAILY_90, '365d': DAILY_365 };

/** One large gift (₹10,00,000) and one small one (₹100) that still shows as a sliver. */
export const DAILY_SINGLE_BIG_DAY = dailySeries(30, { '2026-11-02': [1, 1_000_000], '2026-11-20': [1, 100] });

export const TOTALS: DashboardTotals = {
  count: 128,
  amount_inr: 845_000,
  offline_amount_inr: 1_250_000,
  donors: 97,
  by_currency: [
    { currency: 'INR', amount: 700_000, count: 110 },
    { currency: 'USD', amount: 1200, count: 12 },
    { currency: 'GBP', amount: 650, count: 6 },
  ],
  monthly: { count: 40, amount_inr: 240_000 },
  recurring: { active: 12, monthly_amount_inr: 18_500, gained_this_month: 3, lost_this_month: 1 },
  one_time: { count: 88, amount_inr: 605_000 },
  this_month: { count: 12, amount_inr: 62_500 },
  last_month: { count: 10, amount_inr: 50_000 },
};

export const TOTALS_DOWN: DashboardTotals = {
  ...TOTALS,
  this_month: { count: 6, amount_inr: 45_000 },
  last_month: { count: 10, amount_inr: 50_000 },
};

export const TOTALS_FIRST_MONTH: DashboardTotals = {
  count: 1,
  amount_inr: 2500,
  offline_amount_inr: 0,
  donors: 1,
  by_currency: [{ currency: 'INR', amount: 2500, count: 1 }],
  monthly: { count: 0, amount_inr: 0 },
  recurring: { active: 0, monthly_amount_inr: 0, gained_this_month: 0, lost_this_month: 0 },
  one_time: { count: 1, amount_inr: 2500 },
  this_month: { count: 1, amount_inr: 2500 },
  last_month: { count: 0, amount_inr: 0 },
};

export const TOTALS_EMPTY: DashboardTotals = {
  count: 0,
  amount_inr: 0,
  offline_amount_inr: 0,
  donors: 0,
  by_currency: [],
  monthly: { count: 0, amount_inr: 0 },
  recurring: { active: 0, monthly_amount_inr: 0, gained_this_month: 0, lost_this_month: 0 },
  one_time: { count: 0, amount_inr: 0 },
  this_month: { count: 0, amount_inr: 0 },
  last_month: { count: 0, amount_inr: 0 },
};

export const TOP_CAMPAIGNS: TopCampaign[] = [
  // Part of the first one was raised offline (entered by staff): the list shows the public figure and its split.
  { id: 3, title: 'School Books for 500 Children', raised_amount: 486_720, amount_inr: 520, offline_amount: 486_200, donation_count: 58, target_amount: 1_000_000 },
  { id: 1, title: 'Winter Blankets', raised_amount: 120_000, amount_inr: 120_000, offline_amount: 0, donation_count: 31, target_amount: 100_000 },
  { id: 7, title: 'Mid-day Meals', raised_amount: 35_000, amount_inr: 35_000, offline_amount: 0, donation_count: 1, target_amount: 0 },
];

function donation(overrides: Partial<AdminDonation> & Pick<AdminDonation, 'id' | 'created_at'>): AdminDonation {
  return {
    donor_name: 'Ravi Kumar',
    donor_email: 'ravi@example.org',
    is_anonymous: false,
    amount: 2500,
    currency: 'INR',
    amount_inr: 2500,
    donation_type: 'one_time',
    status: 'completed',
    campaign_id: 3,
    campaign_title: 'School Books for 500 Children',
    donor_country: 'India',
    donor_country_code: 'IN',
    receipt_number: 'BB-2026-0128',
    payment_intent_id: 'pi_sandbox_0128',
    partner_origin: null,
    source: 'website',
    ...overrides,
  };
}

export const RECENT_DONATIONS: AdminDonation[] = [
  // 21 Nov 2026, 15:45 organisation time (10:15 UTC).
  donation({ id: 128, created_at: '2026-11-21T10:15:00.000Z' }),
  donation({
    id: 127,
    created_at: '2026-11-18T04:00:00.000Z',
    donor_name: 'Meera Iyer',
    donor_email: 'meera@example.org',
    is_anonymous: true,
    amount: 1500,
    amount_inr: 1500,
    donation_type: 'monthly',
    campaign_id: null,
    campaign_title: null,
  }),
  donation({
    id: 126,
    created_at: '2026-11-12T18:40:00.000Z',
    donor_name: 'John Smith',
    donor_email: 'john@example.com',
    amount: 50,
    currency: 'USD',
    amount_inr: 4150,
    campaign_id: 1,
    campaign_title: 'Winter Blankets',
    donor_country: 'United States',
    donor_country_code: 'US',
  }),
  donation({
    id: 125,
    created_at: '2026-11-10T07:05:00.000Z',
    donor_name: null,
    donor_email: 'kind.soul@example.net',
    status: 'failed',
    receipt_number: null,
  }),
];

export const MESSAGE_COUNTS: MessageCounts = { unread: 2, read: 2, archived: 1 };

/** A message whose text looks like HTML: it must be shown as typed, never run. */
export const SCRIPT_TEXT = 'Hello,\n<script>alert(1)</script>\n<b>not bold</b>\n\nThanks, Priya';

export const UNREAD_MESSAGE: AdminContactMessage = {
  id: 41,
  name: 'Priya Sharma',
  email: 'priya@example.org',
  phone: '+91 98765 43210',
  subject: 'volunteer',
  message: SCRIPT_TEXT,
  status: 'unread',
  created_at: '2026-11-21T05:30:00.000Z',
};
export const UNREAD_MESSAGE_2: AdminContactMessage = {
  id: 40,
  name: 'Daniel Brooks',
  email: 'daniel@example.com',
  phone: null,
  subject: 'donation',
  message: 'Can I get an 80G receipt for my donation last month? I donated from the United Kingdom.',
  status: 'unread',
  created_at: '2026-11-20T12:00:00.000Z',
};
export const READ_MESSAGE: AdminContactMessage = {
  id: 38,
  name: 'Lakshmi Menon',
  email: 'lakshmi@example.org',
  phone: '9876501234',
  subject: 'general',
  message: 'Do you run the summer reading camp again next year?\nMy daughter loved it.',
  status: 'read',
  created_at: '2026-11-15T09:00:00.000Z',
};
export const READ_MESSAGE_2: AdminContactMessage = {
  id: 35,
  name: 'Arjun Patel',
  email: 'arjun@example.org',
  phone: null,
  subject: 'other',
  message: 'Thank you for the photos from the health camp.',
  status: 'read',
  created_at: '2026-11-02T15:20:00.000Z',
};
export const ARCHIVED_MESSAGE: AdminContactMessage = {
  id: 30,
  name: 'Sara Khan',
  email: 'sara@example.org',
  phone: null,
  subject: 'donation',
  message: 'Please remove me from the mailing list.',
  status: 'archived',
  created_at: '2026-10-30T08:00:00.000Z',
};

/** Deliberately not newest first: the inbox sorts them. */
export const INBOX_MESSAGES: AdminContactMessage[] = [READ_MESSAGE, UNREAD_MESSAGE, READ_MESSAGE_2, UNREAD_MESSAGE_2];

export const STORED_RECEIPT: OutboxMail = {
  id: 9,
  to: 'ravi@example.org',
  subject: 'Your donation receipt BB-2026-0128',
  text: 'Dear Ravi Kumar,\n\nThank you for your donation of ₹2,500.\nYour receipt is attached.\n\nBright Beginnings Foundation',
  status: 'stored',
  error: null,
  attachments: [{ filename: 'receipt-BB-2026-0128.pdf', contentType: 'application/pdf', size: 48_213 }],
  created_at: '2026-11-21T10:15:30.000Z',
  sent_at: null,
};
export const SENT_MAIL: OutboxMail = {
  id: 8,
  to: 'office@example.org',
  subject: 'New contact message: Volunteer Opportunities',
  text: 'From: Priya Sharma <priya@example.org>\n\nHello,\n<script>alert(1)</script>',
  status: 'sent',
  error: null,
  attachments: [],
  created_at: '2026-11-21T05:30:05.000Z',
  sent_at: '2026-11-21T05:30:07.000Z',
};
export const FAILED_MAIL: OutboxMail = {
  id: 7,
  to: 'john@example.com',
  subject: 'Your donation receipt BB-2026-0126',
  text: 'Dear John Smith,\n\nThank you for your donation of $50.',
  status: 'failed',
  error: '550 5.1.1 <john@example.com>: Recipient address rejected',
  attachments: [
    { filename: 'receipt-BB-2026-0126.pdf', contentType: 'application/pdf', size: 51_200 },
    { filename: 'note.txt', contentType: 'text/plain', size: 512 },
  ],
  created_at: '2026-11-12T18:40:10.000Z',
  sent_at: null,
};

/** 'Now' of the backup stories: 27 Nov 2026, 09:00 in India. */
export const BACKUP_NOW = new Date('2026-11-27T03:30:00Z');
/** Last night's backup, 27 Nov 2026, 02:00 in India, 14.2 MB. */
export const BACKUP_RECENT: BackupStatus = {
  last: { made_at: '2026-11-26T20:30:00.000Z', archive_bytes: 14_889_779, source: 'backup' },
  warn_after_days: 2,
  overdue: false,
};
/** The newest backup five nights ago (22 Nov 2026, 02:00 in India): more than BACKUP_WARN_DAYS (2) old. */
export const BACKUP_OVERDUE: BackupStatus = {
  last: { made_at: '2026-11-21T20:30:00.000Z', archive_bytes: 14_260_633, source: 'backup' },
  warn_after_days: 2,
  overdue: true,
};
/** No backup_runs row at all. */
export const BACKUP_NONE: BackupStatus = { last: null, warn_after_days: 2, overdue: true };
/** The site was restored from last night's archive (27 Nov 2026, 02:00), 15.2 MB; no backup made here since. */
export const BACKUP_RESTORED: BackupStatus = {
  last: { made_at: '2026-11-26T20:30:00.000Z', archive_bytes: 15_938_355, source: 'restored' },
  warn_after_days: 2,
  overdue: false,
};
/** The dashboard screen's: the backup of the chart's last night (22 Nov 2026, 02:00), seen that morning. */
export const DASHBOARD_BACKUP: BackupStatus = {
  last: { made_at: '2026-11-21T20:30:00.000Z', archive_bytes: 14_889_779, source: 'backup' },
  warn_after_days: 2,
  overdue: false,
};
/** 22 Nov 2026 (CHART_END), 10:00 in India. */
export const DASHBOARD_NOW = new Date('2026-11-22T04:30:00Z');

/** A 375 px phone (the brief's mobile width; Storybook's own presets are 320 and 414) and the 1280 px desktop preset. */
export const PHONE_375 = {
  parameters: {
    viewport: { options: { phone375: { name: 'Phone 375', styles: { width: '375px', height: '812px' }, type: 'mobile' } } },
  },
  globals: { viewport: { value: 'phone375', isRotated: false } },
};
export const DESKTOP_1280 = { globals: { viewport: { value: 'desktop', isRotated: false } } };

/** True when nothing on the page is wider than the window (no sideways scrolling of the whole page). */
export function fitsWindow(): boolean {
  return document.documentElement.scrollWidth <= window.innerWidth;
}
