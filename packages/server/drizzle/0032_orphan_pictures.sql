CREATE TABLE "orphan_pictures" (
	"url" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "orphan_pictures_queued" ON "orphan_pictures" USING btree ("queued_at");--> statement-breakpoint

-- An answer picture's files outlive its row unless someone deletes them, and rows go in many ways
-- (the receiver, a block of the asker, a moderator, an account deletion by trigger or cascade):
-- every deleted row with a picture, and every picture replaced or dropped, queues its URL here.
CREATE FUNCTION askbox_question_pictures_orphaned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO orphan_pictures (url) SELECT DISTINCT picture_url FROM gone WHERE picture_url IS NOT NULL ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER questions_pictures_orphaned AFTER DELETE ON questions REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION askbox_question_pictures_orphaned();
--> statement-breakpoint
CREATE FUNCTION askbox_question_picture_replaced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO orphan_pictures (url) VALUES (OLD.picture_url) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER questions_picture_replaced AFTER UPDATE OF picture_url ON questions
  FOR EACH ROW WHEN (OLD.picture_url IS NOT NULL AND OLD.picture_url IS DISTINCT FROM NEW.picture_url)
  EXECUTE FUNCTION askbox_question_picture_replaced();
