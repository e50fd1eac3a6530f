CREATE TABLE "visitor_keys" (
	"day" date PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_questions" (
	"question_id" text PRIMARY KEY NOT NULL,
	"visitor_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "visitor_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "asker_blocks" ADD COLUMN "blocked_visitor_key" text;--> statement-breakpoint
ALTER TABLE "sender_blocks" ADD COLUMN "blocked_visitor_key" text;--> statement-breakpoint
ALTER TABLE "visitor_questions" ADD CONSTRAINT "visitor_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asker_blocks_visitor" ON "asker_blocks" USING btree ("blocked_visitor_key","blocker_id") WHERE "asker_blocks"."blocked_visitor_key" is not null;--> statement-breakpoint
CREATE INDEX "sender_blocks_visitor" ON "sender_blocks" USING btree ("blocked_visitor_key") WHERE "sender_blocks"."blocked_visitor_key" is not null;