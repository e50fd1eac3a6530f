CREATE TABLE "invites" (
	"code" text PRIMARY KEY NOT NULL,
	"created_by" text NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_signups" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"fullname" text NOT NULL,
	"password_hash" text NOT NULL,
	"reason" text NOT NULL,
	"locale" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_signups_email_unique" UNIQUE("email"),
	CONSTRAINT "pending_signups_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "spent_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invites_created_by" ON "invites" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "pending_signups_created" ON "pending_signups" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "spent_challenges_expires" ON "spent_challenges" USING btree ("expires_at");--> statement-breakpoint
-- accounts made before email verification was possible keep working as they did
UPDATE "users" SET "email_verified_at" = "created_at";
