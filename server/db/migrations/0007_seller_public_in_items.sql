DROP INDEX "items_public_newest_idx";--> statement-breakpoint
DROP INDEX "items_public_category_newest_idx";--> statement-breakpoint
DROP INDEX "items_public_subcategory_newest_idx";--> statement-breakpoint
DROP INDEX "items_public_location_newest_idx";--> statement-breakpoint
DROP INDEX "items_public_popular_idx";--> statement-breakpoint
DROP INDEX "items_public_category_popular_idx";--> statement-breakpoint
DROP INDEX "items_public_paid_newest_idx";--> statement-breakpoint
DROP INDEX "items_search_idx";--> statement-breakpoint
DROP INDEX "items_earth_idx";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "seller_public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "items" SET "seller_public" = false FROM "users" WHERE "users"."id" = "items"."added_user_id" AND NOT ("users"."status" = 1 AND NOT "users"."is_banned");--> statement-breakpoint
-- A new listing, or one given to another seller, copies its seller's state.
CREATE FUNCTION souk_item_seller_public() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seller_public := coalesce((SELECT u.status = 1 AND NOT u.is_banned FROM users u WHERE u.id = NEW.added_user_id), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER items_seller_public BEFORE INSERT OR UPDATE OF added_user_id, seller_public ON items
  FOR EACH ROW EXECUTE FUNCTION souk_item_seller_public();--> statement-breakpoint
-- A seller activated, deactivated, banned or unbanned: their listings follow in the same transaction.
CREATE FUNCTION souk_user_items_public() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET seller_public = (NEW.status = 1 AND NOT NEW.is_banned)
  WHERE added_user_id = NEW.id AND seller_public IS DISTINCT FROM (NEW.status = 1 AND NOT NEW.is_banned);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_items_public AFTER UPDATE OF status, is_banned ON users
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.is_banned IS DISTINCT FROM NEW.is_banned)
  EXECUTE FUNCTION souk_user_items_public();--> statement-breakpoint
CREATE INDEX "items_public_category_earth_idx" ON "items" USING gist ("cat_id",ll_to_earth("lat", "lng")) WHERE status = 1 and deleted_at is null and seller_public and "items"."lat" is not null and "items"."lng" is not null;--> statement-breakpoint
CREATE INDEX "items_public_newest_idx" ON "items" USING btree ("added_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null and seller_public;--> statement-breakpoint
CREATE INDEX "items_public_category_newest_idx" ON "items" USING btree ("cat_id","added_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null and seller_public;--> statement-breakpoint
CREATE INDEX "items_public_subcategory_newest_idx" ON "items" USING btree ("sub_cat_id","added_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null and seller_public;--> statement-breakpoint
CREATE INDEX "items_public_location_newest_idx" ON "items" USING btree ("item_location_id","added_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null and seller_public;--> statement-breakpoint
CREATE INDEX "items_public_popular_idx" ON "items" USING btree ("touch_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null and seller_public;--> statement-breakpoint
CREATE INDEX "items_public_category_popular_idx" ON "items" USING btree ("cat_id","touch_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null and seller_public;--> statement-breakpoint
CREATE INDEX "items_public_paid_newest_idx" ON "items" USING btree ("added_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 1 and deleted_at is null and seller_public and "items"."is_paid";--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector") WHERE status = 1 and deleted_at is null and seller_public;--> statement-breakpoint
CREATE INDEX "items_earth_idx" ON "items" USING gist (ll_to_earth("lat", "lng")) WHERE status = 1 and deleted_at is null and seller_public and "items"."lat" is not null and "items"."lng" is not null;