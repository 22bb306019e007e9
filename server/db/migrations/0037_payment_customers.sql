-- Which Stripe Customer is whose (issue 23 point 4): saved cards stay Stripe's, never rows here.
CREATE TABLE "payment_customers" (
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"customer_id" text NOT NULL,
	"added_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_method_pk" PRIMARY KEY("user_id","method")
);
--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_customer_idx" ON "payment_customers" USING btree ("method","customer_id");