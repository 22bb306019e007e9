ALTER TABLE "chats" ADD COLUMN "buyer_read_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "seller_read_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_follow_up_idx" ON "notifications" USING btree (("data" ->> 'follow_up')) WHERE "notifications"."data" ? 'follow_up';--> statement-breakpoint
-- Each side has read up to the message before its unread ones: the counts stay what they were, and can now be
-- counted again from the messages (the counter repair).
UPDATE "chats" SET
  "seller_read_seq" = coalesce((SELECT m."seq" FROM "chat_messages" m WHERE m."chat_id" = "chats"."id" AND m."sender_id" = "chats"."buyer_user_id" ORDER BY m."seq" DESC OFFSET "chats"."seller_unread_count" LIMIT 1), 0),
  "buyer_read_seq" = coalesce((SELECT m."seq" FROM "chat_messages" m WHERE m."chat_id" = "chats"."id" AND m."sender_id" = "chats"."seller_user_id" ORDER BY m."seq" DESC OFFSET "chats"."buyer_unread_count" LIMIT 1), 0);
