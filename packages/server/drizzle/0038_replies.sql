-- Replies: signed-in people answer an answer, in a thread under it, newest last. The answer's owner
-- may hide a reply (hidden_reason 'owner'); a reply with one of the owner's muted words is hidden
-- when written (hidden_reason 'muted'): both wait in the owner's hidden-replies list.
CREATE TABLE "replies" (
	"id" text PRIMARY KEY NOT NULL,
	"answer_id" text NOT NULL REFERENCES "questions"("id") ON DELETE CASCADE,
	"author_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"text" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "replies_answer_created" ON "replies" USING btree ("answer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "replies_author" ON "replies" USING btree ("author_id","answer_id");--> statement-breakpoint
-- the owner's choices: replies on or off for their answers (null: on while the profile is public),
-- and who may reply (everyone, people they follow, nobody)
ALTER TABLE "users" ADD COLUMN "replies_enabled" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "who_may_reply" text DEFAULT 'everyone' NOT NULL;
