CREATE TABLE "filtered_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"receiver_id" text NOT NULL,
	"sender_id" text,
	"text" text NOT NULL,
	"is_anonymous" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "keep_filtered_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "follower_questions" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "to_followers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "filtered_questions" ADD CONSTRAINT "filtered_questions_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filtered_questions" ADD CONSTRAINT "filtered_questions_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filtered_questions_receiver" ON "filtered_questions" USING btree ("receiver_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "filtered_questions_created" ON "filtered_questions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "filtered_questions_sender" ON "filtered_questions" USING btree ("sender_id");