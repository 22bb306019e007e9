ALTER TABLE "app_settings" ADD COLUMN "listings_per_day" smallint DEFAULT 20 NOT NULL;
