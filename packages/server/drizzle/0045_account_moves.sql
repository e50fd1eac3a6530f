-- Moving on the fediverse: the old accounts an account also is (its actor's alsoKnownAs), and the
-- new account it moved to (its actor's movedTo) with when, for the once-in-30-days limit.
ALTER TABLE "users" ADD COLUMN "aliases" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "moved_to" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "moved_at" timestamp with time zone;
