DROP INDEX "saved_searches_words_idx";--> statement-breakpoint
DROP INDEX "saved_searches_category_idx";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "second_words" text[];--> statement-breakpoint
-- Searches saved before: their rarest word's keys again, a condition they already had to meet.
UPDATE "saved_searches" SET "second_words" = "words" WHERE "words" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "saved_searches_words_idx" ON "saved_searches" USING gin ("words","second_words") WITH (fastupdate=false) WHERE anchor = 'words';--> statement-breakpoint
CREATE INDEX "saved_searches_category_idx" ON "saved_searches" USING gist ((cube(array["cat_id", coalesce("sub_cat_id", 0), coalesce("item_location_id", 0), coalesce("min_price", 0)]::float8[], array["cat_id", coalesce("sub_cat_id", 10000000000000), coalesce("item_location_id", 10000000000000), coalesce("max_price", 10000000000000)]::float8[]))) WHERE anchor = 'category';