-- Settings › Account › Import: an account archive being imported (the file, kept until the import
-- ends so a restarted server resumes it, and its progress), and the askers of imported named
-- questions, kept as text only.
CREATE TABLE "account_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"archive" bytea,
	"items_total" integer NOT NULL,
	"items_done" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"error" text,
	"following" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "imported_askers" (
	"question_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"handle" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_imports" ADD CONSTRAINT "account_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_askers" ADD CONSTRAINT "imported_askers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_imports_user" ON "account_imports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "account_imports_open" ON "account_imports" USING btree ("created_at") WHERE "account_imports"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "account_imports_one_open" ON "account_imports" USING btree ("user_id") WHERE "account_imports"."status" in ('queued', 'running');
