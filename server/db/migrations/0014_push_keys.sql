CREATE TABLE "push_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"added_date" timestamp with time zone DEFAULT now() NOT NULL
);
