DROP INDEX "users_email_unique";--> statement-breakpoint
-- Addresses become canonical; the old unique index on lower(user_email) guarantees no two rows collide.
UPDATE "users" SET "user_email" = lower("user_email") WHERE "user_email" <> lower("user_email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("user_email");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_lower_case" CHECK ("users"."user_email" = lower("users"."user_email"));