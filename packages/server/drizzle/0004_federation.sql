CREATE TABLE "federation_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"inbox_url" text NOT NULL,
	"kind" text NOT NULL,
	"object_id" text,
	"payload" jsonb,
	"sent" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "federation_keys" (
	"user_id" text PRIMARY KEY NOT NULL,
	"public_key" jsonb NOT NULL,
	"private_key" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "remote_actors" (
	"uri" text PRIMARY KEY NOT NULL,
	"inbox_url" text NOT NULL,
	"shared_inbox_url" text,
	"handle" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"url" text,
	"icon_url" text,
	"domain" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_blocks" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_blocks_user_id_kind_target_pk" PRIMARY KEY("user_id","kind","target")
);
--> statement-breakpoint
CREATE TABLE "remote_follows" (
	"user_id" text NOT NULL,
	"actor_uri" text NOT NULL,
	"follow_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_follows_user_id_actor_uri_pk" PRIMARY KEY("user_id","actor_uri")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "public_profile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "federation_deliveries" ADD CONSTRAINT "federation_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_keys" ADD CONSTRAINT "federation_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_blocks" ADD CONSTRAINT "remote_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_follows" ADD CONSTRAINT "remote_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_follows" ADD CONSTRAINT "remote_follows_actor_uri_remote_actors_uri_fk" FOREIGN KEY ("actor_uri") REFERENCES "public"."remote_actors"("uri") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "federation_deliveries_pending" ON "federation_deliveries" USING btree ("next_attempt_at") WHERE not "federation_deliveries"."sent";--> statement-breakpoint
CREATE INDEX "federation_kv_expires" ON "federation_kv" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "remote_actors_domain" ON "remote_actors" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "remote_follows_actor" ON "remote_follows" USING btree ("actor_uri");