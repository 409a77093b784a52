import { largestDonationMessage, SAVED_PAYMENT_STATUS } from '@charity/domain';

// The donations module's answers, word for word (spec sections 4 "Payment panel" and 7 "Payments";
// docs/decisions/019-donations-module.md). Tests and the other packages read them from here.

export const PAYMENT_ROUTE_MESSAGES = {
  intentCreated: 'Payment intent created',
  notAnObject: 'Send donation_data and payment_method_id as a JSON object.',
  paymentMethodMissing: 'payment_method_id is required.',
  paymentMethodInvalid: 'payment_method_id must be a payment method id (pm_…) from the card form.',
  tooLarge: largestDonationMessage,
  campaignClosed: 'This campaign is not accepting donations.',
  tooManyFailures: 'Too many failed payment attempts from this address. Please try again later.',
  tooManyIntents: 'Too many payment attempts from this address. Please try again later.',
  partnerOriginInvalid: 'partner_origin must be the origin of a partner site allowed to embed the donate widget (PARTNER_ORIGINS).',
  sandboxBody: 'Send client_secret and payment_method_id as a JSON object.',
  sandboxAuthBody: "Send client_secret and outcome ('complete' or 'fail') as a JSON object.",
} as const;

export const CREATE_INTENT_RATE_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 } as const;

export const DONATION_ROUTE_MESSAGES = {
  saved: 'Donation saved',
  notAnObject: 'Send donation_data, payment_intent_id, payment_method_id and payment_status as a JSON object.',
  intentMissing: 'payment_intent_id is required.',
  intentInvalid: 'payment_intent_id must be a payment intent id (pi_…).',
  statusInvalid: `payment_status must be '${SAVED_PAYMENT_STATUS}'.`,
  dataMissing: 'donation_data is required.',
  paymentNotFound: 'Payment not found.',
  amountMismatch: 'The payment amount or currency does not match this donation.',
  detailsMismatch: 'The donation details do not match this payment.',
} as const;

export const WEBHOOK_MESSAGES = {
  invalidSignature: 'Invalid signature',
  notConfigured: 'Webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is not set).',
} as const;
