import { z } from 'zod';
import { text, numeric } from './primitives.js';

/** A query parameter holding a JSON array of ids (spec §7: queueIds and tags "(JSON)"). */
const jsonIdList = text()
  .max(2000)
  .optional()
  .transform((v, ctx) => {
    if (v == null || v === '') return undefined;
    try {
      const parsed: unknown = JSON.parse(v);
      const list = Array.isArray(parsed) ? parsed : [parsed];
      const ids = list.map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) throw new Error('bad id');
      return ids;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Expected a JSON array of ids' });
      return z.NEVER;
    }
  });

const boolParam = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

export const ticketsQuerySchema = z.object({
  searchParam: text().max(200).optional().default(''),
  pageNumber: numeric(z.number().int().min(1).max(100000)).optional().default(1),
  /**
   * The `nextCursor` of the previous page: the next page starts right after its last ticket, however
   * deep (keyset paging), and tickets arriving meanwhile shift nothing. Takes precedence over pageNumber.
   */
  cursor: text()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
    .optional(),
  status: z.enum(['pending', 'open', 'closed']).optional(),
  /** A day, yyyy-MM-dd: tickets created that day (in the configured time zone). */
  date: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')
    .optional(),
  showAll: boolParam,
  queueIds: jsonIdList,
  tags: jsonIdList,
  userId: numeric(z.number().int().positive().max(2_147_483_647)).optional(),
  withUnreadMessages: boolParam,
  /** Only group chats (true) or only people (false). */
  isGroup: z.enum(['true', 'false']).optional(),
});
export type TicketsQuery = z.infer<typeof ticketsQuerySchema>;

const positiveId = numeric(z.number().int().positive().max(2_147_483_647));

export const ticketCreateSchema = z
  .object({
    contactId: positiveId,
    queueId: z.union([positiveId, z.null()]).optional(),
    userId: z.union([positiveId, z.null()]).optional(),
    whatsappId: positiveId.optional(),
    status: z.enum(['open', 'pending']).optional().default('open'),
  })
  .meta({ example: { contactId: 12, queueId: 3, userId: 5, status: 'open' } });
export type TicketCreateInput = z.infer<typeof ticketCreateSchema>;
/** What a client sends to POST /tickets. */
export type TicketCreateBody = z.input<typeof ticketCreateSchema>;

/** PUT /tickets/:id — the action is read from which fields are present (spec §4 table). */
/** The longest reason a transfer can carry. */
export const TRANSFER_REASON_MAX = 300;

export const ticketUpdateSchema = z
  .object({
    status: z.enum(['pending', 'open', 'closed']).optional(),
    userId: z.union([positiveId, z.null()]).optional(),
    queueId: z.union([positiveId, z.null()]).optional(),
    whatsappId: positiveId.optional(),
    isFinished: z.boolean().optional(),
    /** Transfer flag sent by the transfer dialog. */
    transf: z.boolean().optional(),
    /** Why the ticket is transferred (shown in the chat's timeline). */
    reason: z.string().trim().max(TRANSFER_REASON_MAX, 'Too Long!').optional(),
    /** The reference client nests the fields under ticketData; both forms are accepted. */
    ticketData: z
      .object({
        status: z.enum(['pending', 'open', 'closed']).optional(),
        userId: z.union([positiveId, z.null()]).optional(),
        queueId: z.union([positiveId, z.null()]).optional(),
        whatsappId: positiveId.optional(),
        isFinished: z.boolean().optional(),
        transf: z.boolean().optional(),
      })
      .optional(),
  })
  .meta({
    description:
      'Accept: {status: "open", userId}; return to the queue: {status: "pending"}; resolve: {status: "closed", userId}; transfer: {transf: true, userId, queueId}',
    example: { status: 'open', userId: 5 },
  });
export type TicketUpdateInput = z.infer<typeof ticketUpdateSchema>;
/** What a client sends to PUT /tickets/:id. */
export type TicketUpdateBody = z.input<typeof ticketUpdateSchema>;
