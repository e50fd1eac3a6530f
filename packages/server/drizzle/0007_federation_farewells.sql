CREATE TABLE "federation_farewells" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_uri" text NOT NULL,
	"key_id" text NOT NULL,
	"private_key" jsonb NOT NULL,
	"inbox_url" text NOT NULL,
	"sent" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "federation_farewells_pending" ON "federation_farewells" USING btree ("next_attempt_at") WHERE not "federation_farewells"."sent";