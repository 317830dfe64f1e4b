-- The dashboard's kept figures under the tag filter (src/store/dashboard-tags.ts): every row of the
-- four tables is kept under tag 0 (every contact, the rows so far) and again under each tag of the
-- contact it counts. The tag leads each key, so the reads of one tag (or of none) are a range of it.
ALTER TABLE "dashboard_rollups" ADD COLUMN IF NOT EXISTS "tag_id" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "dashboard_rollups" DROP CONSTRAINT IF EXISTS "dashboard_rollups_day_user_id_queue_id_pk";
--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD CONSTRAINT "dashboard_rollups_tag_id_day_user_id_queue_id_pk" PRIMARY KEY("tag_id","day","user_id","queue_id");
--> statement-breakpoint
ALTER TABLE "dashboard_attendant_tickets" ADD COLUMN IF NOT EXISTS "tag_id" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "dashboard_attendant_tickets" DROP CONSTRAINT IF EXISTS "dashboard_attendant_tickets_queue_id_day_user_id_prev_day_pk";
--> statement-breakpoint
ALTER TABLE "dashboard_attendant_tickets" ADD CONSTRAINT "dashboard_attendant_tickets_tag_id_queue_id_day_user_id_prev_day_pk" PRIMARY KEY("tag_id","queue_id","day","user_id","prev_day");
--> statement-breakpoint
ALTER TABLE "dashboard_day_tickets" ADD COLUMN IF NOT EXISTS "tag_id" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "dashboard_day_tickets" DROP CONSTRAINT IF EXISTS "dashboard_day_tickets_user_id_queue_id_day_pk";
--> statement-breakpoint
ALTER TABLE "dashboard_day_tickets" ADD CONSTRAINT "dashboard_day_tickets_tag_id_user_id_queue_id_day_pk" PRIMARY KEY("tag_id","user_id","queue_id","day");
--> statement-breakpoint
ALTER TABLE "dashboard_leads" ADD COLUMN IF NOT EXISTS "tag_id" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "dashboard_leads" DROP CONSTRAINT IF EXISTS "dashboard_leads_user_id_queue_id_day_last_day_pk";
--> statement-breakpoint
ALTER TABLE "dashboard_leads" ADD CONSTRAINT "dashboard_leads_tag_id_user_id_queue_id_day_last_day_pk" PRIMARY KEY("tag_id","user_id","queue_id","day","last_day");
--> statement-breakpoint
-- The history so far under each tag, in the company's zone (as rebuildDashboardRollups counts it,
-- restricted to the tagged contacts): the additive figures and the unfiltered leads...
WITH z AS (SELECT coalesce((SELECT nullif(s.value, '') FROM settings s WHERE s.key = 'timezone'), 'UTC') AS tz),
x AS (
	SELECT g.tag_id, (c.queued_at AT TIME ZONE z.tz)::date AS day, coalesce(c.user_id, 0) AS user_id, coalesce(c.queue_id, 0) AS queue_id,
		(NOT EXISTS (SELECT 1 FROM ticket_cycles o WHERE o.ticket_id = c.ticket_id AND o.id < c.id
			AND (o.queued_at AT TIME ZONE z.tz)::date = (c.queued_at AT TIME ZONE z.tz)::date))::int AS tickets_queued,
		(c.started_at IS NULL AND c.finished_at IS NULL)::int AS pending,
		(c.started_at IS NOT NULL AND c.finished_at IS NULL)::int AS happening,
		0 AS finished, 0::bigint AS support_us, 0 AS support_n,
		CASE WHEN c.started_at > c.queued_at THEN (extract(epoch FROM c.started_at - c.queued_at) * 1000000)::bigint ELSE 0 END AS wait_us,
		coalesce(c.started_at > c.queued_at, false)::int AS wait_n,
		0 AS rated, 0 AS rate_sum, 0 AS promoters, 0 AS passives, 0 AS detractors, 0 AS leads
	FROM ticket_cycles c JOIN tickets tk ON tk.id = c.ticket_id JOIN contact_tags g ON g.contact_id = tk.contact_id, z
	UNION ALL
	SELECT g.tag_id, (c.finished_at AT TIME ZONE z.tz)::date, coalesce(c.user_id, 0), coalesce(c.queue_id, 0), 0, 0, 0,
		(c.outcome IN ('resolved', 'finished', 'inactive', 'api'))::int,
		CASE WHEN c.started_at IS NOT NULL THEN (extract(epoch FROM c.finished_at - c.started_at) * 1000000)::bigint ELSE 0 END,
		(c.started_at IS NOT NULL)::int, 0, 0, 0, 0, 0, 0, 0, 0
	FROM ticket_cycles c JOIN tickets tk ON tk.id = c.ticket_id JOIN contact_tags g ON g.contact_id = tk.contact_id, z
	WHERE c.finished_at IS NOT NULL
	UNION ALL
	SELECT g.tag_id, (r.created_at AT TIME ZONE z.tz)::date, coalesce(r.user_id, 0), coalesce(c.queue_id, 0), 0, 0, 0, 0, 0, 0, 0, 0,
		1, r.rate, (r.rate >= 9)::int, (r.rate BETWEEN 7 AND 8)::int, (r.rate <= 6)::int, 0
	FROM ratings r JOIN ticket_cycles c ON c.id = r.cycle_id JOIN tickets tk ON tk.id = r.ticket_id
		JOIN contact_tags g ON g.contact_id = tk.contact_id, z
	UNION ALL
	SELECT g.tag_id, (ct.created_at AT TIME ZONE z.tz)::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (NOT ct.is_group)::int
	FROM contacts ct JOIN contact_tags g ON g.contact_id = ct.id, z
)
INSERT INTO "dashboard_rollups" ("tag_id", "day", "user_id", "queue_id", "tickets_queued", "pending", "happening", "finished", "support_us", "support_n", "wait_us", "wait_n", "rated", "rate_sum", "promoters", "passives", "detractors", "leads")
SELECT tag_id, day, user_id, queue_id, sum(tickets_queued), sum(pending), sum(happening), sum(finished), sum(support_us), sum(support_n), sum(wait_us), sum(wait_n), sum(rated), sum(rate_sum), sum(promoters), sum(passives), sum(detractors), sum(leads)
FROM x GROUP BY tag_id, day, user_id, queue_id;
--> statement-breakpoint
-- ...the distinct tickets per attendant...
INSERT INTO "dashboard_attendant_tickets" ("tag_id", "queue_id", "day", "user_id", "prev_day", "tickets")
WITH z AS (SELECT coalesce((SELECT nullif(s.value, '') FROM settings s WHERE s.key = 'timezone'), 'UTC') AS tz),
c AS (
	SELECT g.tag_id, c.ticket_id, c.user_id, c.queue_id,
		(c.queued_at AT TIME ZONE z.tz)::date AS queued, (c.finished_at AT TIME ZONE z.tz)::date AS finished
	FROM ticket_cycles c JOIN tickets tk ON tk.id = c.ticket_id JOIN contact_tags g ON g.contact_id = tk.contact_id, z
)
SELECT s.tag_id, s.queue_id, s.day, s.user_id, s.prev_day, count(*)::int
FROM (
	SELECT x.tag_id, x.queue_id, x.day, x.user_id,
		coalesce(lag(x.day) OVER (PARTITION BY x.tag_id, x.user_id, x.queue_id, x.ticket_id ORDER BY x.day), '-infinity'::date) AS prev_day
	FROM (
		SELECT DISTINCT c.tag_id, c.user_id, k.queue_id, c.ticket_id, d.day
		FROM c
			CROSS JOIN LATERAL (VALUES (0), (c.queue_id)) k(queue_id)
			CROSS JOIN LATERAL (VALUES (c.queued), (c.finished)) d(day)
		WHERE c.user_id IS NOT NULL AND k.queue_id IS NOT NULL AND d.day IS NOT NULL
	) x
) s
GROUP BY s.tag_id, s.queue_id, s.day, s.user_id, s.prev_day;
--> statement-breakpoint
-- ...the tickets per day under an attendant, a sector or both...
INSERT INTO "dashboard_day_tickets" ("tag_id", "user_id", "queue_id", "day", "tickets")
WITH z AS (SELECT coalesce((SELECT nullif(s.value, '') FROM settings s WHERE s.key = 'timezone'), 'UTC') AS tz),
c AS (
	SELECT g.tag_id, c.ticket_id, c.user_id, c.queue_id, (c.queued_at AT TIME ZONE z.tz)::date AS queued
	FROM ticket_cycles c JOIN tickets tk ON tk.id = c.ticket_id JOIN contact_tags g ON g.contact_id = tk.contact_id, z
)
SELECT c.tag_id, k.user_id, k.queue_id, c.queued, count(DISTINCT c.ticket_id)::int
FROM c
	CROSS JOIN LATERAL (VALUES (c.user_id, 0), (0, c.queue_id), (c.user_id, c.queue_id)) k(user_id, queue_id)
WHERE k.user_id IS NOT NULL AND k.queue_id IS NOT NULL
GROUP BY c.tag_id, k.user_id, k.queue_id, c.queued;
--> statement-breakpoint
-- ...and the leads under an attendant, a sector or both.
INSERT INTO "dashboard_leads" ("tag_id", "user_id", "queue_id", "day", "last_day", "contacts")
WITH z AS (SELECT coalesce((SELECT nullif(s.value, '') FROM settings s WHERE s.key = 'timezone'), 'UTC') AS tz),
k AS (
	SELECT t.contact_id, k.user_id, k.queue_id, max((c.queued_at AT TIME ZONE z.tz)::date) AS last_day
	FROM ticket_cycles c JOIN tickets t ON t.id = c.ticket_id CROSS JOIN z
		CROSS JOIN LATERAL (VALUES (c.user_id, 0), (0, c.queue_id), (c.user_id, c.queue_id)) k(user_id, queue_id)
	WHERE k.user_id IS NOT NULL AND k.queue_id IS NOT NULL
		AND t.contact_id IN (SELECT contact_id FROM contact_tags)
	GROUP BY t.contact_id, k.user_id, k.queue_id
)
SELECT g.tag_id, k.user_id, k.queue_id, (ct.created_at AT TIME ZONE z.tz)::date, k.last_day, count(*)::int
FROM k JOIN contacts ct ON ct.id = k.contact_id JOIN contact_tags g ON g.contact_id = ct.id CROSS JOIN z
WHERE NOT ct.is_group
GROUP BY 1, 2, 3, 4, 5;
