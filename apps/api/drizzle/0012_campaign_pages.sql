-- Campaign pages (issue 19, decision 030): every campaign gets a stable slug for /campaigns/{slug}. Existing campaigns
-- take theirs from their title as packages/domain/src/campaign-page.ts does (letters and digits joined by dashes, at
-- most 60 characters; 'campaign' when nothing is left; 'campaign-' before digits alone), numbered -2, -3… in id order
-- when two titles give the same one.
ALTER TABLE "campaigns" ADD COLUMN "slug" text;--> statement-breakpoint
WITH base AS (
  SELECT id, trim(both '-' from left(trim(both '-' from regexp_replace(lower(replace(title, '&', ' and ')), '[^a-z0-9]+', '-', 'g')), 60)) AS words
  FROM "campaigns"
), named AS (
  SELECT id,
    CASE
      WHEN words = '' THEN 'campaign'
      WHEN words !~ '[a-z]' THEN trim(both '-' from left('campaign-' || words, 60))
      ELSE words
    END AS slug
  FROM base
), numbered AS (
  SELECT id, slug, row_number() OVER (PARTITION BY slug ORDER BY id) AS n FROM named
)
UPDATE "campaigns" c
SET "slug" = CASE WHEN numbered.n = 1 THEN numbered.slug
  ELSE trim(both '-' from left(numbered.slug, 60 - length('-' || numbered.n))) || '-' || numbered.n END
FROM numbered WHERE numbered.id = c.id;--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "show_first_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_slug_idx" ON "campaigns" USING btree ("slug");
