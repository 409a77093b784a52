CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"donation_data" jsonb NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"campaign_id" integer,
	"payment_method_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"last_error_code" text,
	"client_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "payment_attempts_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_attempts_status_check" CHECK ("payment_attempts"."status" in ('created', 'requires_action', 'succeeded', 'failed')),
	CONSTRAINT "payment_attempts_amount_check" CHECK ("payment_attempts"."amount" > 0 and "payment_attempts"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"client_ip" text NOT NULL,
	"code" text,
	"decline_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_failures_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"donation_id" integer NOT NULL,
	"details" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_outbox_id" integer,
	"mail_status" text,
	CONSTRAINT "receipts_number_unique" UNIQUE("number"),
	CONSTRAINT "receipts_donation_id_unique" UNIQUE("donation_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"payment_method_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text,
	"receipt_email" text,
	"last_payment_error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_intents_client_secret_unique" UNIQUE("client_secret"),
	CONSTRAINT "sandbox_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payment_intent_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "amount_minor" integer;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "amount_inr" numeric(14, 2);--> statement-breakpoint
-- Rows written before this migration (none in a real installation: no route wrote donations yet) get their
-- minor units and INR value computed here, at the domain's INR_RATES of this release, before NOT NULL applies.
UPDATE "donations" SET "amount_minor" = round("amount" * 100)::integer, "amount_inr" = round("amount" * CASE "currency" WHEN 'USD' THEN 83 WHEN 'GBP' THEN 104 WHEN 'EUR' THEN 90 WHEN 'CAD' THEN 61 WHEN 'AUD' THEN 54 WHEN 'SGD' THEN 61 WHEN 'MYR' THEN 17.5 WHEN 'DKK' THEN 12 ELSE 1 END, 2);--> statement-breakpoint
ALTER TABLE "donations" ALTER COLUMN "amount_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ALTER COLUMN "amount_inr" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_email" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_mobile" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_pan" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_country" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_country_code" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_state" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_city" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_address" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_pincode" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "source" text DEFAULT 'website' NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "partner_origin" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "payment_attempt_id" integer;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_tokens" ADD CONSTRAINT "receipt_tokens_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_created_at_idx" ON "payment_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_client_ip_created_idx" ON "payment_attempts" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "payment_failures_client_ip_created_idx" ON "payment_failures" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "receipt_tokens_receipt_id_idx" ON "receipt_tokens" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "receipts_financial_year_sequence_idx" ON "receipts" USING btree ("financial_year","sequence");--> statement-breakpoint
CREATE INDEX "webhook_events_received_at_idx" ON "webhook_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_payment_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("payment_attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_created_at_id_idx" ON "donations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "donations_country_created_idx" ON "donations" USING btree ("donor_country_code","created_at");--> statement-breakpoint
CREATE INDEX "donations_currency_created_idx" ON "donations" USING btree ("currency","created_at");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_receipt_number_unique" UNIQUE("receipt_number");