-- People search (issue 25): each account's name folded by souk_normalize, stored, and the words of public
-- accounts' names indexed. A later change to souk_normalize must compute it again (UPDATE users SET
-- user_name = user_name), as 0028 did for the listings' search words.
ALTER TABLE "users" ADD COLUMN "user_name_key" text GENERATED ALWAYS AS (btrim(regexp_replace(souk_normalize(user_name), '[[:space:][:punct:]]+', ' ', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "users_public_name_words_idx" ON "users" USING gin (to_tsvector('simple', "user_name_key")) WHERE status = 1 and not is_banned;