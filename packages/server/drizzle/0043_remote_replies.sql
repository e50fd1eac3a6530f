-- Replies from the fediverse (decision 370): a reply has a local author, or a remote actor and the
-- id of its Note (its Update and Delete find it by that), never both. A remote reply goes with its
-- actor when the actor is forgotten (their account deleted on their server).
ALTER TABLE "replies" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "remote_actor_uri" text REFERENCES "remote_actors"("uri") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "remote_domain" text;--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "remote_note_uri" text;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_one_author" CHECK (("replies"."author_id" is not null and "replies"."remote_actor_uri" is null and "replies"."remote_note_uri" is null)
        or ("replies"."author_id" is null and "replies"."remote_actor_uri" is not null and "replies"."remote_note_uri" is not null and "replies"."remote_domain" is not null));--> statement-breakpoint
CREATE UNIQUE INDEX "replies_remote_note" ON "replies" USING btree ("remote_note_uri");--> statement-breakpoint
CREATE INDEX "replies_remote_actor" ON "replies" USING btree ("remote_actor_uri");
