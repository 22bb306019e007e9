DROP INDEX "users_phone_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "default_country" text DEFAULT 'SA' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_unique" ON "users" USING btree ("user_phone") WHERE "users"."phone_verify";