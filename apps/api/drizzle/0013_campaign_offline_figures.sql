ALTER TABLE "campaigns" ADD COLUMN "offline_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "offline_donation_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_offline_check" CHECK ("campaigns"."offline_amount" >= 0 and "campaigns"."offline_donation_count" >= 0);--> statement-breakpoint
-- What each campaign showed beyond its online donations was raised outside the website (the seed's figures, or
-- amounts set before this column existed): it becomes the campaign's offline figure, and the shown figure is
-- restated as offline + online so the two can never disagree from here on.
UPDATE "campaigns" AS c SET
  "offline_amount" = greatest(c."raised_amount" - coalesce(online.net, 0), 0),
  "offline_donation_count" = greatest(c."donation_count" - coalesce(online.completed, 0), 0),
  "raised_amount" = greatest(c."raised_amount" - coalesce(online.net, 0), 0) + coalesce(online.net, 0),
  "donation_count" = greatest(c."donation_count" - coalesce(online.completed, 0), 0) + coalesce(online.completed, 0)
FROM (
  SELECT cc."id",
    (SELECT sum(d."amount_inr" - d."refunded_inr") FROM "donations" d WHERE d."campaign_id" = cc."id" AND d."status" IN ('completed', 'refunded')) AS net,
    (SELECT count(*) FROM "donations" d WHERE d."campaign_id" = cc."id" AND d."status" = 'completed') AS completed
  FROM "campaigns" cc
) AS online
WHERE online."id" = c."id";
