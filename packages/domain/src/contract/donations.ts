import { Type, type Static } from 'typebox';
import { DONATION_TYPES, SAVED_PAYMENT_STATUS } from '../constants';
import { FIELD_MAX_LENGTHS } from '../field-limits';
import { Nullable, Ok, OkWithMessage, StringEnum } from './common';

// A donation's life on the wire: the payment configuration, the intent, the sandbox's browser steps, saving the
// donation after payment, the receipt ("invoice" in the spec's paths), the public statistics and the provider's
// webhook (spec sections 6, 7 and 8). The bodies are read by the donations module's use cases, which answer every
// field's problem at once with the spec's messages: Fastify checks only that they are JSON objects (FormBody).

export const PaymentsConfigReply = Ok(
  Type.Object({
    mode: StringEnum(['sandbox', 'stripe'] as const),
    publishable_key: Nullable(Type.String()),
    max_amount: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          "The operator's ceiling on a donation (PAYMENT_MAX_AMOUNT), in whole units of the donation's currency, below each currency's own largest amount: largestAcceptedAmount(currency, max_amount). Absent when not set (the currency table alone decides).",
      }),
    ),
  }),
);
export type PaymentsConfigReply = Static<typeof PaymentsConfigReply>;

const DONOR = FIELD_MAX_LENGTHS.donor;

/** The donor as the wizard sends them (the domain's DonorPayload). */
export const DonorFields = Type.Object({
  full_name: Type.String({ maxLength: DONOR.full_name }),
  email: Type.String({ maxLength: DONOR.email }),
  mobile: Type.String({ maxLength: DONOR.mobile }),
  pan_number: Nullable(Type.String({ description: 'India only; null elsewhere' })),
  country: Type.String({ maxLength: DONOR.country }),
  country_code: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  state: Type.String({ maxLength: DONOR.state }),
  city: Type.String({ maxLength: DONOR.city }),
  address: Type.String({ maxLength: DONOR.address }),
  pincode: Type.String({ maxLength: DONOR.pincode }),
  is_anonymous: Type.Boolean(),
  show_first_name: Type.Optional(Type.Boolean({ description: "Agreed to be named (first name) among the campaign's supporters" })),
});

/** donation_data: the domain's DonationPayload. */
export const DonationDataFields = Type.Object({
  donor: DonorFields,
  amount: Type.Number({ description: 'In the currency, major units' }),
  currency: Type.String({ description: 'ISO 4217, e.g. INR' }),
  donation_type: StringEnum(DONATION_TYPES),
  campaign_id: Nullable(Type.Integer()),
  source: Type.String(),
});

export const CreateIntentFields = Type.Object({
  donation_data: DonationDataFields,
  payment_method_id: Type.Optional(Type.String({ description: 'A Stripe payment method (pm_…), or the sandbox test card' })),
  partner_origin: Type.Optional(Nullable(Type.String({ description: "The partner site's origin (widget only)" }))),
});
export type CreateIntentFields = Static<typeof CreateIntentFields>;

export const CreateIntentReply = OkWithMessage(Type.Object({ client_secret: Type.String(), payment_intent_id: Type.String() }));
export type CreateIntentReply = Static<typeof CreateIntentReply>;

/** The intent as Stripe.js hands it to the browser (amount in minor units, currency lower case). */
export const BrowserIntentReply = Type.Object({
  id: Type.String(),
  status: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  // decline_code only for a declined card (a failed authentication has none): a required property the serialiser
  // cannot find would fail the reply.
  last_payment_error: Nullable(
    Type.Object({ code: Type.String(), decline_code: Type.Optional(Type.String()), message: Type.String() }),
  ),
});
export const SandboxStepReply = Ok(Type.Object({ payment_intent: BrowserIntentReply }));
export type SandboxStepReply = Static<typeof SandboxStepReply>;
export const SandboxConfirmFields = Type.Object({ client_secret: Type.String(), payment_method_id: Type.String() });
export const SandboxAuthenticateFields = Type.Object({
  client_secret: Type.String(),
  outcome: StringEnum(['complete', 'fail'] as const),
});

export const SaveDonationFields = Type.Object({
  payment_intent_id: Type.String(),
  payment_status: StringEnum([SAVED_PAYMENT_STATUS] as const),
  donation_data: DonationDataFields,
});
export type SaveDonationFields = Static<typeof SaveDonationFields>;
/** 201 when this call saved the donation, 200 when it was saved before (by the webhook or an earlier call). */
export const SaveDonationReply = OkWithMessage(
  Type.Object({ donation: Type.Object({ id: Type.Integer(), receipt_number: Nullable(Type.String()) }) }),
);
export type SaveDonationReply = Static<typeof SaveDonationReply>;

export const StatsReply = Ok(
  Type.Object({ totalDonations: Type.Integer(), childrenHelped: Type.Integer(), countries: Type.Integer(), totalAmount: Type.Number() }),
);
export type StatsReply = Static<typeof StatsReply>;

export const ReceiptRequestFields = Type.Object({
  donation_id: Type.Integer({ minimum: 1 }),
  payment_intent_id: Type.String({ description: 'Proves the caller paid: donation ids are guessable' }),
});
export type ReceiptRequestFields = Static<typeof ReceiptRequestFields>;
export const ReceiptReply = OkWithMessage(
  Type.Object({ invoice: Type.Object({ number: Type.String(), download_url: Type.String() }) }),
);
export type ReceiptReply = Static<typeof ReceiptReply>;
export const ReceiptDownloadParams = Type.Object({ number: Type.String({ maxLength: 60 }) });
export const ReceiptDownloadQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 100 })) });
/** application/pdf */
export const ReceiptPdf = Type.String({ format: 'binary', description: 'The 80G receipt as a PDF' });

/**
 * Stripe's event (or the sandbox's, signed the same way), verified against the Stripe-Signature header over the raw
 * bytes: the route keeps the body unparsed, so this shape is documentation only (`x-body`), read after the signature.
 */
export const WebhookEvent = Type.Object(
  {
    id: Type.String({ description: 'evt_…' }),
    type: Type.String({ description: 'payment_intent.succeeded and payment_intent.payment_failed are applied; others are acknowledged' }),
    data: Type.Object({ object: Type.Object({}, { additionalProperties: true, description: 'The PaymentIntent' }) }),
  },
  { additionalProperties: true },
);
export const WebhookHeaders = Type.Object({
  'stripe-signature': Type.Optional(Type.String({ description: 't=…,v1=…: HMAC-SHA256 of the raw body with the webhook secret' })),
});
export const WebhookReply = Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() });
export type WebhookReply = Static<typeof WebhookReply>;
