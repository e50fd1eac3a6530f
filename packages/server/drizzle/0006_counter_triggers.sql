-- Profile counters (user_stats) and like counts (questions.like_count), kept exact by triggers in
-- the transaction of every change, whoever makes it (services, the CLI, cascades when an account
-- goes). Decision 142. Statement-level triggers with transition tables: one UPDATE per statement,
-- so a bulk insert of a million follows costs one aggregate, a single follow two row updates.
-- Definitions: followers / followings = follows rows; answers = answered questions received;
-- likes_received = the like_count of those answers.

-- Recounts everything from the tables (this migration's backfill; `npm run cli -- recount`; the
-- benchmark's seed, which loads with triggers off).
CREATE OR REPLACE FUNCTION askbox_recount_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
--> statement-breakpoint
SELECT askbox_recount_counters();
--> statement-breakpoint

-- every new account gets its (zero) counters
CREATE FUNCTION askbox_users_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_stats (user_id) SELECT id FROM added ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_stats_added AFTER INSERT ON users REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_users_added();
--> statement-breakpoint

-- follows: the followee's followers and the follower's followings. Rows are locked in id order
-- first, so two statements touching the same two accounts wait for each other instead of deadlocking.
CREATE FUNCTION askbox_follows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM user_stats WHERE user_id IN (SELECT follower_id FROM added UNION SELECT followee_id FROM added) ORDER BY user_id FOR UPDATE;
  UPDATE user_stats s SET followers = s.followers + d.followers, followings = s.followings + d.followings
  FROM (
    SELECT id, sum(followers)::int AS followers, sum(followings)::int AS followings FROM (
      SELECT followee_id AS id, 1 AS followers, 0 AS followings FROM added
      UNION ALL SELECT follower_id, 0, 1 FROM added
    ) x GROUP BY id
  ) d
  WHERE s.user_id = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION askbox_follows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM user_stats WHERE user_id IN (SELECT follower_id FROM removed UNION SELECT followee_id FROM removed) ORDER BY user_id FOR UPDATE;
  UPDATE user_stats s SET followers = s.followers - d.followers, followings = s.followings - d.followings
  FROM (
    SELECT id, sum(followers)::int AS followers, sum(followings)::int AS followings FROM (
      SELECT followee_id AS id, 1 AS followers, 0 AS followings FROM removed
      UNION ALL SELECT follower_id, 0, 1 FROM removed
    ) x GROUP BY id
  ) d
  WHERE s.user_id = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER follows_stats_added AFTER INSERT ON follows REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_follows_added();
--> statement-breakpoint
CREATE TRIGGER follows_stats_removed AFTER DELETE ON follows REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_follows_removed();
--> statement-breakpoint

-- likes: the answer's like_count and its owner's likes_received
CREATE FUNCTION askbox_likes_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE questions q SET like_count = q.like_count + d.n
  FROM (SELECT question_id, count(*)::int AS n FROM added GROUP BY question_id) d
  WHERE q.id = d.question_id;
  UPDATE user_stats s SET likes_received = s.likes_received + d.n
  FROM (SELECT q.receiver_id, count(*)::int AS n FROM added l JOIN questions q ON q.id = l.question_id WHERE q.answered GROUP BY q.receiver_id) d
  WHERE s.user_id = d.receiver_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- (when a question goes, its likes go by cascade after it: the joins then find no question, and
-- the question's own trigger takes its like_count off its owner's likes_received)
CREATE FUNCTION askbox_likes_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE questions q SET like_count = q.like_count - d.n
  FROM (SELECT question_id, count(*)::int AS n FROM removed GROUP BY question_id) d
  WHERE q.id = d.question_id;
  UPDATE user_stats s SET likes_received = s.likes_received - d.n
  FROM (SELECT q.receiver_id, count(*)::int AS n FROM removed l JOIN questions q ON q.id = l.question_id WHERE q.answered GROUP BY q.receiver_id) d
  WHERE s.user_id = d.receiver_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER likes_counts_added AFTER INSERT ON likes REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_likes_added();
--> statement-breakpoint
CREATE TRIGGER likes_counts_removed AFTER DELETE ON likes REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_likes_removed();
--> statement-breakpoint

-- questions: answers (and the likes on them) of the receiver
CREATE FUNCTION askbox_questions_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_stats s SET answers = s.answers + d.n, likes_received = s.likes_received + d.likes
  FROM (SELECT receiver_id, count(*)::int AS n, sum(like_count)::int AS likes FROM added WHERE answered GROUP BY receiver_id) d
  WHERE s.user_id = d.receiver_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION askbox_questions_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_stats s SET answers = s.answers - d.n, likes_received = s.likes_received - d.likes
  FROM (SELECT receiver_id, count(*)::int AS n, sum(like_count)::int AS likes FROM removed WHERE answered GROUP BY receiver_id) d
  WHERE s.user_id = d.receiver_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- answering (or, never done today, moving a question): a row trigger, since an UPDATE trigger with
-- transition tables cannot be limited to these columns and like_count changes on every like
CREATE FUNCTION askbox_question_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.answered THEN
    UPDATE user_stats SET answers = answers - 1, likes_received = likes_received - OLD.like_count WHERE user_id = OLD.receiver_id;
  END IF;
  IF NEW.answered THEN
    UPDATE user_stats SET answers = answers + 1, likes_received = likes_received + NEW.like_count WHERE user_id = NEW.receiver_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER questions_stats_added AFTER INSERT ON questions REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_questions_added();
--> statement-breakpoint
CREATE TRIGGER questions_stats_removed AFTER DELETE ON questions REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_questions_removed();
--> statement-breakpoint
CREATE TRIGGER questions_stats_changed AFTER UPDATE OF answered, receiver_id ON questions
  FOR EACH ROW WHEN (OLD.answered IS DISTINCT FROM NEW.answered OR OLD.receiver_id IS DISTINCT FROM NEW.receiver_id)
  EXECUTE FUNCTION askbox_question_changed();
