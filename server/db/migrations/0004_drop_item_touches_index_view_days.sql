ALTER TABLE "item_touches" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "item_touches" CASCADE;--> statement-breakpoint
CREATE INDEX "item_views_day_idx" ON "item_views" USING btree ("day");