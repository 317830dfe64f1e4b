/**
 * The campaign job (runs on the scheduler's lease holder, every tick): starts campaigns that came
 * due, hands recipients to the outbox at the pace of their connection, stops a campaign whose
 * sends the channel keeps refusing or whose connection keeps dropping, finishes it when nobody is
 * left, and announces recipients whose message changed (sent, delivered, read, failed).
 *
 * Exactly once: a recipient is claimed (queued → handed, FOR UPDATE SKIP LOCKED) in the transaction
 * that writes its outbox message, whose idempotency key names the recipient. A crash before the
 * commit leaves both undone, after it both done; a second process (a lease takeover, or two runs
 * at once) finds the rows locked or already handed. The outbox then sends each message once across
 * restarts (it resends with the same channel id, which the channel recognises).
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { renderTemplate, ticketTemplateVars, type CampaignPacing, type CampaignWait } from '@switchboard/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { campaignRecipients, campaigns, contacts, messages, queues, tickets, users, whatsapps } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql.js';
import { MicroBatcher } from '../../lib/micro-batcher.js';
import { isConnectionOpen } from '../../automation/hours.js';
import type { InboundStored } from '../../messaging/inbound.js';
import type { Outbox } from '../../messaging/outbox.js';
import { announceMessage } from '../../messaging/ticket-events.js';
import { presentMessages, type MessageRow } from '../../store/message-present.js';
import { presentTickets, type TicketRow } from '../../store/ticket-present.js';
import { insertTicketWithCycle } from '../tickets/insert.js';
import { decidePacing, type PacingFacts } from './pacing.js';
import { presentRecipients, type CampaignRow } from './present.js';
import { markRepliedSql, readMarked } from '../../store/campaign-replies.js';
import type { CampaignsService } from './service.js';

const HOUR_MS = 3_600_000;
/** Advisory lock class of a connection's campaign claims (the second key is the connection id). */
export const CONNECTION_LOCK = 7302001;
type ConnectionRow = typeof whatsapps.$inferSelect;
/** Campaigns whose recipients' changes are announced: running ones and those that ended lately. */
const FOLLOW_MS = 24 * HOUR_MS;

export class CampaignSender {
  /** Messages changed after this were not announced yet (the last tick's time, per process). */
  private followedUntil: Date | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly outbox: Outbox,
    private readonly service: CampaignsService,
    /** The pacing's random gaps (tests and the bench may fix it). */
    private readonly random: () => number = Math.random,
  ) {}

  /** One tick at `now`: returns how many recipients were handed to the outbox. */
  async runDue(now: Date): Promise<number> {
    const started = await this.ctx.db
      .update(campaigns)
      .set({ status: 'running', startedAt: now, updatedAt: now })
      .where(and(eq(campaigns.status, 'scheduled'), sql`${campaigns.startAt} <= ${now.toISOString()}::timestamptz`))
      .returning({ id: campaigns.id });
    for (const { id } of started) await this.service.announceById(id, 'update');

    let handed = 0;
    const running = await this.ctx.db.select().from(campaigns).where(eq(campaigns.status, 'running')).orderBy(asc(campaigns.id));
    for (const campaign of running) {
      try {
        handed += await this.runCampaign(campaign, now);
      } catch (err) {
        // Left running: the next tick tries again; the error is logged for the operator.
        this.ctx.log.error({ err, campaignId: campaign.id }, 'campaign tick failed');
      }
    }
    await this.announceProgress(now);
    return handed;
  }

  private async runCampaign(campaign: CampaignRow, now: Date): Promise<number> {
    const [conn] = await this.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, campaign.whatsappId));
    if (!conn) return 0;
    const pacing = campaign.pacing;
    if (conn.status !== 'CONNECTED') {
      await this.noteWait(campaign.id, 'disconnected');
      await this.countDisconnect(campaign, pacing, now);
      return 0;
    }
    if (!campaign.connectionUp) await this.ctx.db.update(campaigns).set({ connectionUp: true }).where(eq(campaigns.id, campaign.id));

    const refused = pacing.stopAfterRefusals > 0 ? await this.refusedInARow(campaign, pacing.stopAfterRefusals) : null;
    if (refused) {
      await this.stop(campaign.id, `refusals: ${pacing.stopAfterRefusals} refused sends in a row (${refused.join(', ')})`, now);
      return 0;
    }

    // Whether anyone is left, not how many: a tick of a 100,000-recipient campaign need not count them.
    const [left] = await this.ctx.db
      .select({ one: sql`1` })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaign.id), eq(campaignRecipients.status, 'queued')))
      .limit(1);
    if (!left) {
      const [done] = await this.ctx.db
        .update(campaigns)
        .set({ status: 'finished', finishedAt: now, updatedAt: now })
        .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'running')))
        .returning({ id: campaigns.id });
      if (done) await this.service.announceById(done.id, 'update');
      return 0;
    }

    const { handed, written, waitChanged } = await this.claim(campaign.id, conn, now);
    if (handed.length === 0) {
      if (waitChanged) await this.service.announceById(campaign.id, 'update');
      return 0;
    }
    void this.outbox.kick(campaign.whatsappId);
    // Whoever has one of these chats open sees the message like any other. The batch's tickets and
    // messages are presented together: a query per batch, not several per recipient.
    const ticketIds = [...new Set(written.map((m) => m.ticketId))];
    const ticketRows = ticketIds.length ? await this.ctx.db.select().from(tickets).where(inArray(tickets.id, ticketIds)) : [];
    const ticketDtos = new Map((await presentTickets(this.ctx.db, ticketRows)).map((t) => [t.id, t]));
    const messageDtos = await presentMessages(
      this.ctx.mediaLinks,
      this.ctx.db,
      written.map((m) => m.row),
    );
    written.forEach((m, i) => {
      const ticketDto = ticketDtos.get(m.ticketId);
      const dto = messageDtos[i];
      if (ticketDto && dto) announceMessage(this.ctx, 'create', dto, ticketDto);
    });
    await this.service.announceRecipients(campaign.id, await presentRecipients(this.ctx.db, inArray(campaignRecipients.id, handed)));
    await this.service.announceById(campaign.id, 'update');
    return handed.length;
  }

  /** What the pacing needs to know about the connection now (every campaign on it counts). */
  private async factsOf(tx: Tx, conn: ConnectionRow, now: Date): Promise<PacingFacts> {
    const sentSince = async (ms: number) => {
      const [row] = await tx
        .select({ n: sql<number>`count(distinct ${campaignRecipients.contactId})::int` })
        .from(campaignRecipients)
        .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
        .where(
          and(
            eq(campaigns.whatsappId, conn.id),
            eq(campaignRecipients.status, 'handed'),
            sql`${campaignRecipients.claimedAt} > ${new Date(now.getTime() - ms).toISOString()}::timestamptz`,
          ),
        );
      return Number(row.n);
    };
    // As epoch milliseconds: an aggregate's timestamp comes back as text the Date parser may not read.
    const [next] = await tx
      .select({ at: sql<number | null>`(extract(epoch from max(${campaigns.nextSendAt})) * 1000)::float8` })
      .from(campaigns)
      .where(eq(campaigns.whatsappId, conn.id));
    return {
      channel: conn.channel,
      connectionCreatedAt: conn.createdAt,
      sentLastHour: await sentSince(HOUR_MS),
      sentLastDay: await sentSince(24 * HOUR_MS),
      nextSendAt: next?.at != null ? new Date(Number(next.at)) : null,
      open: isConnectionOpen(
        { defineWorkHours: conn.defineWorkHours, workHours: conn.workHours ?? null, holidays: conn.holidays },
        now,
        this.ctx.settings.timeZone(),
      ),
    };
  }

  /**
   * Asks the pacing how many may go now and claims that many queued recipients, writing their
   * messages, in one transaction. The connection's lock makes the pacing's count and the claim one
   * step (two processes, or two campaigns on one number, cannot both take the last of a cap); the
   * campaign's row lock makes a pause or cancel wait for it and stop the next one. Returns the
   * recipients handed over and the messages written.
   */
  private async claim(
    campaignId: number,
    conn: ConnectionRow,
    now: Date,
  ): Promise<{ handed: number[]; written: { ticketId: number; row: MessageRow }[]; waitChanged: boolean }> {
    const written: { ticketId: number; row: MessageRow }[] = [];
    let waitChanged = false;
    const handed = await this.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CONNECTION_LOCK}, ${conn.id})`);
      const [campaign] = await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'running')))
        .for('update');
      if (!campaign) return [];
      const decision = decidePacing(campaign.pacing, await this.factsOf(tx, conn, now), now, this.random);
      if (!('send' in decision)) {
        // Kept for the campaign's page: why nothing goes now (changed only when the reason does).
        if (campaign.waitReason !== decision.wait) {
          await tx.update(campaigns).set({ waitReason: decision.wait }).where(eq(campaigns.id, campaign.id));
          waitChanged = true;
        }
        return [];
      }
      const claimed = rowsOf(
        await tx.execute(sql`
          update ${campaignRecipients} set status = 'handed', claimed_at = ${now.toISOString()}::timestamptz
          where id in (
            select id from ${campaignRecipients}
            where campaign_id = ${campaignId} and status = 'queued'
            order by id limit ${decision.send}
            for update skip locked)
            and status = 'queued'
          returning id, contact_id, name`),
      ).map((r) => ({ id: Number(r.id), contactId: Number(r.contact_id), name: typeof r.name === 'string' ? r.name : '' }));
      if (claimed.length === 0) return [];
      // What every recipient's message needs, read once for the batch: a claim holds the
      // connection's lock, and a statement per recipient per fact made the batch's transaction
      // (and the lock) last a dozen round trips per recipient.
      const contactIds = claimed.map((r) => r.contactId);
      const contactById = new Map((await tx.select().from(contacts).where(inArray(contacts.id, contactIds))).map((c) => [c.id, c]));
      const latestTicket = await this.latestTickets(tx, contactIds, campaign.whatsappId);
      const locale = this.ctx.settings.textLocale();
      const names = await this.namesFor(tx, campaign.userId, [...latestTicket.values()]);
      const ids: number[] = [];
      const skipped: number[] = [];
      const linked: { recipientId: number; messageId: string; ticketId: number }[] = [];
      for (const recipient of claimed) {
        const contact = contactById.get(recipient.contactId);
        // Opted out after the campaign was written: honoured at the moment of sending.
        if (!contact || contact.optedOutAt) {
          skipped.push(recipient.id);
          ids.push(recipient.id);
          continue;
        }
        let ticket = latestTicket.get(contact.id);
        if (!ticket) {
          ticket = await this.newClosedTicket(tx, contact.id, campaign.whatsappId, now);
          latestTicket.set(contact.id, ticket);
        }
        const userId = ticket.userId ?? campaign.userId;
        const vars = ticketTemplateVars({
          now,
          timeZone: locale.timeZone,
          language: locale.language,
          contactName: contact.name,
          connectionName: conn.name,
          userName: userId != null ? names.users.get(userId) : undefined,
          queueName: ticket.queueId != null ? names.queues.get(ticket.queueId) : undefined,
          protocol: ticket.protocol,
          ticketId: ticket.id,
        });
        if (recipient.name) Object.assign(vars, { name: recipient.name, firstName: recipient.name.split(/\s+/)[0] ?? '' });
        const body = renderTemplate(campaign.body, vars);
        const template = campaign.template
          ? {
              name: campaign.template.name,
              language: campaign.template.language,
              variables: campaign.template.variables.map((v) => renderTemplate(v, vars)),
            }
          : undefined;
        const { row } = await this.outbox.enqueue(
          {
            ticket,
            body: body || campaign.template?.name || '',
            userId: campaign.userId,
            idempotencyKey: `campaign:${campaign.id}:${recipient.id}`,
            template,
            // One stored file for every recipient (never copied): a template carries its own header instead.
            media: template ? undefined : (campaign.media ?? undefined),
          },
          tx,
        );
        linked.push({ recipientId: recipient.id, messageId: row.id, ticketId: ticket.id });
        written.push({ ticketId: ticket.id, row });
        ids.push(recipient.id);
      }
      if (skipped.length)
        await tx
          .update(campaignRecipients)
          .set({ status: 'skipped', reason: 'optedOut', claimedAt: null })
          .where(inArray(campaignRecipients.id, skipped));
      if (linked.length) {
        const values = sql.join(
          linked.map((l) => sql`(${l.recipientId}::int, ${l.messageId}::text, ${l.ticketId}::int)`),
          sql`, `,
        );
        await tx.execute(sql`update ${campaignRecipients} r set message_id = v.message_id, ticket_id = v.ticket_id
          from (values ${values}) as v(id, message_id, ticket_id) where r.id = v.id`);
      }
      await tx
        .update(campaigns)
        .set({ nextSendAt: new Date(now.getTime() + decision.gapMs), waitReason: null })
        .where(eq(campaigns.id, campaign.id));
      return ids;
    });
    return { handed, written, waitChanged };
  }

  /** Records that a running campaign waits for `reason` and announces it, when that is news. */
  private async noteWait(id: number, reason: CampaignWait): Promise<void> {
    const [changed] = await this.ctx.db
      .update(campaigns)
      .set({ waitReason: reason })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, 'running'), sql`${campaigns.waitReason} is distinct from ${reason}`))
      .returning({ id: campaigns.id });
    if (changed) await this.service.announceById(id, 'update');
  }

  /**
   * The ticket a campaign message is written on, for each contact that has one on the connection:
   * their open or waiting ticket there, else their latest one. (A contact without one gets a new
   * closed ticket: newClosedTicket.)
   */
  private async latestTickets(tx: Tx, contactIds: number[], whatsappId: number): Promise<Map<number, TicketRow>> {
    if (contactIds.length === 0) return new Map();
    const rows = await tx
      .selectDistinctOn([tickets.contactId])
      .from(tickets)
      .where(and(inArray(tickets.contactId, contactIds), eq(tickets.whatsappId, whatsappId)))
      .orderBy(tickets.contactId, sql`${tickets.status} in ('open', 'pending') desc`, sql`${tickets.id} desc`);
    return new Map(rows.map((t) => [t.contactId, t]));
  }

  /**
   * A new closed ticket for a contact with none on the connection: a campaign does not fill the
   * waiting queue; the customer's reply opens a ticket as any message does.
   */
  private async newClosedTicket(tx: Tx, contactId: number, whatsappId: number, now: Date): Promise<TicketRow> {
    return insertTicketWithCycle(tx, { contactId, whatsappId, queueId: null, userId: null, status: 'closed' }, now, {
      outcome: 'api',
      by: null,
    });
  }

  /** The names {{user}} and {{queue}} may need for a batch: its writer's and its tickets' attendants and sectors. */
  private async namesFor(
    tx: Tx,
    writerId: number | null,
    ticketRows: TicketRow[],
  ): Promise<{ users: Map<number, string>; queues: Map<number, string> }> {
    const userIds = [...new Set([writerId, ...ticketRows.map((t) => t.userId)].filter((id): id is number => id != null))];
    const queueIds = [...new Set(ticketRows.map((t) => t.queueId).filter((id): id is number => id != null))];
    const userRows = userIds.length
      ? await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))
      : [];
    const queueRows = queueIds.length
      ? await tx.select({ id: queues.id, name: queues.name }).from(queues).where(inArray(queues.id, queueIds))
      : [];
    return { users: new Map(userRows.map((u) => [u.id, u.name])), queues: new Map(queueRows.map((q) => [q.id, q.name])) };
  }

  /**
   * The refusal codes when the campaign's last `n` settled sends (since it started or was resumed)
   * were all refused, else null. In a row, not in total: a few numbers a channel cannot deliver to
   * are normal in a large audience, a storm of refusals is the warning before a ban. Sends still on
   * their way are not counted either way.
   */
  private async refusedInARow(campaign: CampaignRow, n: number): Promise<string[] | null> {
    const last = await this.ctx.db
      .select({ state: messages.sendState, code: sql<string>`coalesce(${messages.failureCode}, ${messages.lastError}, 'refused')` })
      .from(campaignRecipients)
      .innerJoin(messages, eq(messages.id, campaignRecipients.messageId))
      .where(
        and(
          eq(campaignRecipients.campaignId, campaign.id),
          inArray(messages.sendState, ['sent', 'failed']),
          campaign.startedAt ? gte(campaignRecipients.claimedAt, campaign.startedAt) : undefined,
        ),
      )
      .orderBy(desc(campaignRecipients.claimedAt), desc(campaignRecipients.id))
      .limit(n);
    if (last.length < n || last.some((m) => m.state !== 'failed')) return null;
    return [...new Set(last.map((m) => m.code))];
  }

  /** Counts a drop of the connection once (until it is back); stops the campaign past its threshold. */
  private async countDisconnect(campaign: CampaignRow, pacing: CampaignPacing, now: Date): Promise<void> {
    const [row] = await this.ctx.db
      .update(campaigns)
      .set({ connectionUp: false, disconnects: sql`${campaigns.disconnects} + 1` })
      .where(and(eq(campaigns.id, campaign.id), eq(campaigns.connectionUp, true)))
      .returning({ disconnects: campaigns.disconnects });
    if (row && pacing.stopAfterDisconnects > 0 && row.disconnects >= pacing.stopAfterDisconnects) {
      await this.stop(campaign.id, `disconnects: the connection dropped ${row.disconnects} times`, now);
    }
  }

  private async stop(id: number, reason: string, now: Date): Promise<void> {
    const [row] = await this.ctx.db
      .update(campaigns)
      .set({ status: 'stopped', stopReason: reason, updatedAt: now })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, 'running')))
      .returning({ id: campaigns.id });
    if (!row) return;
    this.ctx.log.warn({ campaignId: id, reason }, 'campaign stopped itself');
    await this.service.announceById(id, 'update');
  }

  /** Announces the recipients whose message changed since the last tick (per followed campaign). */
  private async announceProgress(now: Date): Promise<void> {
    const since = this.followedUntil ?? new Date(now.getTime() - 60_000);
    this.followedUntil = this.ctx.clock.now();
    const changed = await this.ctx.db
      .selectDistinct({ id: campaignRecipients.id, campaignId: campaignRecipients.campaignId })
      .from(campaignRecipients)
      .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
      .innerJoin(messages, eq(messages.id, campaignRecipients.messageId))
      .where(
        and(
          isNotNull(campaignRecipients.messageId),
          sql`${messages.updatedAt} > ${since.toISOString()}::timestamptz`,
          sql`(${campaigns.status} in ('running', 'paused', 'stopped') or ${campaigns.updatedAt} > ${new Date(now.getTime() - FOLLOW_MS).toISOString()}::timestamptz)`,
        ),
      )
      .limit(2000);
    const byCampaign = new Map<number, number[]>();
    for (const r of changed) byCampaign.set(r.campaignId, [...(byCampaign.get(r.campaignId) ?? []), r.id]);
    for (const [campaignId, ids] of byCampaign) {
      await this.service.announceRecipients(campaignId, await presentRecipients(this.ctx.db, inArray(campaignRecipients.id, ids)));
      await this.service.announceById(campaignId, 'update');
    }
  }

  /**
   * Customers' messages arriving together are checked against the campaigns by one statement: every
   * inbound message asks, and nearly all of them are no reply to anything.
   */
  private readonly replies = new MicroBatcher<ReplyCheck, { id: number; campaignId: number }[]>((checks) => this.markReplied(checks), 500);

  /** Inbound listener: a customer writing back after a campaign's message marks them replied. */
  async onInbound({ contact, ticket, message, campaignReplies }: InboundStored): Promise<void> {
    if (message.fromMe || contact.isGroup) return;
    // Usually the store marked them already, in the statement that wrote the message.
    const replied =
      campaignReplies ?? (await this.replies.submit({ contactId: contact.id, whatsappId: ticket.whatsappId, ticketId: ticket.id }));
    for (const r of replied) {
      await this.service.announceRecipients(r.campaignId, await presentRecipients(this.ctx.db, eq(campaignRecipients.id, r.id)));
      await this.service.announceById(r.campaignId, 'update');
    }
  }

  /**
   * Marks replied the recipients these messages answer (handed by a campaign of the message's
   * connection within the reply window, not replied yet); each check gets the recipients it marked.
   * A contact writing twice in one group is marked by its first message, with that message's ticket.
   */
  private async markReplied(checks: ReplyCheck[]): Promise<{ id: number; campaignId: number }[][]> {
    const key = (c: { contactId: number; whatsappId: number }) => `${c.contactId}:${c.whatsappId}`;
    const first = new Map<string, ReplyCheck>();
    for (const c of checks) if (!first.has(key(c))) first.set(key(c), c);
    const unique = [...first.values()];
    const answers = sql`unnest(${sql.param(unique.map((c) => c.contactId))}::int[], ${sql.param(unique.map((c) => c.whatsappId))}::int[],
      ${sql.param(unique.map((c) => c.ticketId))}::int[]) as a(contact_id, whatsapp_id, ticket_id)`;
    const rows = rowsOf(await this.ctx.db.execute(markRepliedSql(answers, this.ctx.clock.now()))).map(readMarked);
    const byKey = new Map<string, { id: number; campaignId: number }[]>();
    for (const r of rows) byKey.set(key(r), [...(byKey.get(key(r)) ?? []), { id: r.id, campaignId: r.campaignId }]);
    return checks.map((c) => (first.get(key(c)) === c ? (byKey.get(key(c)) ?? []) : []));
  }
}

/** An inbound customer message, as the reply check needs it. */
interface ReplyCheck {
  contactId: number;
  whatsappId: number;
  ticketId: number;
}
