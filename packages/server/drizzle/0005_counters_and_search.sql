CREATE TABLE "friend_suggestions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"candidate_ids" text[] NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_stats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"followings" integer DEFAULT 0 NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"likes_received" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "friend_suggestions" ADD CONSTRAINT "friend_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stats" ADD CONSTRAINT "user_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_stats_followers" ON "user_stats" USING btree ("followers" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "users_username_c" ON "users" USING btree ("username" collate "C");--> statement-breakpoint
CREATE INDEX "users_created" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);