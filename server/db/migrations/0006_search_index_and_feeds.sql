CREATE TABLE "search_words" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL,
	"listings" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "items_category_feed_idx";--> statement-breakpoint
DROP INDEX "items_subcategory_feed_idx";--> statement-breakpoint
DROP INDEX "items_popular_idx";--> statement-breakpoint
DROP INDEX "items_location_idx";--> statement-breakpoint
DROP INDEX "items_paid_idx";--> statement-breakpoint
DROP INDEX "items_search_idx";--> statement-breakpoint
DROP INDEX "items_earth_idx";--> statement-breakpoint
ALTER TABLE "items" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (souk_search_document(title, brand, keyword, highlight_info, description)) STORED;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_public_newest_idx" ON "items" USING btree ("added_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null;--> statement-breakpoint
CREATE INDEX "items_public_category_newest_idx" ON "items" USING btree ("cat_id","added_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null;--> statement-breakpoint
CREATE INDEX "items_public_subcategory_newest_idx" ON "items" USING btree ("sub_cat_id","added_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null;--> statement-breakpoint
CREATE INDEX "items_public_location_newest_idx" ON "items" USING btree ("item_location_id","added_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null;--> statement-breakpoint
CREATE INDEX "items_public_popular_idx" ON "items" USING btree ("touch_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null;--> statement-breakpoint
CREATE INDEX "items_public_category_popular_idx" ON "items" USING btree ("cat_id","touch_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null;--> statement-breakpoint
CREATE INDEX "items_public_paid_newest_idx" ON "items" USING btree ("added_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null and "items"."is_paid";--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector") WHERE status = 1 and deleted_at is null;--> statement-breakpoint
CREATE INDEX "items_earth_idx" ON "items" USING gist (ll_to_earth("lat", "lng")) WHERE status = 1 and deleted_at is null and "items"."lat" is not null and "items"."lng" is not null;