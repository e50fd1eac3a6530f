-- A push is composed when it is sent, from the ids its row keeps: the question it announces, or
-- the actor of a like from another server. Title and body stay empty until then and keep the words
-- last sent. Rows already waiting were written with their texts and are sent as written.
ALTER TABLE "push_notifications" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "push_notifications" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD COLUMN "question_id" text;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD COLUMN "actor_uri" text;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD COLUMN "composed_when_sent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "push_notifications" ALTER COLUMN "composed_when_sent" SET DEFAULT true;
