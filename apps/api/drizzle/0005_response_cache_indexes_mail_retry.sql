ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "receipt_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaigns_status_created_at_id_idx" ON "campaigns" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_featured_status_created_at_id_idx" ON "campaigns" USING btree ("is_featured","status","created_at","id");--> statement-breakpoint
CREATE INDEX "donations_status_country_amount_idx" ON "donations" USING btree ("status","donor_country_code","amount_inr");--> statement-breakpoint
CREATE INDEX "events_status_date_desc_id_idx" ON "events" USING btree ("status","date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "mail_outbox_next_attempt_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."next_attempt_at" is not null;--> statement-breakpoint
CREATE INDEX "receipts_mail_queued_idx" ON "receipts" USING btree ("issued_at") WHERE "receipts"."mail_status" = 'queued';