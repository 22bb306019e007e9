CREATE TABLE "item_contact_reveals" (
	"item_id" uuid NOT NULL,
	"viewer_id" text NOT NULL,
	"day" date DEFAULT current_date NOT NULL,
	"added_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_contact_reveals_item_id_viewer_id_day_pk" PRIMARY KEY("item_id","viewer_id","day")
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "contact_reveals_per_hour" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_contact_reveals" ADD CONSTRAINT "item_contact_reveals_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_contact_reveals" ADD CONSTRAINT "item_contact_reveals_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_contact_reveals_viewer_idx" ON "item_contact_reveals" USING btree ("viewer_id","added_date" DESC NULLS LAST);