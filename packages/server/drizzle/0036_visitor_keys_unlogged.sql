-- The day's key of visitors' hashes (decision 306) must not outlive its day anywhere: unlogged, it
-- is never written to the WAL, and TRUNCATE drops the file that held the keys kept until now. The
-- embedded database keeps the key in memory and leaves this table empty.
TRUNCATE visitor_keys;
--> statement-breakpoint
ALTER TABLE visitor_keys SET UNLOGGED;
