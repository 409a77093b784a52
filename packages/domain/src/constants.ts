/** Business constants and limits (spec §2, §4, §7, §9). */

// --- Requests (spec §7, §9) ---
export const REQUEST_TIMEOUT_MS = 60000;
/** Total attempts for read (GET) calls, the first included. */
export const RETRY_ATTEMPTS = 3;
/** Back-off before the first retry; doubles for each further retry. */
export const RETRY_BACKOFF_MS = 1000;

// --- Session storage (spec §3, §9) ---
/** token and user are the spec's; session (its end and the last signed-in request, decision 037) is shared by tabs. */
export const STORAGE_KEYS = { token: 'admin_token', user: 'admin_user', session: 'admin_session' } as const;

// --- Timings and thresholds (spec §2, §4, §9) ---
/** The donation form resets this long after a successful payment. */
export const FORM_RESET_MS = 10000;
export const HEADER_HIDE_SCROLL_PX = 100;
export const BACK_TO_TOP_SCROLL_PX = 300;
export const SWIPE_THRESHOLD_PX = 50;
export const MOBILE_BREAKPOINT_PX = 768;
export const SLIDESHOW_DEFAULT_MS = 5000;
export const HERO_SLIDESHOW_MS = 6000;
export const FOCUS_SLIDESHOW_MS = 4000;
/** A slideshow paused by dragging or touching resumes this long after release. */
export const SLIDESHOW_RESUME_MS = 1000;
/** Extra wait after authentication state resolves before a protected route decides. */
export const PROTECTED_ROUTE_WAIT_MS = 100;
export const TOAST_DURATION_MS = 4000;
export const TOAST_POSITION = 'top-right';
export const CONTACT_REPLY_HOURS = 24;

// --- Lists (spec §7, §9) ---
export const FEATURED_EVENTS_DEFAULT_LIMIT = 6;

// --- Statistics (spec §1, §2) ---
export const STATS_START = {
  totalDonations: 15847,
  totalAmount: 1000000,
  childrenHelped: 5241,
  countries: 12,
} as const;
/** The hard-coded 'Amount Raised' statistic on /donate. */
export const AMOUNT_RAISED_TEXT = '₹10,00,000';

// --- Donations (spec §3, §9) ---
export const DONATION_TYPES = ['one_time', 'monthly'] as const;
export type DonationType = (typeof DONATION_TYPES)[number];
export const DEFAULT_DONATION_TYPE: DonationType = 'one_time';
export const DONATION_TYPE_LABELS: Readonly<Record<DonationType, string>> = {
  one_time: 'One-time',
  monthly: 'Monthly',
};
export const DONATION_SOURCE = 'website';
/** payment_status sent to POST /api/donations/save-after-payment. */
export const SAVED_PAYMENT_STATUS = 'completed';

export function isDonationType(value: unknown): value is DonationType {
  return typeof value === 'string' && (DONATION_TYPES as readonly string[]).includes(value);
}

// --- Routes (spec §2) ---
export const ROUTES = {
  home: '/',
  about: '/about',
  campaigns: '/campaigns',
  contact: '/contact',
  donate: '/donate',
  events: '/events',
  login: '/login',
  adminEvents: '/admin/events',
} as const;
/** Where a signed-in user goes from /login when no page was remembered. */
export const DEFAULT_AFTER_LOGIN_PATH = ROUTES.adminEvents;
