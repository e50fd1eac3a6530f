-- 'Your sessions' in Settings: each session gets a public id to be named by in the API (its own id
-- is the hash of the cookie token and never leaves the server), the browser and system it signed in
-- from, and a coarse time of last use. Sessions from before keep null browser and system.
ALTER TABLE "sessions" ADD COLUMN "public_id" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "os" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id" ON "sessions" USING btree ("public_id");