-- The dashboard's additive figures per company-local day × attendant × sector (0: none), kept by
-- the services that write cycles and ratings (src/store/dashboard-rollups.ts).
CREATE TABLE IF NOT EXISTS "dashboard_rollups" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"tickets_queued" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"happening" integer DEFAULT 0 NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL,
	"support_us" bigint DEFAULT 0 NOT NULL,
	"support_n" integer DEFAULT 0 NOT NULL,
	"wait_us" bigint DEFAULT 0 NOT NULL,
	"wait_n" integer DEFAULT 0 NOT NULL,
	"rated" integer DEFAULT 0 NOT NULL,
	"rate_sum" integer DEFAULT 0 NOT NULL,
	"promoters" integer DEFAULT 0 NOT NULL,
	"passives" integer DEFAULT 0 NOT NULL,
	"detractors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_rollups_day_user_id_queue_id_pk" PRIMARY KEY("day","user_id","queue_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ratings_no_cycle_created_idx" ON "ratings" USING btree ("created_at") WHERE "ratings"."cycle_id" is null;
--> statement-breakpoint
-- The figures that do not add up (distinct tickets per attendant and per day) stay on the cycles:
-- their date indexes, alone or after the attendant or the sector, carry what those reads need, so
-- they never visit the table.
DROP INDEX IF EXISTS "ticket_cycles_queued_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_cycles_queued_idx" ON "ticket_cycles" USING btree ("queued_at") INCLUDE ("ticket_id", "user_id", "queue_id");
--> statement-breakpoint
DROP INDEX IF EXISTS "ticket_cycles_finished_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_cycles_finished_idx" ON "ticket_cycles" USING btree ("finished_at") INCLUDE ("ticket_id", "user_id", "queue_id");
--> statement-breakpoint
DROP INDEX IF EXISTS "ticket_cycles_user_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_cycles_user_queued_idx" ON "ticket_cycles" USING btree ("user_id","queued_at") INCLUDE ("ticket_id", "queue_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_cycles_user_finished_idx" ON "ticket_cycles" USING btree ("user_id","finished_at") INCLUDE ("ticket_id", "queue_id");
--> statement-breakpoint
DROP INDEX IF EXISTS "ticket_cycles_queue_queued_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_cycles_queue_queued_idx" ON "ticket_cycles" USING btree ("queue_id","queued_at") INCLUDE ("ticket_id", "user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_cycles_queue_finished_idx" ON "ticket_cycles" USING btree ("queue_id","finished_at") INCLUDE ("ticket_id", "user_id");
--> statement-breakpoint
-- The history so far, in the company's zone (as store/dashboard-rollups.ts rebuildDashboardRollups).
WITH z AS (SELECT coalesce((SELECT nullif(s.value, '') FROM settings s WHERE s.key = 'timezone'), 'UTC') AS tz),
x AS (
	SELECT (c.queued_at AT TIME ZONE z.tz)::date AS day, coalesce(c.user_id, 0) AS user_id, coalesce(c.queue_id, 0) AS queue_id,
		(NOT EXISTS (SELECT 1 FROM ticket_cycles o WHERE o.ticket_id = c.ticket_id AND o.id < c.id
			AND (o.queued_at AT TIME ZONE z.tz)::date = (c.queued_at AT TIME ZONE z.tz)::date))::int AS tickets_queued,
		(c.started_at IS NULL AND c.finished_at IS NULL)::int AS pending,
		(c.started_at IS NOT NULL AND c.finished_at IS NULL)::int AS happening,
		0 AS finished, 0::bigint AS support_us, 0 AS support_n,
		CASE WHEN c.started_at > c.queued_at THEN (extract(epoch FROM c.started_at - c.queued_at) * 1000000)::bigint ELSE 0 END AS wait_us,
		coalesce(c.started_at > c.queued_at, false)::int AS wait_n,
		0 AS rated, 0 AS rate_sum, 0 AS promoters, 0 AS passives, 0 AS detractors
	FROM ticket_cycles c, z
	UNION ALL
	SELECT (c.finished_at AT TIME ZONE z.tz)::date, coalesce(c.user_id, 0), coalesce(c.queue_id, 0), 0, 0, 0,
		(c.outcome IN ('resolved', 'finished', 'inactive', 'api'))::int,
		CASE WHEN c.started_at IS NOT NULL THEN (extract(epoch FROM c.finished_at - c.started_at) * 1000000)::bigint ELSE 0 END,
		(c.started_at IS NOT NULL)::int, 0, 0, 0, 0, 0, 0, 0
	FROM ticket_cycles c, z WHERE c.finished_at IS NOT NULL
	UNION ALL
	SELECT (r.created_at AT TIME ZONE z.tz)::date, coalesce(r.user_id, 0), coalesce(c.queue_id, 0), 0, 0, 0, 0, 0, 0, 0, 0,
		1, r.rate, (r.rate >= 9)::int, (r.rate BETWEEN 7 AND 8)::int, (r.rate <= 6)::int
	FROM ratings r JOIN ticket_cycles c ON c.id = r.cycle_id, z
)
INSERT INTO "dashboard_rollups" ("day", "user_id", "queue_id", "tickets_queued", "pending", "happening", "finished", "support_us", "support_n", "wait_us", "wait_n", "rated", "rate_sum", "promoters", "passives", "detractors")
SELECT day, user_id, queue_id, sum(tickets_queued), sum(pending), sum(happening), sum(finished), sum(support_us), sum(support_n), sum(wait_us), sum(wait_n), sum(rated), sum(rate_sum), sum(promoters), sum(passives), sum(detractors)
FROM x GROUP BY day, user_id, queue_id;
