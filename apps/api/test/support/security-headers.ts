// The security headers every answer of the API carries, written out literally (not imported from the plugin) so a
// test comparing against them fails when the plugin drifts. Shared by security-headers.test.ts and slow-clients.test.ts.

export const SITE_CSP =
  "default-src 'self';script-src 'self' https://js.stripe.com;frame-src https://js.stripe.com https://hooks.stripe.com;" +
  "connect-src 'self' https://api.stripe.com;img-src 'self' data: blob: https://*.stripe.com;style-src 'self' 'unsafe-inline';" +
  "font-src 'self';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'self'";

/** Every answer: helmet's set as configured, and our Permissions-Policy. */
export const EXPECTED_BASELINE_HEADERS: Record<string, string> = {
  'content-security-policy': SITE_CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")',
};
