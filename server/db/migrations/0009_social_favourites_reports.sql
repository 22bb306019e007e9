DROP INDEX "follows_followed_idx";--> statement-breakpoint
ALTER TABLE "item_reports" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "report_hide_threshold" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
CREATE INDEX "follows_follower_newest_idx" ON "follows" USING btree ("follower_id","added_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favourites_user_newest_idx" ON "favourites" USING btree ("user_id","added_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "follows_followed_idx" ON "follows" USING btree ("followed_id","added_date" DESC NULLS LAST);