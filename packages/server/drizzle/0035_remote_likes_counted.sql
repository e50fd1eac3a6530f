-- A like from another server counts as a like here does: it only appends its change to
-- like_count_changes, folded into the answer's like_count and its owner's likes_received with the
-- others (decision 199), instead of adding to like_count alone. One function for both triggers
-- (the transition table is named `changed` in both); boosts are not likes.
CREATE FUNCTION askbox_remote_likes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO like_count_changes (question_id, receiver_id, n)
  SELECT q.id, CASE WHEN q.answered THEN q.receiver_id END, CASE TG_OP WHEN 'INSERT' THEN d.n ELSE -d.n END
  FROM (SELECT question_id, count(*)::int AS n FROM changed WHERE kind = 'like' GROUP BY question_id) d
  -- (a question that goes takes its reactions by cascade after it: the join then finds nothing)
  JOIN questions q ON q.id = d.question_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER remote_likes_counts_added AFTER INSERT ON remote_reactions REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_remote_likes_changed();
--> statement-breakpoint
CREATE TRIGGER remote_likes_counts_removed AFTER DELETE ON remote_reactions REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_remote_likes_changed();
--> statement-breakpoint

-- The recount counts both kinds of likes; both wait for it (SHARE mode).
CREATE OR REPLACE FUNCTION askbox_recount_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE likes IN SHARE MODE;
  LOCK TABLE remote_reactions IN SHARE MODE;
  DELETE FROM like_count_changes;
  UPDATE questions q SET like_count = coalesce(c.n, 0)
  FROM questions q2 LEFT JOIN (
    SELECT question_id, count(*)::int AS n
    FROM (SELECT question_id FROM likes UNION ALL SELECT question_id FROM remote_reactions WHERE kind = 'like') l
    GROUP BY question_id
  ) c ON c.question_id = q2.id
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

-- Owners whose answers were liked from another server until now: remote likes were in like_count
-- but never in likes_received. Their stored likes received is again the sum of their answers' stored
-- like counts (pending changes add to both alike).
UPDATE user_stats s SET likes_received = a.likes
FROM (
  SELECT receiver_id AS id, coalesce(sum(like_count), 0)::int AS likes FROM questions
  WHERE answered AND receiver_id IN (SELECT q.receiver_id FROM remote_reactions r JOIN questions q ON q.id = r.question_id WHERE r.kind = 'like')
  GROUP BY receiver_id
) a
WHERE s.user_id = a.id AND s.likes_received IS DISTINCT FROM a.likes;
