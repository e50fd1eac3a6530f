-- Settings › Change username: an account's former names keep leading to it, and are nobody
-- else's, for a year; a name may be changed once in 30 days (the latest change is read from here).
CREATE TABLE "username_history" (
	"username" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"held_until" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "username_history" ADD CONSTRAINT "username_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "username_history_user" ON "username_history" USING btree ("user_id","changed_at");
