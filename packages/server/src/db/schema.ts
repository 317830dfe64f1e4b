/**
 * The whole data model (spec §3) in one place. Invariants the database can hold live here:
 * foreign keys, one open-or-pending ticket per (contact, connection), inbound messages unique per
 * (connection, external id), unique sector colours, unique contact numbers.
 */
import type { CampaignAudience, CampaignPacing, ImportJobDTO, WeekHours } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A stored file attached to a scheduled message or campaign: lib/media-store's StoredMedia, kinds a send may carry. */
export interface StoredMediaRef {
  name: string;
  mimetype: string;
  filename: string;
  kind: 'image' | 'audio' | 'video' | 'document';
  size: number;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ── Sectors (queues) ────────────────────────────────────────────────────────────────────────────
export const queues = pgTable(
  'queues',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    greetingMessage: text('greeting_message').notNull().default(''),
    absenceMessage: text('absence_message').notNull().default(''),
    startWork: text('start_work'),
    endWork: text('end_work'),
    /** New pending tickets go to an online attendant of the sector, round-robin (automation/auto-assign.ts). */
    autoAssign: boolean('auto_assign').notNull().default(false),
    /** Open tickets an attendant may hold before auto-assignment passes them by; null = no limit. */
    maxOpenPerAttendant: integer('max_open_per_attendant'),
    /** Position in the bot's sector menu (1 first); sectors without one follow, by name. */
    orderQueue: integer('order_queue'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('queues_name_unique').on(sql`lower(${t.name})`), uniqueIndex('queues_color_unique').on(sql`lower(${t.color})`)],
);

// ── Connections (spec "Connection (whatsapp)") ──────────────────────────────────────────────────

export const whatsapps = pgTable(
  'whatsapps',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Channel kind: 'whatsapp' (Baileys) or 'simulator'. */
    channel: text('channel').notNull().default('whatsapp'),
    status: text('status').notNull().default('OPENING'),
    /** Why a session stopped (DISCONNECTED), e.g. 'banned', 'logged-out'; '' otherwise. */
    statusReason: text('status_reason').notNull().default(''),
    qrcode: text('qrcode').notNull().default(''),
    retries: integer('retries').notNull().default(0),
    number: text('number').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    isDisplay: boolean('is_display').notNull().default(false),
    isGroup: boolean('is_group').notNull().default(false),
    greetingMessage: text('greeting_message').notNull().default(''),
    farewellMessage: text('farewell_message').notNull().default(''),
    ratingMessage: text('rating_message').notNull().default(''),
    transferTicketMessage: text('transfer_ticket_message').notNull().default(''),
    inactiveMessage: text('inactive_message').notNull().default(''),
    sendInactiveMessage: boolean('send_inactive_message').notNull().default(false),
    /** Hours without a customer reply before an open ticket is closed; 0 = never. */
    timeInactiveMessage: doublePrecision('time_inactive_message').notNull().default(0),
    outOfWorkMessage: text('out_of_work_message').notNull().default(''),
    defineWorkHours: boolean('define_work_hours').notNull().default(false),
    workHours: jsonb('work_hours').$type<WeekHours>(),
    /** Closed days, 'yyyy-MM-dd'. */
    holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
    /**
     * Brought over by an import (or a placeholder for its tickets): no session starts, at server
     * start or otherwise, until an admin starts or pairs it (POST/PUT /whatsappsession/:id).
     */
    awaitingPairing: boolean('awaiting_pairing').notNull().default(false),
    /** Sector that receives tickets left without sector (the sectorless-direction setting). */
    defaultQueueId: integer('default_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('whatsapps_name_unique').on(sql`lower(${t.name})`)],
);

export const whatsappQueues = pgTable(
  'whatsapp_queues',
  {
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.queueId] }), index('whatsapp_queues_queue_idx').on(t.queueId)],
);

/** Channel auth state (Baileys creds and signal keys), one row per key, never in files. */
export const channelAuth = pgTable(
  'channel_auth',
  {
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.key] })],
);

// ── Users (attendants) ──────────────────────────────────────────────────────────────────────────
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: text('profile').notNull().default('user'),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    startWork: text('start_work').notNull().default('00:00'),
    endWork: text('end_work').notNull().default('23:59'),
    allHistoric: boolean('all_historic').notNull().default(true),
    isRemoveTags: boolean('is_remove_tags').notNull().default(true),
    viewConection: boolean('view_conection').notNull().default(true),
    viewSector: boolean('view_sector').notNull().default(true),
    viewName: boolean('view_name').notNull().default(true),
    viewTags: boolean('view_tags').notNull().default(true),
    allTicket: boolean('all_ticket').notNull().default(false),
    /** May create and run campaigns (admins always may). */
    campaigns: boolean('campaigns').notNull().default(false),
    /** Bumped when the user's sessions must end (password change): carried in access tokens. */
    sessionEpoch: integer('session_epoch').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_name_idx').on(sql`lower(${t.name})`)],
);

export const userQueues = pgTable(
  'user_queues',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    /** When auto-assignment last gave this member a ticket of this sector (round-robin order). */
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index('user_queues_queue_idx').on(t.queueId)],
);

/** Refresh sessions: the cookie holds a random secret whose hash is stored here. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    /** The secret before the last rotation, still accepted briefly (concurrent refreshes). */
    previousSecretHash: text('previous_secret_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

// ── Contacts and tags ───────────────────────────────────────────────────────────────────────────
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Digits only; one contact per number across connections. Groups keep their group id. */
    number: text('number').notNull(),
    email: text('email').notNull().default(''),
    profilePicUrl: text('profile_pic_url').notNull().default(''),
    isGroup: boolean('is_group').notNull().default(false),
    /** WhatsApp LID of the contact when known, to resolve LID-addressed messages. */
    lid: text('lid'),
    /** When the customer asked for no more bulk messages (STOP, SAIR…); null while they accept them. */
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_number_unique').on(t.number),
    index('contacts_name_idx').on(sql`lower(${t.name})`, t.id),
    index('contacts_lid_idx').on(t.lid),
    index('contacts_created_idx').on(t.createdAt),
    index('contacts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('contacts_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    // Migration 0034 adds contacts_number_digits_idx: gin (digit_grams(number)), for searches of 6+ digits.
    // Migration 0066 adds ticket_scope_keys (whose lists the contact's tickets are in, kept by a trigger
    // on tickets) as contacts_name_trgm_idx's second column, for a search's pre-filter
    // (tickets/list-query.ts). Left out of this declaration so that no select of contacts reads it or
    // hands it on.
  ],
);

export const contactExtraInfo = pgTable(
  'contact_extra_info',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull().default(''),
  },
  (t) => [index('contact_extra_info_contact_idx').on(t.contactId)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tags_name_unique').on(sql`lower(${t.name})`)],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index('contact_tags_tag_idx').on(t.tagId)],
);

// ── Tickets, service cycles, ratings ────────────────────────────────────────────────────────────
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('pending'),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    lastMessage: text('last_message').notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** The last message was ours: the ticket waits on the customer (inactivity rule). */
    lastMessageFromMe: boolean('last_message_from_me').notNull().default(false),
    /** Time of the customer's last message (inactivity is measured from it). */
    lastCustomerMessageAt: timestamp('last_customer_message_at', { withTimezone: true }),
    unreadMessages: integer('unread_messages').notNull().default(0),
    isGroup: boolean('is_group').notNull().default(false),
    chatbot: boolean('chatbot').notNull().default(false),
    isTransfer: boolean('is_transfer').notNull().default(false),
    isFinished: boolean('is_finished').notNull().default(false),
    /** Protocol number shown to customers ({{protocol}}). */
    protocol: text('protocol').notNull().default(''),
    /**
     * When the automatic reply to the customer's latest burst (sector menu, greeting, out-of-hours
     * notice) is due; null when none is pending. Kept here so a restart or another process resumes it.
     */
    autoReplyDueAt: timestamp('auto_reply_due_at', { withTimezone: true }),
    /** When the out-of-hours notice was last sent: it goes once per closed period. */
    outOfHoursNoticeAt: timestamp('out_of_hours_notice_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open-or-pending ticket per contact and connection, held by the database.
    uniqueIndex('tickets_one_active_per_contact')
      .on(t.contactId, t.whatsappId)
      .where(sql`${t.status} in ('open', 'pending')`),
    // Keyset paging walks these in list order, (sort column, id) after the cursor (tickets/list-query.ts).
    index('tickets_status_updated_idx').on(t.status, t.updatedAt, t.id),
    index('tickets_updated_idx').on(t.updatedAt, t.id),
    index('tickets_groups_updated_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.isGroup}`),
    index('tickets_queue_status_idx').on(t.queueId, t.status),
    // The two visibility branches of the list (tickets/list-query.ts): someone's tickets, unassigned ones.
    // Migration 0019 adds INCLUDE (queue_id, is_group) to both, and 0018 INCLUDE (user_id, queue_id,
    // is_group) to tickets_status_updated_idx, which drizzle cannot declare.
    index('tickets_user_status_idx').on(t.userId, t.status, t.updatedAt, t.id),
    index('tickets_unassigned_status_idx')
      .on(t.status, t.updatedAt, t.id)
      .where(sql`${t.userId} is null`),
    // The "anyone's tickets" branch of a tab, for an admin with "show all" (migration 0064 adds
    // INCLUDE (queue_id, is_group)): without it, the Pending tab read every pending ticket, all of
    // them unassigned, to find that none of them is someone's.
    index('tickets_assigned_status_idx')
      .on(t.status, t.updatedAt, t.id)
      .where(sql`${t.userId} is not null`),
    // The groups tab of someone (or of nobody: user_id is null), in list order.
    index('tickets_user_groups_updated_idx')
      .on(t.userId, t.updatedAt, t.id)
      .where(sql`${t.isGroup}`),
    index('tickets_contact_idx').on(t.contactId),
    index('tickets_created_idx').on(t.createdAt, t.id),
    index('tickets_auto_reply_due_idx')
      .on(t.autoReplyDueAt)
      .where(sql`${t.autoReplyDueAt} is not null`),
  ],
);

/**
 * One service cycle of a ticket: queued → started (accepted by an attendant) → finished. The
 * dashboard's times are computed from these rows.
 */
export const ticketCycles = pgTable(
  'ticket_cycles',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    finishedBy: integer('finished_by').references(() => users.id, { onDelete: 'set null' }),
    /** resolved | finished | inactive | api | transferred | deleted */
    outcome: text('outcome'),
  },
  (t) => [
    index('ticket_cycles_ticket_idx').on(t.ticketId),
    index('ticket_cycles_queued_idx').on(t.queuedAt),
    index('ticket_cycles_finished_idx').on(t.finishedAt),
    // Dashboard filters by attendant or sector over a date range (migration 0060 adds INCLUDE
    // (ticket_id, and the other of user_id / queue_id) to these four and to the two date indexes,
    // which drizzle cannot declare: the distinct-ticket counts then read the index only).
    index('ticket_cycles_user_queued_idx').on(t.userId, t.queuedAt),
    index('ticket_cycles_user_finished_idx').on(t.userId, t.finishedAt),
    index('ticket_cycles_queue_queued_idx').on(t.queueId, t.queuedAt),
    index('ticket_cycles_queue_finished_idx').on(t.queueId, t.finishedAt),
  ],
);

/** A rating request waiting for the customer's 0–10 answer until its deadline. */
export const ratingRequests = pgTable(
  'rating_requests',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    cycleId: integer('cycle_id').references(() => ticketCycles.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** waiting | rated | expired */
    state: text('state').notNull().default('waiting'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rating_requests_one_waiting')
      .on(t.contactId, t.whatsappId)
      .where(sql`${t.state} = 'waiting'`),
    index('rating_requests_deadline_idx').on(t.state, t.deadline),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    cycleId: integer('cycle_id').references(() => ticketCycles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rate: integer('rate').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ratings_user_idx').on(t.userId),
    index('ratings_created_idx').on(t.createdAt),
    // The few ratings of no cycle: their sector is the ticket's current one, so the dashboard reads them raw.
    index('ratings_no_cycle_created_idx')
      .on(t.createdAt)
      .where(sql`${t.cycleId} is null`),
  ],
);

/**
 * The dashboard's additive figures per company-local day × attendant × sector (0: none), kept by
 * the services that write cycles and ratings (store/dashboard-rollups.ts) in the writing
 * transaction, and rebuilt from the raw tables when the time zone changes or after an import.
 * Times are summed in microseconds so averages equal the raw query's exactly.
 */
export const dashboardRollups = pgTable(
  'dashboard_rollups',
  {
    /** 0: every contact; else only the contacts with this tag (store/dashboard-tags.ts). */
    tagId: integer('tag_id').notNull().default(0),
    day: date('day').notNull(),
    userId: integer('user_id').notNull(),
    queueId: integer('queue_id').notNull(),
    /** Tickets whose first cycle of the day was queued that day (summed over keys: the day's distinct tickets). */
    ticketsQueued: integer('tickets_queued').notNull().default(0),
    /** Cycles queued that day still waiting / being served. */
    pending: integer('pending').notNull().default(0),
    happening: integer('happening').notNull().default(0),
    /** Cycles that ended that day with an ending outcome. */
    finished: integer('finished').notNull().default(0),
    /** started → finished of the cycles finished that day (started ones). */
    supportUs: bigint('support_us', { mode: 'number' }).notNull().default(0),
    supportN: integer('support_n').notNull().default(0),
    /** queued → started of the cycles queued that day that waited. */
    waitUs: bigint('wait_us', { mode: 'number' }).notNull().default(0),
    waitN: integer('wait_n').notNull().default(0),
    /** Ratings given that day (of a cycle: sector is the cycle's). */
    rated: integer('rated').notNull().default(0),
    rateSum: integer('rate_sum').notNull().default(0),
    promoters: integer('promoters').notNull().default(0),
    passives: integer('passives').notNull().default(0),
    detractors: integer('detractors').notNull().default(0),
    /** People (not groups) first seen that day: under user 0 and sector 0 only (the unfiltered leads). */
    leads: integer('leads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.day, t.userId, t.queueId] })],
);

/**
 * Distinct tickets per attendant over a range, kept like the rollups (store/dashboard-tickets.ts):
 * the days an (attendant, ticket) pair was active — one of the attendant's cycles of the ticket was
 * queued or ended — counted per day and the pair's previous active day. A pair counts once in
 * [from, to] at its first active day there: the row whose day is in the range and whose prev_day
 * is before it ('-infinity': none). Sector 0 stands for every sector; nobody's cycles are left out.
 */
export const dashboardAttendantTickets = pgTable(
  'dashboard_attendant_tickets',
  {
    /** 0: every contact; else only the contacts with this tag (store/dashboard-tags.ts). */
    tagId: integer('tag_id').notNull().default(0),
    queueId: integer('queue_id').notNull(),
    day: date('day').notNull(),
    userId: integer('user_id').notNull(),
    prevDay: date('prev_day').notNull(),
    tickets: integer('tickets').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.queueId, t.day, t.userId, t.prevDay] })],
);

/**
 * Distinct tickets with a cycle queued each day for one attendant, one sector or both (0: any;
 * nobody's and no sector's cycles are left out): the chart under a filter. Kept with the above.
 */
export const dashboardDayTickets = pgTable(
  'dashboard_day_tickets',
  {
    /** 0: every contact; else only the contacts with this tag (store/dashboard-tags.ts). */
    tagId: integer('tag_id').notNull().default(0),
    userId: integer('user_id').notNull(),
    queueId: integer('queue_id').notNull(),
    day: date('day').notNull(),
    tickets: integer('tickets').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.userId, t.queueId, t.day] })],
);

/**
 * Leads under an attendant or sector filter (store/dashboard-leads.ts): people (not groups) per
 * first-seen day and the last day a cycle of theirs (any ticket) was queued for the attendant,
 * the sector or both (0: any). They count in [from, to] when day is in it and last_day is not
 * before `from`.
 */
export const dashboardLeads = pgTable(
  'dashboard_leads',
  {
    /** 0: every contact; else only the contacts with this tag (store/dashboard-tags.ts). */
    tagId: integer('tag_id').notNull().default(0),
    userId: integer('user_id').notNull(),
    queueId: integer('queue_id').notNull(),
    day: date('day').notNull(),
    lastDay: date('last_day').notNull(),
    contacts: integer('contacts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.userId, t.queueId, t.day, t.lastDay] })],
);

// ── Messages ────────────────────────────────────────────────────────────────────────────────────
export const messages = pgTable(
  'messages',
  {
    /** Our id (string, spec "Messages keep a string id"). */
    id: text('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    /** The channel's id for this message, once known. */
    externalId: text('external_id'),
    /** Sender contact (for groups: the member who wrote). */
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** Attendant who sent it, for outbound messages. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    fromMe: boolean('from_me').notNull().default(false),
    read: boolean('read').notNull().default(false),
    mediaType: text('media_type').notNull().default('chat'),
    /** Stored file name under the media directory (generated, never user-supplied). */
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    mediaMime: text('media_mime'),
    quotedMsgId: text('quoted_msg_id'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    ack: integer('ack').notNull().default(0),
    /** Outbound delivery: pending | sent | failed (inbound rows are 'received'). */
    sendState: text('send_state').notNull().default('received'),
    sendAttempts: integer('send_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /**
     * The channel-lease holder (process) whose outbox claimed a 'sending' row. The claim lasts only
     * while that holder runs the session: whoever holds the lease next may send it at once.
     */
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    /** The channel's own code when it refused the message (WhatsApp "463", "479"), beside last_error. */
    failureCode: text('failure_code'),
    idempotencyKey: text('idempotency_key'),
    /** Channel payload needed to re-serve the message (Baileys getMessage). */
    rawPayload: text('raw_payload'),
    /** An approved template to send instead of text (WhatsApp Cloud API, outside the 24-hour window). */
    template: jsonb('template').$type<{ name: string; language: string; variables: string[] }>(),
    /** An internal note between staff: send_state 'note', never sent to any channel (check constraint). */
    isPrivate: boolean('is_private').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('messages_external_unique').on(t.whatsappId, t.externalId),
    // Only keyed (sent) messages have a key: inbound messages pay no entry (migration 0033).
    uniqueIndex('messages_idempotency_unique')
      .on(t.ticketId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('messages_ticket_created_idx').on(t.ticketId, t.createdAt),
    index('messages_outbox_idx')
      .on(t.whatsappId, t.createdAt)
      .where(sql`${t.sendState} in ('pending', 'sending')`),
    index('messages_body_trgm_idx').using('gin', sql`${t.body} gin_trgm_ops`),
    check('messages_private_is_note', sql`NOT ${t.isPrivate} OR ${t.sendState} = 'note'`),
    // Migration 0034 adds messages_body_digits_idx: gin (digit_grams(body)) for bodies with a run of 6+
    // digits (store/text-search.ts).
  ],
);

/**
 * A reaction on a message: one emoji per reacting side ("me": the company's number, whichever
 * attendant set it; otherwise the customer's number) and message, as WhatsApp keeps them.
 */
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reactor: text('reactor').notNull(),
    emoji: text('emoji').notNull(),
    fromMe: boolean('from_me').notNull().default(false),
    /** The attendant who set it (our reactions only). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.reactor] })],
);

/** The text a message had before an edit: the body shows the latest, the history keeps the rest. */
export const messageEdits = pgTable(
  'message_edits',
  {
    id: serial('id').primaryKey(),
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    previousBody: text('previous_body').notNull(),
    /** The attendant who edited (our messages); null for a customer's edit. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('message_edits_message_idx').on(t.messageId, t.id)],
);

/**
 * A receipt for one of our messages that arrived before the outbox recorded the message's channel
 * id (Meta's status webhook can overtake the send's answer). The outbox applies it on recording the
 * id; unclaimed rows expire (messaging/early-receipts.ts).
 */
export const earlyReceipts = pgTable(
  'early_receipts',
  {
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    ack: integer('ack').notNull().default(0),
    /** Set when the channel reported the message failed: it wins over any tick. */
    failureError: text('failure_error'),
    failureCode: text('failure_code'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.externalId] }), index('early_receipts_received_idx').on(t.receivedAt)],
);

/** A user named (@name) in a private note: notified, and allowed to open that ticket. */
export const ticketMentions = pgTable(
  'ticket_mentions',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ticket_mentions_message_user_unique').on(t.messageId, t.userId),
    index('ticket_mentions_user_ticket_idx').on(t.userId, t.ticketId),
  ],
);

// ── Outgoing webhooks ───────────────────────────────────────────────────────────────────────────
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: jsonb('events').$type<string[]>().notNull().default([]),
  /** Signs every delivery (HMAC-SHA256); needed in clear to sign, never shown again. */
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One event for one webhook: queued here first, so a restart loses none (at least once). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    /** Deliveries with one key (ticket:<id>, contact:<id>) reach a webhook in id order. */
    orderingKey: text('ordering_key').notNull(),
    /** The exact JSON body (signed as sent). */
    payload: text('payload').notNull(),
    /** pending | delivering (claimed until next_attempt_at) | delivered | failed (gave up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    responseCode: integer('response_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'delivering')`),
    index('webhook_deliveries_order_idx')
      .on(t.webhookId, t.orderingKey, t.id)
      .where(sql`${t.status} in ('pending', 'delivering')`),
    index('webhook_deliveries_log_idx').on(t.webhookId, t.id),
  ],
);

// ── Quick answers and settings ──────────────────────────────────────────────────────────────────
export const quickAnswers = pgTable(
  'quick_answers',
  {
    id: serial('id').primaryKey(),
    shortcut: text('shortcut').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('quick_answers_shortcut_idx').on(sql`lower(${t.shortcut})`)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/** Leases for scheduled work and channel-session ownership across server processes. */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Failed sign-ins per key (address+account, address) in the current window: shared by all processes. */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_since_idx').on(t.since)],
);

/**
 * The Meta account of a WhatsApp Cloud API connection. The secrets (access token, app secret,
 * verify token) are one AES-GCM sealed JSON, never stored or shown in clear (lib/secret-box.ts).
 */
export const cloudAccounts = pgTable(
  'cloud_accounts',
  {
    whatsappId: integer('whatsapp_id')
      .primaryKey()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    phoneNumberId: text('phone_number_id').notNull(),
    businessAccountId: text('business_account_id').notNull(),
    secrets: text('secrets').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cloud_accounts_phone_number_unique').on(t.phoneNumberId)],
);

/** Fixed-window request counters of the HTTP rate limits, shared by every server process. */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_resets_at_idx').on(t.resetsAt)],
);

// ── Simulator phone network ─────────────────────────────────────────────────────────────────────
/** What the simulated phones show: every message between a customer and a connection's number. */
export const simulatorMessages = pgTable(
  'simulator_messages',
  {
    /** Shared with the channel side as the message's external id. */
    id: text('id').primaryKey(),
    connectionNumber: text('connection_number').notNull(),
    customer: text('customer').notNull(),
    /** 'customer' or 'connection'. */
    sender: text('sender').notNull(),
    type: text('type').notNull().default('text'),
    body: text('body').notNull().default(''),
    mediaPath: text('media_path'),
    mediaMime: text('media_mime'),
    mediaName: text('media_name'),
    quotedId: text('quoted_id'),
    ack: integer('ack').notNull().default(1),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /** The reaction each side put on the message (null: none). */
    customerReaction: text('customer_reaction'),
    connectionReaction: text('connection_reaction'),
    isEdited: boolean('is_edited').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('simulator_messages_chat_idx').on(t.connectionNumber, t.customer, t.createdAt)],
);

/**
 * How the simulator's network treats a customer (by number): addressed by LID like a LID-migrated
 * WhatsApp account (a send to the number is refused with 463), and/or refusing every message with
 * a code. Check constraint in migration 0035: `refuses` is three digits.
 */
export const simulatorCustomers = pgTable(
  'simulator_customers',
  {
    number: text('number').primaryKey(),
    lidAddressed: boolean('lid_addressed').notNull().default(false),
    refuses: text('refuses'),
  },
  (t) => [check('simulator_customers_refuses_check', sql`${t.refuses} IS NULL OR ${t.refuses} ~ '^[0-9]{3}$'`)],
);

/**
 * Rows taken from another install (Whaticket-family import): which source row became which of
 * ours, so a second run or a resumed one imports nothing twice.
 */
export const importMap = pgTable(
  'import_map',
  {
    /** The source database, without credentials ("mysql://host:3306/whaticket"). */
    source: text('source').notNull(),
    entity: text('entity').notNull(),
    sourceId: text('source_id').notNull(),
    targetId: text('target_id').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.entity, t.sourceId] })],
);

/**
 * The last import run from the admin page as the page shows it — its outcome and the
 * verification that followed — kept across restarts; one row per kind of import ('whaticket').
 */
export const importJobs = pgTable('import_jobs', {
  kind: text('kind').primaryKey(),
  job: jsonb('job').$type<ImportJobDTO>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * This installation's name, one row made by its migration: every process on the database shares
 * it and no other installation has it (the Socket.IO Redis channels are keyed by it, so two
 * installations sharing one Redis never hear each other).
 */
export const deployment = pgTable(
  'deployment',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    id: text('id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One row only (PostgreSQL names the constraint migration 0032 declares inline this way).
  (t) => [check('deployment_singleton_check', sql`${t.singleton}`)],
);

// ── Web chat widget ─────────────────────────────────────────────────────────────────────────────
/** Widget settings of a webchat connection. */
export const webchatSettings = pgTable(
  'webchat_settings',
  {
    whatsappId: integer('whatsapp_id')
      .primaryKey()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    /** What a site's script tag names (data-channel); not a secret, but not guessable either. */
    publicKey: text('public_key').notNull(),
    /** Origins allowed to embed the widget. */
    allowedSites: jsonb('allowed_sites').$type<string[]>().notNull().default([]),
    color: text('color').notNull(),
    askContact: boolean('ask_contact').notNull().default(false),
  },
  (t) => [uniqueIndex('webchat_settings_public_key_unique').on(t.publicKey)],
);

/** A website visitor: the browser holding the token is this visitor, and only of this connection. */
export const webchatVisitors = pgTable(
  'webchat_visitors',
  {
    id: text('id').primaryKey(),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    /** SHA-256 of the visitor token: a database read does not hand out tokens. */
    tokenHash: text('token_hash').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webchat_visitors_token_unique').on(t.tokenHash), index('webchat_visitors_connection_idx').on(t.whatsappId)],
);

/**
 * A connection's health record (channels/health.ts): one row per refused send, undecryptable
 * message, reconnect, rate limit or close; counted over the last hour, kept for a day.
 */
export const channelHealthEvents = pgTable(
  'channel_health_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    /** 'refused' | 'undecryptable' | 'reconnect' | 'rate-limited' | 'closed'. */
    kind: text('kind').notNull(),
    /** The refusal code ('463'), or the close reason. */
    code: text('code').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('channel_health_events_connection_at_idx').on(t.whatsappId, t.at),
    check('channel_health_events_kind_check', sql`${t.kind} IN ('refused', 'undecryptable', 'reconnect', 'rate-limited', 'closed')`),
  ],
);

/**
 * The story of a ticket (store/ticket-log.ts): who accepted, transferred (from whom to whom, and
 * why), returned, resolved, reopened it, the rating the customer gave and the steps the bot took.
 * Written in the transaction of the change it tells, so the timeline never misses or invents one.
 */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** TICKET_EVENT_KINDS of packages/shared. */
    kind: text('kind').notNull(),
    /** The user who acted; null for the system (bot, inactivity, the external API, the customer). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    toUserId: integer('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromQueueId: integer('from_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    toQueueId: integer('to_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    /** Why a transfer was made, as the attendant wrote it. */
    reason: text('reason').notNull().default(''),
    /** The customer's rating (0–10) of a `rated` event. */
    rate: integer('rate'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_events_ticket_at_idx').on(t.ticketId, t.at),
    check(
      'ticket_events_kind_check',
      sql`${t.kind} IN ('accepted', 'auto-assigned', 'transferred', 'returned', 'resolved', 'finished', 'reopened', 'closed-inactive', 'closed-api', 'rated', 'bot-menu', 'bot-sector', 'directed')`,
    ),
  ],
);

/**
 * A message a user scheduled in a chat (modules/scheduled-messages): sent at `next_at`, then, when
 * it repeats, at the next wall time of its recurrence in `time_zone`. Each send is claimed by
 * advancing `occurrence` in the transaction that queues the message to the outbox, so a send
 * happens once however many processes run the job.
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** A file in the media store sent with the text (lib/media-store StoredMedia); every occurrence sends the same file. */
    media: jsonb('media').$type<StoredMediaRef>(),
    /** The first send, a wall time 'YYYY-MM-DDTHH:mm' in `time_zone`; repeats keep its time and day. */
    startAt: text('start_at').notNull(),
    timeZone: text('time_zone').notNull(),
    /** 'none' | 'daily' | 'weekly' | 'monthly'. */
    recurrence: text('recurrence').notNull().default('none'),
    /** The last day (in `time_zone`) a repeating message is sent on. */
    until: text('until'),
    /** The occurrence due next (0 = the first). */
    occurrence: integer('occurrence').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    /** 'scheduled' | 'done' | 'failed' | 'cancelled'. */
    status: text('status').notNull().default('scheduled'),
    /** Why the last send could not be queued (an error code); null after a send that was. */
    lastError: text('last_error'),
    sentCount: integer('sent_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('scheduled_messages_due_idx').on(t.status, t.nextAt),
    index('scheduled_messages_ticket_idx').on(t.ticketId),
    check('scheduled_messages_status_check', sql`${t.status} IN ('scheduled', 'done', 'failed', 'cancelled')`),
    check('scheduled_messages_recurrence_check', sql`${t.recurrence} IN ('none', 'daily', 'weekly', 'monthly')`),
  ],
);

/**
 * The audit log (modules/audit): who changed settings, users and their permissions, connections,
 * sectors, webhooks, imports, or deleted tickets, messages and contacts — with a summary of the
 * record before and after (secrets left out), when, and from which address. The actor's name is
 * kept beside the id, so a record still says who after the user is deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** 'user.update', 'setting.update', 'ticket.delete', … (AUDIT_ACTIONS in packages/shared). */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    /** The target's id or key ('' for an action on many, e.g. deleting every contact). */
    targetId: text('target_id').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address').notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_at_idx').on(t.actorId, t.at),
    index('audit_log_action_at_idx').on(t.action, t.at),
  ],
);

// ── Web Push ────────────────────────────────────────────────────────────────────────────────────
/** A user's device that receives pushes (modules/push): the push service's endpoint and the browser's keys. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (base64url, uncompressed point). */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte authentication secret (base64url). */
    auth: text('auth').notNull(),
    /** The device as its user knows it ("Chrome on Android"). */
    label: text('label').notNull().default(''),
    /** The language the device's notifications are written in ('pt', 'en', 'es'). */
    language: text('language').notNull().default('pt'),
    /** No message body or note text in this device's pushes. */
    hidePreviews: boolean('hide_previews').notNull().default(false),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Web Push sends waiting for their first attempt or a retry (modules/push/sender.ts). A row is
 * written before the first attempt and removed once the push is delivered, gone, refused or given
 * up; `next_attempt_at` is also the lease of the process sending it.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** The push as the device will read it (JSON), written for its language and preview choice. */
    payload: text('payload').notNull(),
    /** Attempts made so far (a claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_deliveries_due_idx').on(t.nextAttemptAt)],
);

/**
 * Campaigns (modules/campaigns): one message to an audience, sent through the outbox at the pace
 * of `pacing` on its connection. `next_send_at` is when the connection may take its next campaign
 * send (a random gap after the last); `disconnects` and `connection_up` count the connection's
 * drops while the campaign runs, for its stop threshold.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    template: jsonb('template').$type<{ name: string; language: string; variables: string[] }>(),
    /** A file in the media store sent with the text (lib/media-store StoredMedia); shared by every recipient's message. */
    media: jsonb('media').$type<StoredMediaRef>(),
    audience: jsonb('audience').$type<CampaignAudience>().notNull(),
    pacing: jsonb('pacing').$type<CampaignPacing>().notNull(),
    startAt: timestamp('start_at', { withTimezone: true }),
    status: text('status').notNull().default('draft'),
    stopReason: text('stop_reason'),
    /** Why the job did not send on its last tick (a CampaignWait: hours, disconnected, gap, caps…); null when it sent. */
    waitReason: text('wait_reason'),
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    disconnects: integer('disconnects').notNull().default(0),
    connectionUp: boolean('connection_up').notNull().default(true),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaigns_status_idx').on(t.status, t.startAt),
    check('campaigns_status_check', sql`${t.status} IN ('draft', 'scheduled', 'running', 'paused', 'stopped', 'cancelled', 'finished')`),
  ],
);

/**
 * A campaign's recipients. Stored status: queued (to send), handed (its message is in the outbox,
 * `message_id`; what the customer's phone did with it is read from that message), skipped (opted
 * out), failed (could not be handed over, `reason`). Claimed once, in the transaction that writes
 * the outbox row.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The name the audience gave (a CSV's), for {{name}}; '' uses the contact's. */
    name: text('name').notNull().default(''),
    status: text('status').notNull().default('queued'),
    reason: text('reason'),
    messageId: text('message_id'),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_recipients_contact_unique').on(t.campaignId, t.contactId),
    index('campaign_recipients_status_idx').on(t.campaignId, t.status),
    index('campaign_recipients_claimed_idx').on(t.claimedAt),
    index('campaign_recipients_contact_idx').on(t.contactId, t.claimedAt),
    index('campaign_recipients_replied_idx')
      .on(t.repliedAt)
      .where(sql`${t.repliedAt} is not null`),
    check('campaign_recipients_status_check', sql`${t.status} IN ('queued', 'handed', 'skipped', 'failed')`),
  ],
);
