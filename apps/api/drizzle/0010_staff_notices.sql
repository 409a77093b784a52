CREATE TABLE "staff_notice_runs" (
	"kind" text NOT NULL,
	"day" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_notice_runs_kind_day_pk" PRIMARY KEY("kind","day")
);
