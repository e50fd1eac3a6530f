ALTER TABLE "filtered_questions" ADD COLUMN "is_global" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "filtered_questions" ADD COLUMN "to_followers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "filtered_questions" ADD COLUMN "visitor_key" text;--> statement-breakpoint
ALTER TABLE "filtered_questions" ADD COLUMN "remote_actor_uri" text;--> statement-breakpoint
ALTER TABLE "filtered_questions" ADD COLUMN "remote_handle" text;--> statement-breakpoint
ALTER TABLE "filtered_questions" ADD COLUMN "remote_name" text;--> statement-breakpoint
ALTER TABLE "filtered_questions" ADD COLUMN "remote_domain" text;--> statement-breakpoint
ALTER TABLE "filtered_questions" ADD COLUMN "remote_post_uri" text;--> statement-breakpoint
ALTER TABLE "filtered_questions" ADD COLUMN "remote_visibility" text;--> statement-breakpoint
CREATE UNIQUE INDEX "filtered_questions_remote_post" ON "filtered_questions" USING btree ("remote_post_uri","receiver_id");