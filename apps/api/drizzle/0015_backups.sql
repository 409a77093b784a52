CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"archive_name" text NOT NULL,
	"archive_bytes" bigint NOT NULL,
	"duration_ms" integer NOT NULL,
	"counts" jsonb NOT NULL,
	"source" text DEFAULT 'backup' NOT NULL,
	CONSTRAINT "backup_runs_source_check" CHECK ("backup_runs"."source" in ('backup', 'restored'))
);
--> statement-breakpoint
CREATE INDEX "backup_runs_made_at_idx" ON "backup_runs" USING btree ("made_at");