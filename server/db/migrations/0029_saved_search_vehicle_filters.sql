ALTER TABLE "saved_searches" ADD COLUMN "vehicle_type_id" integer;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "body_style_id" integer;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "transmission_id" integer;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "fuel_type_id" integer;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "color_id" integer;