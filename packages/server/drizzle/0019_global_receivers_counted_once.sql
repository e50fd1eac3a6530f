ALTER TABLE "sent_questions" ADD COLUMN "global_receivers" integer;
--> statement-breakpoint
-- The admin's record of each global question sent before this migration, counted from its rows still
-- written: the best figure left (receivers who deleted it or had muted one of its words since are
-- missing from it). From now on the number addressed is stored when the question is sent.
INSERT INTO "sent_questions" ("id", "sender_id", "receiver_id", "text", "is_anonymous", "created_at", "global_receivers")
SELECT gen_random_uuid()::text, "sender_id", NULL, "text", true, "created_at", count(*)::int FROM "questions"
WHERE "is_global" AND "sender_id" IS NOT NULL
GROUP BY "sender_id", "text", "created_at";
