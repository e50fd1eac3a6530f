CREATE TABLE "remote_questions" (
	"question_id" text PRIMARY KEY NOT NULL,
	"receiver_id" text NOT NULL,
	"actor_uri" text NOT NULL,
	"handle" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"domain" text NOT NULL,
	"post_uri" text NOT NULL,
	"visibility" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_reactions" (
	"question_id" text NOT NULL,
	"actor_uri" text NOT NULL,
	"kind" text NOT NULL,
	"activity_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_reactions_question_id_actor_uri_kind_pk" PRIMARY KEY("question_id","actor_uri","kind")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "question_as_content_warning" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_questions" ADD CONSTRAINT "remote_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_reactions" ADD CONSTRAINT "remote_reactions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_questions_actor" ON "remote_questions" USING btree ("actor_uri");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_questions_post" ON "remote_questions" USING btree ("post_uri","receiver_id");--> statement-breakpoint
CREATE INDEX "remote_reactions_actor" ON "remote_reactions" USING btree ("actor_uri");