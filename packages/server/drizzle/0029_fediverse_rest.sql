CREATE TABLE "federation_domain_blocks" (
	"domain" text PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_inbox" (
	"id" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"signer" text NOT NULL,
	"sent" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "federation_inbox_pending" ON "federation_inbox" USING btree ("next_attempt_at") WHERE not "federation_inbox"."sent";