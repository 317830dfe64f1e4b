-- The last import run from the admin page, as the page shows it (its verification included), so
-- a restart does not lose it: one row per kind of import.
CREATE TABLE IF NOT EXISTS "import_jobs" (
	"kind" text PRIMARY KEY NOT NULL,
	"job" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
