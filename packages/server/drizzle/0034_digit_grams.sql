-- Searching a number (6 digits or more) by its six-digit pieces: a digits trigram ('123') occurs in
-- a share of all numbers and of all messages, so its index entries grow with the data; a six-digit
-- piece occurs in hardly more rows than the ones that match. Only runs of 6+ digits are indexed
-- (phone numbers, order and protocol numbers); other text yields an empty array.
CREATE OR REPLACE FUNCTION digit_grams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(r[1], i, 6)), '{}')
  FROM regexp_matches(t, '[0-9]{6,}', 'g') AS r, generate_series(1, length(r[1]) - 5) AS i
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_number_digits_idx" ON "contacts" USING gin (digit_grams("number"));
--> statement-breakpoint
-- Messages without such a run (most of them) are not in the index at all.
CREATE INDEX IF NOT EXISTS "messages_body_digits_idx" ON "messages" USING gin (digit_grams("body")) WHERE "body" ~ '[0-9]{6}';
