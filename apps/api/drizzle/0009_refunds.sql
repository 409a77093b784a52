CREATE TABLE "refund_note_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_inr" numeric(14, 2) NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text,
	"provider_refund_id" text,
	"failure_reason" text,
	"note_number" text,
	"note_kind" text,
	"note_issued_at" timestamp with time zone,
	"note_details" jsonb,
	"note_mail_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_note_number_unique" UNIQUE("note_number"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_minor" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed', 'canceled')),
	CONSTRAINT "refunds_source_check" CHECK ("refunds"."source" in ('staff', 'provider'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"failure_reason" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fail_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
DROP INDEX "donations_status_country_amount_idx";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refund_pending_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refunded_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refunded_inr" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_donation_idx" ON "refunds" USING btree ("donation_id","id");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_intent_idx" ON "sandbox_refunds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_fail_at_idx" ON "sandbox_refunds" USING btree ("fail_at") WHERE "sandbox_refunds"."fail_at" is not null;--> statement-breakpoint
CREATE INDEX "donations_status_country_amount_idx" ON "donations" USING btree ("status","donor_country_code","amount_inr","refunded_inr");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_refunds_check" CHECK ("donations"."refunded_minor" >= 0 and "donations"."refund_pending_minor" >= 0 and "donations"."refunded_minor" <= "donations"."amount_minor");