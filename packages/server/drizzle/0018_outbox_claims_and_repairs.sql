-- Outbox claims: the batch that holds a row renews its claim while it sends (outbox/outbox.ts);
-- results of writes sent with an Idempotency-Key.
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_route_key_pk" PRIMARY KEY("user_id","route","key")
);
--> statement-breakpoint
ALTER TABLE "push_notifications" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "federation_deliveries" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "federation_farewells" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint

-- Migration 0014 was edited after release: a database migrated before the edit kept the first
-- version of these functions (a deleted named sender's questions stayed named, with no sender).
-- Every database gets the same functions again, as 0014 reads now.
DROP FUNCTION IF EXISTS askbox_lock_question_people(text[]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION askbox_no_such_question_person(user_id text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'insert or update on table "questions" violates foreign key constraint "questions_people_exist"'
    USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'questions_people_exist', TABLE = 'questions',
          DETAIL = format('Key (user_id)=(%s) is not present in table "users".', user_id);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION askbox_questions_people_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  SELECT named.user_id INTO missing
  FROM (SELECT receiver_id AS user_id FROM added UNION SELECT sender_id FROM added WHERE sender_id IS NOT NULL) AS named
  LEFT JOIN LATERAL (SELECT true AS found FROM users u WHERE u.id = named.user_id FOR KEY SHARE OF u) AS kept ON true
  WHERE kept.found IS NULL
  LIMIT 1;
  IF FOUND THEN
    PERFORM askbox_no_such_question_person(missing);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION askbox_question_people_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  SELECT named.user_id INTO missing
  FROM (VALUES (NEW.receiver_id), (NEW.sender_id)) AS named(user_id)
  LEFT JOIN LATERAL (SELECT true AS found FROM users u WHERE u.id = named.user_id FOR KEY SHARE OF u) AS kept ON true
  WHERE named.user_id IS NOT NULL AND kept.found IS NULL
  LIMIT 1;
  IF FOUND THEN
    PERFORM askbox_no_such_question_person(missing);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION askbox_users_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM questions WHERE receiver_id IN (SELECT id FROM removed) AND answered;
  DELETE FROM questions WHERE receiver_id IN (SELECT id FROM removed) AND NOT answered;
  UPDATE questions SET sender_id = NULL, is_anonymous = true WHERE sender_id IN (SELECT id FROM removed);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- what the first version's deletions left behind: questions with no sender that still say named
UPDATE questions SET is_anonymous = true WHERE sender_id IS NULL AND NOT is_anonymous;
