CREATE TABLE "saved_search_matches" (
	"saved_search_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_item_id_pk" PRIMARY KEY("saved_search_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"query_key" text NOT NULL,
	"anchor" text NOT NULL,
	"words" text[],
	"text_query" "tsquery",
	"cat_id" integer,
	"sub_cat_id" integer,
	"item_type_id" integer,
	"item_price_type_id" integer,
	"deal_option_id" integer,
	"item_currency_id" integer,
	"item_location_id" integer,
	"item_location_township_id" integer,
	"condition_of_item_id" integer,
	"engine_status_id" integer,
	"manufacturer_id" integer,
	"model_id" integer,
	"seller_type_id" integer,
	"min_price" numeric(14, 2),
	"max_price" numeric(14, 2),
	"brand" text,
	"min_year" integer,
	"max_year" integer,
	"max_mileage" integer,
	"lat" double precision,
	"lng" double precision,
	"radius_meters" double precision,
	"seller_id" text,
	"only_paid" boolean DEFAULT false NOT NULL,
	"is_sold_out" boolean,
	"added_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_new_idx" ON "saved_search_matches" USING btree ("saved_search_id") WHERE seen_at is null;--> statement-breakpoint
CREATE INDEX "saved_search_matches_item_idx" ON "saved_search_matches" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_owner_query_idx" ON "saved_searches" USING btree ("user_id","query_key");--> statement-breakpoint
CREATE INDEX "saved_searches_owner_newest_idx" ON "saved_searches" USING btree ("user_id","added_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_searches_words_idx" ON "saved_searches" USING gin ("words") WITH (fastupdate=false) WHERE anchor = 'words';--> statement-breakpoint
CREATE INDEX "saved_searches_place_idx" ON "saved_searches" USING gist ((cube(earth_box(ll_to_earth("lat", "lng"), "radius_meters"), coalesce("cat_id", 0)::float8, coalesce("cat_id", 10000000000000)::float8))) WHERE anchor = 'place';--> statement-breakpoint
CREATE INDEX "saved_searches_category_idx" ON "saved_searches" USING gist ((cube(array["cat_id", coalesce("sub_cat_id", 0), coalesce("min_price", 0)]::float8[], array["cat_id", coalesce("sub_cat_id", 10000000000000), coalesce("max_price", 10000000000000)]::float8[]))) WHERE anchor = 'category';--> statement-breakpoint
CREATE INDEX "saved_searches_location_idx" ON "saved_searches" USING btree ("item_location_id") WHERE anchor = 'location';--> statement-breakpoint
CREATE INDEX "saved_searches_any_idx" ON "saved_searches" USING gist ((cube(array[coalesce("min_price", 0)]::float8[], array[coalesce("max_price", 10000000000000)]::float8[]))) WHERE anchor = 'any';