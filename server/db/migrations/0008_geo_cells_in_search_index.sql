-- The map cells a point lies in, one per grid (search/geo-cells.ts computes the same for a query's circle):
-- 0.1 degree (about 11 km) cells numbered from 100000000, 1 degree cells from 200000000; 3601 and 361
-- columns so that longitude 180 keeps a column of its own.
CREATE FUNCTION souk_geo_cells(lat double precision, lng double precision) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN lat BETWEEN -90 AND 90 AND lng BETWEEN -180 AND 180 THEN ARRAY[
    100000000 + floor((lat + 90) / 0.1)::integer * 3601 + floor((lng + 180) / 0.1)::integer,
    200000000 + floor((lat + 90) / 1)::integer * 361 + floor((lng + 180) / 1)::integer
  ] END;--> statement-breakpoint
DROP INDEX "items_search_idx";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "geo_cells" integer[] GENERATED ALWAYS AS (souk_geo_cells(lat, lng)) STORED;--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector","geo_cells") WHERE status = 1 and deleted_at is null and seller_public;