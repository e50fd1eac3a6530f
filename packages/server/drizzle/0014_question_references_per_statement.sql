-- A question names two users: its receiver (the question goes with them) and its sender (forgotten,
-- set null, when they go). Foreign keys kept that once per row: two internal queries for every
-- question, 200,000 for one global question to 100,000 users and half of its time. The triggers
-- below keep the same rules once per statement, set-based (decision 193).
ALTER TABLE "questions" DROP CONSTRAINT "questions_sender_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_receiver_id_users_id_fk";
--> statement-breakpoint

-- The error of a question that names no user: SQLSTATE 23503, as the foreign keys raised it.
CREATE FUNCTION askbox_no_such_question_person(user_id text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'insert or update on table "questions" violates foreign key constraint "questions_people_exist"'
    USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'questions_people_exist', TABLE = 'questions',
          DETAIL = format('Key (user_id)=(%s) is not present in table "users".', user_id);
END $$;
--> statement-breakpoint
-- Every user the statement's new questions name is locked FOR KEY SHARE until the transaction ends,
-- as a foreign key locks it: an account being deleted waits for the question, then takes it along,
-- and a question to an account deleted meanwhile finds no row to lock and fails. One query for any
-- number of rows; a single question costs what the two foreign-key checks cost (measured on PGlite),
-- 100,000 a third of them (on PostgreSQL 15).
CREATE FUNCTION askbox_questions_people_added() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER questions_people_added AFTER INSERT ON questions REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_questions_people_added();
--> statement-breakpoint
-- The same lock for one row whose receiver or sender changes. Nothing moves a question today; a row
-- trigger costs nothing until something does (with a column list, a trigger cannot have a transition table).
CREATE FUNCTION askbox_question_people_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER questions_people_changed AFTER UPDATE OF receiver_id, sender_id ON questions
  FOR EACH ROW WHEN (NEW.receiver_id IS DISTINCT FROM OLD.receiver_id OR (NEW.sender_id IS DISTINCT FROM OLD.sender_id AND NEW.sender_id IS NOT NULL))
  EXECUTE FUNCTION askbox_question_people_changed();
--> statement-breakpoint

-- An account going: the questions it received go (and their likes, by the likes' foreign key),
-- answered and unanswered apart so each uses its receiver index; the ones it sent stay with their
-- receivers as anonymous questions with no sender (decision 129), whoever deletes the account.
CREATE FUNCTION askbox_users_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM questions WHERE receiver_id IN (SELECT id FROM removed) AND answered;
  DELETE FROM questions WHERE receiver_id IN (SELECT id FROM removed) AND NOT answered;
  UPDATE questions SET sender_id = NULL, is_anonymous = true WHERE sender_id IN (SELECT id FROM removed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_questions_removed AFTER DELETE ON users REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_users_removed();
