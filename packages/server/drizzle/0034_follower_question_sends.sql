CREATE TABLE "follower_question_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"sender_id" text NOT NULL,
	"text" text NOT NULL,
	"is_anonymous" boolean NOT NULL,
	"sent" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "follower_question_sends" ADD CONSTRAINT "follower_question_sends_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follower_question_sends_pending" ON "follower_question_sends" USING btree ("next_attempt_at") WHERE not "follower_question_sends"."sent";--> statement-breakpoint
CREATE INDEX "follower_question_sends_sender" ON "follower_question_sends" USING btree ("sender_id");