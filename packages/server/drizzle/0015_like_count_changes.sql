CREATE TABLE "like_count_changes" (
	"question_id" text NOT NULL,
	"receiver_id" text,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "like_count_changes" ADD CONSTRAINT "like_count_changes_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "like_count_changes_question" ON "like_count_changes" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "like_count_changes_receiver" ON "like_count_changes" USING btree ("receiver_id") WHERE "like_count_changes"."receiver_id" is not null;--> statement-breakpoint

-- Likes of one popular answer at the same moment used to queue on two rows, the answer's like_count
-- and its owner's likes_received: each like held them from its update until its commit had reached
-- the disk (decision 198), so one answer took at most a few hundred likes a second whatever the
-- machine. Now a like or unlike only appends its change to like_count_changes, which no other like
-- waits for, and askbox_fold_like_counts() adds the changes to the stored counts a moment later.
-- Every committed state stays exact: stored count + pending changes = count(*) of likes (decision 199).
-- One function for both triggers (the transition table is named `changed` in both).
CREATE FUNCTION askbox_likes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO like_count_changes (question_id, receiver_id, n)
  SELECT q.id, CASE WHEN q.answered THEN q.receiver_id END, CASE TG_OP WHEN 'INSERT' THEN d.n ELSE -d.n END
  FROM (SELECT question_id, count(*)::int AS n FROM changed GROUP BY question_id) d
  -- (when a question goes, its likes go by cascade after it: the join then finds no question, and the
  -- question's own trigger takes its like_count off its owner's likes_received; its pending changes
  -- go by cascade too, never having been added to either)
  JOIN questions q ON q.id = d.question_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER likes_counts_added ON likes;
--> statement-breakpoint
DROP TRIGGER likes_counts_removed ON likes;
--> statement-breakpoint
DROP FUNCTION askbox_likes_added();
--> statement-breakpoint
DROP FUNCTION askbox_likes_removed();
--> statement-breakpoint
CREATE TRIGGER likes_counts_added AFTER INSERT ON likes REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_likes_changed();
--> statement-breakpoint
CREATE TRIGGER likes_counts_removed AFTER DELETE ON likes REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_likes_changed();
--> statement-breakpoint

-- Moves the pending changes into the stored counts, for the questions and owners no other
-- transaction holds (never waiting, so never in a deadlock with an answer or an account deletion:
-- what is held now is folded next time). One fold at a time across every instance. Returns how
-- many changes it moved. (Generic plans: a custom plan for each call's arrays cost more to make
-- than the statements cost to run.)
CREATE FUNCTION askbox_fold_like_counts() RETURNS int LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  free_questions text[];
  free_owners text[];
  moved_rows int;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('askbox:fold-like-counts')) THEN
    RETURN 0;
  END IF;
  SELECT array_agg(id) INTO free_questions FROM (
    SELECT q.id FROM questions q WHERE q.id IN (SELECT question_id FROM like_count_changes)
    ORDER BY q.id FOR NO KEY UPDATE OF q SKIP LOCKED
  ) locked;
  IF free_questions IS NULL THEN
    RETURN 0;
  END IF;
  SELECT coalesce(array_agg(user_id), '{}') INTO free_owners FROM (
    SELECT s.user_id FROM user_stats s
    WHERE s.user_id IN (SELECT receiver_id FROM like_count_changes WHERE question_id = ANY (free_questions))
    ORDER BY s.user_id FOR NO KEY UPDATE OF s SKIP LOCKED
  ) locked;
  WITH moved AS (
    DELETE FROM like_count_changes c
    WHERE c.question_id = ANY (free_questions) AND (c.receiver_id IS NULL OR c.receiver_id = ANY (free_owners))
    RETURNING c.question_id, c.receiver_id, c.n
  ), counted AS (
    UPDATE questions q SET like_count = q.like_count + m.n
    FROM (SELECT question_id, sum(n)::int AS n FROM moved GROUP BY question_id) m WHERE q.id = m.question_id
  ), received AS (
    UPDATE user_stats s SET likes_received = s.likes_received + m.n
    FROM (SELECT receiver_id, sum(n)::int AS n FROM moved WHERE receiver_id IS NOT NULL GROUP BY receiver_id) m
    WHERE s.user_id = m.receiver_id
  )
  SELECT count(*)::int INTO moved_rows FROM moved;
  RETURN moved_rows;
END $$;
--> statement-breakpoint

-- Answering (or moving) a question: its pending changes now count for its owner's likes_received,
-- as its stored like_count does.
CREATE OR REPLACE FUNCTION askbox_question_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.answered THEN
    UPDATE user_stats SET answers = answers - 1, likes_received = likes_received - OLD.like_count WHERE user_id = OLD.receiver_id;
  END IF;
  IF NEW.answered THEN
    UPDATE user_stats SET answers = answers + 1, likes_received = likes_received + NEW.like_count WHERE user_id = NEW.receiver_id;
  END IF;
  UPDATE like_count_changes SET receiver_id = CASE WHEN NEW.answered THEN NEW.receiver_id END WHERE question_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- The recount starts from the likes themselves, so the pending changes it has counted go. Likes wait
-- for it (SHARE mode), so none is counted twice or lost while it runs.
CREATE OR REPLACE FUNCTION askbox_recount_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE likes IN SHARE MODE;
  DELETE FROM like_count_changes;
  UPDATE questions q SET like_count = coalesce(c.n, 0)
  FROM questions q2 LEFT JOIN (SELECT question_id, count(*)::int AS n FROM likes GROUP BY question_id) c ON c.question_id = q2.id
  WHERE q.id = q2.id AND q.like_count IS DISTINCT FROM coalesce(c.n, 0);
  INSERT INTO user_stats (user_id, followers, followings, answers, likes_received)
  SELECT u.id, coalesce(fr.n, 0), coalesce(fg.n, 0), coalesce(a.n, 0), coalesce(a.likes, 0)
  FROM users u
  LEFT JOIN (SELECT followee_id AS id, count(*)::int AS n FROM follows GROUP BY followee_id) fr ON fr.id = u.id
  LEFT JOIN (SELECT follower_id AS id, count(*)::int AS n FROM follows GROUP BY follower_id) fg ON fg.id = u.id
  LEFT JOIN (SELECT receiver_id AS id, count(*)::int AS n, sum(like_count)::int AS likes FROM questions WHERE answered GROUP BY receiver_id) a ON a.id = u.id
  ON CONFLICT (user_id) DO UPDATE SET followers = excluded.followers, followings = excluded.followings,
    answers = excluded.answers, likes_received = excluded.likes_received
  WHERE (user_stats.followers, user_stats.followings, user_stats.answers, user_stats.likes_received)
    IS DISTINCT FROM (excluded.followers, excluded.followings, excluded.answers, excluded.likes_received);
END $$;
