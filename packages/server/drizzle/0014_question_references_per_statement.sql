-- A question names two users: its receiver (the question goes with them) and its sender (forgotten,
-- set null, when they go). Foreign keys kept that once per row: two internal queries for every
-- question, 200,000 for one global question to 100,000 users and half of its time. The triggers
-- below keep the same rules once per statement, set-based (decision 193).
ALTER TABLE "questions" DROP CONSTRAINT "questions_sender_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_receiver_id_users_id_fk";
--> statement-breakpoint

-- Every id names a user, and each of them is locked FOR KEY SHARE until the transaction ends, as a
-- foreign key locks it: an account being deleted waits for the question, then takes it along, and a
-- question to an account deleted meanwhile fails (the lock finds no row) with a foreign-key error.
CREATE FUNCTION askbox_lock_question_people(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  wanted int;
  locked int;
  missing text;
BEGIN
  SELECT count(DISTINCT named.user_id) INTO wanted FROM unnest(ids) AS named(user_id) WHERE named.user_id IS NOT NULL;
  SELECT count(*) INTO locked FROM (SELECT 1 FROM users u WHERE u.id = ANY (ids) FOR KEY SHARE OF u) AS kept;
  IF locked < wanted THEN
    SELECT named.user_id INTO missing FROM unnest(ids) AS named(user_id)
    WHERE named.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = named.user_id) LIMIT 1;
    RAISE EXCEPTION 'insert or update on table "questions" violates foreign key constraint "questions_people_exist"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'questions_people_exist', TABLE = 'questions',
            DETAIL = format('Key (user_id)=(%s) is not present in table "users".', missing);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION askbox_questions_people_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM askbox_lock_question_people(ARRAY(SELECT receiver_id FROM added UNION SELECT sender_id FROM added WHERE sender_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER questions_people_added AFTER INSERT ON questions REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_questions_people_added();
--> statement-breakpoint
-- (nothing moves a question to another receiver or sender today; a row trigger costs nothing until one does)
CREATE FUNCTION askbox_question_people_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM askbox_lock_question_people(ARRAY[NEW.receiver_id, NEW.sender_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER questions_people_changed AFTER UPDATE OF receiver_id, sender_id ON questions
  FOR EACH ROW WHEN (NEW.receiver_id IS DISTINCT FROM OLD.receiver_id OR (NEW.sender_id IS DISTINCT FROM OLD.sender_id AND NEW.sender_id IS NOT NULL))
  EXECUTE FUNCTION askbox_question_people_changed();
--> statement-breakpoint

-- An account going: the questions it received go (and their likes, by the likes' foreign key), the
-- ones it sent lose their sender. Answered and unanswered apart, so each uses its receiver index.
CREATE FUNCTION askbox_users_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM questions WHERE receiver_id IN (SELECT id FROM removed) AND answered;
  DELETE FROM questions WHERE receiver_id IN (SELECT id FROM removed) AND NOT answered;
  UPDATE questions SET sender_id = NULL WHERE sender_id IN (SELECT id FROM removed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_questions_removed AFTER DELETE ON users REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_users_removed();
