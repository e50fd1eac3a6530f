-- Search for 1–2 characters (decision 149, superseding the short-query part of 143). The spec
-- asks for a substring of the full name or username for every query; trigrams cannot answer a
-- needle shorter than 3 characters, and walking every account for a rare pair of letters took
-- half a second at 100k users. Every distinct 1- and 2-character piece of the lowercased username
-- and full name (never across the two) goes into a GIN index, so `@> ARRAY[needle]` finds the
-- accounts containing a short needle from the index, however rare it is.
CREATE OR REPLACE FUNCTION askbox_short_grams(username text, fullname text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT piece), '{}')
  FROM unnest(ARRAY[lower(username), lower(fullname)]) AS field(value),
       generate_series(1, 2) AS width(n),
       generate_series(1, length(field.value) - width.n + 1) AS place(i),
       substr(field.value, place.i, width.n) AS piece
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_short_grams ON users USING gin (askbox_short_grams(username, fullname));
