CREATE TABLE "blocked_payment_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_ip" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blocked_payment_requests_client_ip_created_idx" ON "blocked_payment_requests" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "blocked_payment_requests_created_at_idx" ON "blocked_payment_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_failures_intent_idx" ON "payment_failures" USING btree ("payment_intent_id");