CREATE TABLE "recurring_gift_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_gift_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_gift_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "recurring_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"donation_data" jsonb NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_inr" numeric(14, 2) NOT NULL,
	"campaign_id" integer,
	"donor_email" text NOT NULL,
	"partner_origin" text,
	"payment_attempt_id" integer,
	"started_at" timestamp with time zone,
	"next_charge_at" timestamp with time zone,
	"paused_until" timestamp with time zone,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"last_failure_reason" text,
	"last_failure_at" timestamp with time zone,
	"card" jsonb,
	"expiry_notice_for" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_by" text,
	"lapsed_at" timestamp with time zone,
	"provider_state_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_gifts_subscription_id_unique" UNIQUE("subscription_id"),
	CONSTRAINT "recurring_gifts_status_check" CHECK ("recurring_gifts"."status" in ('incomplete', 'active', 'paused', 'past_due', 'lapsed', 'cancelled')),
	CONSTRAINT "recurring_gifts_amount_check" CHECK ("recurring_gifts"."amount" > 0 and "recurring_gifts"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_clock_single_row" CHECK ("sandbox_clock"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "sandbox_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"period" integer NOT NULL,
	"status" text NOT NULL,
	"billing_reason" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_intent_id" text,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone,
	"next_payment_attempt" timestamp with time zone,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"last_payment_error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"payment_method_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_setup_intents_client_secret_unique" UNIQUE("client_secret"),
	CONSTRAINT "sandbox_setup_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text,
	"billing_anchor" timestamp with time zone,
	"periods" integer DEFAULT 0 NOT NULL,
	"current_period_end" timestamp with time zone,
	"pause_resumes_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"cancellation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_subscriptions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "recurring_gift_id" integer;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "is_renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "recurring_gift_changes" ADD CONSTRAINT "recurring_gift_changes_gift_id_recurring_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."recurring_gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_gift_links" ADD CONSTRAINT "recurring_gift_links_gift_id_recurring_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."recurring_gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_payment_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("payment_attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD CONSTRAINT "sandbox_invoices_subscription_id_sandbox_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."sandbox_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_gift_changes_gift_idx" ON "recurring_gift_changes" USING btree ("gift_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_gift_links_gift_idx" ON "recurring_gift_links" USING btree ("gift_id");--> statement-breakpoint
CREATE INDEX "recurring_gifts_email_idx" ON "recurring_gifts" USING btree ("donor_email");--> statement-breakpoint
CREATE INDEX "recurring_gifts_status_created_idx" ON "recurring_gifts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_events_undelivered_idx" ON "sandbox_events" USING btree ("created_at") WHERE "sandbox_events"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_invoices_subscription_period_idx" ON "sandbox_invoices" USING btree ("subscription_id","period");--> statement-breakpoint
CREATE INDEX "sandbox_invoices_next_attempt_idx" ON "sandbox_invoices" USING btree ("next_payment_attempt") WHERE "sandbox_invoices"."next_payment_attempt" is not null;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_recurring_gift_id_recurring_gifts_id_fk" FOREIGN KEY ("recurring_gift_id") REFERENCES "public"."recurring_gifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_recurring_gift_idx" ON "donations" USING btree ("recurring_gift_id","created_at");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_invoice_id_unique" UNIQUE("invoice_id");