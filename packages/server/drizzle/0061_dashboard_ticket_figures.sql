-- The dashboard's distinct tickets under a filter, kept beside the rollups (src/store/dashboard-tickets.ts):
-- per (attendant, sector or 0 for every one) the days a pair with a ticket was active, each with the
-- pair's previous active day ('-infinity': none); and per day the tickets queued for an attendant,
-- a sector or both (0: any).
CREATE TABLE IF NOT EXISTS "dashboard_attendant_tickets" (
	"queue_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"prev_day" date NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_attendant_tickets_queue_id_day_user_id_prev_day_pk" PRIMARY KEY("queue_id","day","user_id","prev_day")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "dashboard_day_tickets" (
	"user_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"day" date NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_day_tickets_user_id_queue_id_day_pk" PRIMARY KEY("user_id","queue_id","day")
);
--> statement-breakpoint
-- The history so far, in the company's zone (as src/store/dashboard-tickets.ts rebuildTicketFigures).
INSERT INTO "dashboard_attendant_tickets" ("queue_id", "day", "user_id", "prev_day", "tickets")
WITH z AS (SELECT coalesce((SELECT nullif(s.value, '') FROM settings s WHERE s.key = 'timezone'), 'UTC') AS tz),
c AS (
	SELECT c.ticket_id, c.user_id, c.queue_id,
		(c.queued_at AT TIME ZONE z.tz)::date AS queued, (c.finished_at AT TIME ZONE z.tz)::date AS finished
	FROM ticket_cycles c, z
)
SELECT s.queue_id, s.day, s.user_id, s.prev_day, count(*)::int
FROM (
	SELECT x.queue_id, x.day, x.user_id,
		coalesce(lag(x.day) OVER (PARTITION BY x.user_id, x.queue_id, x.ticket_id ORDER BY x.day), '-infinity'::date) AS prev_day
	FROM (
		SELECT DISTINCT c.user_id, k.queue_id, c.ticket_id, d.day
		FROM c
			CROSS JOIN LATERAL (VALUES (0), (c.queue_id)) k(queue_id)
			CROSS JOIN LATERAL (VALUES (c.queued), (c.finished)) d(day)
		WHERE c.user_id IS NOT NULL AND k.queue_id IS NOT NULL AND d.day IS NOT NULL
	) x
) s
GROUP BY s.queue_id, s.day, s.user_id, s.prev_day;
--> statement-breakpoint
INSERT INTO "dashboard_day_tickets" ("user_id", "queue_id", "day", "tickets")
WITH z AS (SELECT coalesce((SELECT nullif(s.value, '') FROM settings s WHERE s.key = 'timezone'), 'UTC') AS tz),
c AS (
	SELECT c.ticket_id, c.user_id, c.queue_id,
		(c.queued_at AT TIME ZONE z.tz)::date AS queued, (c.finished_at AT TIME ZONE z.tz)::date AS finished
	FROM ticket_cycles c, z
)
SELECT k.user_id, k.queue_id, c.queued, count(DISTINCT c.ticket_id)::int
FROM c
	CROSS JOIN LATERAL (VALUES (c.user_id, 0), (0, c.queue_id), (c.user_id, c.queue_id)) k(user_id, queue_id)
WHERE k.user_id IS NOT NULL AND k.queue_id IS NOT NULL
GROUP BY k.user_id, k.queue_id, c.queued;
--> statement-breakpoint
-- Leads (people first seen) per day, under no attendant and no sector: kept by the contacts' writers.
ALTER TABLE "dashboard_rollups" ADD COLUMN IF NOT EXISTS "leads" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
WITH z AS (SELECT coalesce((SELECT nullif(s.value, '') FROM settings s WHERE s.key = 'timezone'), 'UTC') AS tz)
INSERT INTO "dashboard_rollups" ("day", "user_id", "queue_id", "leads")
SELECT (ct.created_at AT TIME ZONE z.tz)::date, 0, 0, count(*)::int
FROM contacts ct, z WHERE NOT ct.is_group
GROUP BY 1
ON CONFLICT ("day", "user_id", "queue_id") DO UPDATE SET "leads" = excluded."leads";
--> statement-breakpoint
-- Leads under an attendant or sector filter (src/store/dashboard-leads.ts): people per first-seen day
-- and last day a cycle of theirs was queued for the attendant, the sector or both (0: any).
CREATE TABLE IF NOT EXISTS "dashboard_leads" (
	"user_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"day" date NOT NULL,
	"last_day" date NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_leads_user_id_queue_id_day_last_day_pk" PRIMARY KEY("user_id","queue_id","day","last_day")
);
--> statement-breakpoint
INSERT INTO "dashboard_leads" ("user_id", "queue_id", "day", "last_day", "contacts")
WITH z AS (SELECT coalesce((SELECT nullif(s.value, '') FROM settings s WHERE s.key = 'timezone'), 'UTC') AS tz),
k AS (
	SELECT t.contact_id, k.user_id, k.queue_id, max((c.queued_at AT TIME ZONE z.tz)::date) AS last_day
	FROM ticket_cycles c JOIN tickets t ON t.id = c.ticket_id CROSS JOIN z
		CROSS JOIN LATERAL (VALUES (c.user_id, 0), (0, c.queue_id), (c.user_id, c.queue_id)) k(user_id, queue_id)
	WHERE k.user_id IS NOT NULL AND k.queue_id IS NOT NULL
	GROUP BY t.contact_id, k.user_id, k.queue_id
)
SELECT k.user_id, k.queue_id, (ct.created_at AT TIME ZONE z.tz)::date, k.last_day, count(*)::int
FROM k JOIN contacts ct ON ct.id = k.contact_id CROSS JOIN z
WHERE NOT ct.is_group
GROUP BY 1, 2, 3, 4;
