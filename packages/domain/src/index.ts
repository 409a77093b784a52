/**
 * @charity/domain — the charity site's business rules as pure functions and constants.
 * One rule, one place: imported by the UI library, the site and the API alike.
 */
export * from './constants';
export * from './currencies';
export * from './field-limits';
export * from './test-cards';
export * from './countries';
export * from './format';
export * from './amounts';
export * from './impact';
export * from './campaign';
export * from './campaign-card';
export * from './campaign-page';
export * from './organisation';
export * from './page-meta';
export * from './messages';
export * from './http';
export * from './auth';
export * from './session-expiry';
export * from './payment';
export * from './slideshow';
export * from './validation/email';
export * from './validation/pan';
export * from './validation/phone';
export * from './validation/postal';
export * from './validation/login';
export * from './validation/contact';
export * from './validation/donation';
export * from './validation/event';
export * from './contact-response';
export * from './event';
export * from './login-failure';
export * from './card-payments';
export * from './admin';
export * from './donation-payment';
// The one reading of "a JSON object" for reply readers in every package.
export { isRecord } from './internal/values';
export * from './site-routes';
export * from './organisation-time';
export * from './recurring';
export * from './refunds';
export * from './organisation-settings';
export * from './tax-year';
export * from './brand-colours';
export * from './donation-source';
export * from './partner-report';
