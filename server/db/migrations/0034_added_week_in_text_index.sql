-- The week a listing was added (weeks since 1970), beside its words in the text index: a common word's newest
-- matches are then found by the index alone (search/best-match.ts), not by reading the feed or every match. An
-- array like the map cells, so a window of weeks is one overlap (&&) in one scan of the index.
-- Epoch seconds do not depend on the time zone, so the function is immutable though extract() is only stable.
CREATE FUNCTION souk_added_weeks(added timestamptz) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ARRAY[floor(extract(epoch from added) / 604800)::integer];--> statement-breakpoint
-- The city and district join the text index too: a place named in the words matches the listings located there,
-- and each side of that "or" is then one scan of the text index with the other conditions (the district's own
-- index read every listing of the district).
DROP INDEX "items_public_township_idx";--> statement-breakpoint
DROP INDEX "items_search_idx";--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector","geo_cells","cat_id",souk_added_weeks("added_date"),"item_location_id","item_location_township_id") WHERE status = 1 and deleted_at is null and seller_public;--> statement-breakpoint
ANALYZE "items";
