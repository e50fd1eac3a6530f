CREATE TABLE "sent_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"sender_id" text NOT NULL,
	"receiver_id" text,
	"text" text NOT NULL,
	"is_anonymous" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The asker's own record of every question they sent (decision 205), filled from the questions still
-- written that have a sender (global ones are counted from their rows instead). Before the foreign
-- keys and the indexes, so they are checked and built once over the copied rows. Questions dropped or
-- deleted before this migration cannot be recovered.
INSERT INTO "sent_questions" ("id", "sender_id", "receiver_id", "text", "is_anonymous", "created_at")
SELECT "id", "sender_id", "receiver_id", "text", "is_anonymous", "created_at" FROM "questions"
WHERE "sender_id" IS NOT NULL AND NOT "is_global";
--> statement-breakpoint
ALTER TABLE "sent_questions" ADD CONSTRAINT "sent_questions_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_questions" ADD CONSTRAINT "sent_questions_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sent_questions_sender" ON "sent_questions" USING btree ("sender_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sent_questions_receiver" ON "sent_questions" USING btree ("receiver_id");