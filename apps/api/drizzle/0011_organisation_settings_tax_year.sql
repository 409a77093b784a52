CREATE TABLE "annual_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"financial_year" text NOT NULL,
	"donor_email" text NOT NULL,
	"details" jsonb NOT NULL,
	"requested_by" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_outbox_id" integer,
	"mail_status" text
);
--> statement-breakpoint
CREATE TABLE "organisation_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"financial_year" text NOT NULL,
	"donor_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "tax_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"financial_year" text NOT NULL,
	"pan" text NOT NULL,
	"donor_email" text NOT NULL,
	"acknowledgement_number" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_outbox_id" integer,
	"mail_status" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "annual_statement_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "tax_certificate_id" integer;--> statement-breakpoint
CREATE INDEX "annual_statements_year_email_idx" ON "annual_statements" USING btree ("financial_year","donor_email");--> statement-breakpoint
CREATE INDEX "annual_statements_mail_queued_idx" ON "annual_statements" USING btree ("issued_at") WHERE "annual_statements"."mail_status" = 'queued';--> statement-breakpoint
CREATE INDEX "statement_tokens_expires_at_idx" ON "statement_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_certificates_year_pan_idx" ON "tax_certificates" USING btree ("financial_year","pan");