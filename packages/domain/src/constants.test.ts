import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('section 9 constants', () => {
  it.each<[keyof typeof domain, unknown]>([
    ['REQUEST_TIMEOUT_MS', 60000],
    ['RETRY_ATTEMPTS', 3],
    ['RETRY_BACKOFF_MS', 1000],
    ['STORAGE_KEYS', { token: 'admin_token', user: 'admin_user', session: 'admin_session' }],
    ['FORM_RESET_MS', 10000],
    ['HEADER_HIDE_SCROLL_PX', 100],
    ['BACK_TO_TOP_SCROLL_PX', 300],
    ['SWIPE_THRESHOLD_PX', 50],
    ['MOBILE_BREAKPOINT_PX', 768],
    ['SLIDESHOW_DEFAULT_MS', 5000],
    ['HERO_SLIDESHOW_MS', 6000],
    ['FOCUS_SLIDESHOW_MS', 4000],
    ['SLIDESHOW_RESUME_MS', 1000],
    ['PROTECTED_ROUTE_WAIT_MS', 100],
    ['TOAST_DURATION_MS', 4000],
    ['FEATURED_EVENTS_DEFAULT_LIMIT', 6],
    ['STATS_START', { totalDonations: 15847, totalAmount: 1000000, childrenHelped: 5241, countries: 12 }],
    ['AMOUNT_RAISED_TEXT', '₹10,00,000'],
    ['DONATION_TYPES', ['one_time', 'monthly']],
    ['DONATION_SOURCE', 'website'],
    ['DEFAULT_DONATION_AMOUNT', 1000],
    ['PASSWORD_MIN_LENGTH', 6],
    ['DEFAULT_EVENT_STATUS', 'upcoming'],
    ['CAMPAIGN_CURRENCY', 'INR'],
    ['DEFAULT_AFTER_LOGIN_PATH', '/admin/events'],
  ])('%s', (name, value) => {
    expect(domain[name]).toEqual(value);
  });

  it('recognises donation types', () => {
    expect(domain.isDonationType('monthly')).toBe(true);
    expect(domain.isDonationType('weekly')).toBe(false);
  });
});
