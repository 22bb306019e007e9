DROP INDEX "chat_messages_chat_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "image_path" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "last_message_type" smallint;--> statement-breakpoint
CREATE INDEX "chat_messages_chat_seq_idx" ON "chat_messages" USING btree ("chat_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_idx" ON "chat_messages" USING btree ("chat_id","sender_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_accepted_idx" ON "offers" USING btree ("chat_id") WHERE "offers"."status" = 3;