/**
 * Campaigns: admins and users granted the `campaigns` permission write a message for an audience
 * (tags, sectors, contacts with open or recent tickets, an uploaded CSV) on one connection, start it
 * now or at a time, pause, resume or cancel it, and follow each recipient's status live. Sending is
 * the job's (CampaignSender, on the scheduler's lease holder): each recipient is claimed once, in
 * the transaction that writes its outbox message, at the pace of the connection.
 */
import {
  EVENTS,
  type CampaignDTO,
  type CampaignRecipientDTO,
  type CampaignSaveInput,
  type CampaignStatus,
  type RecipientStatus,
  isAdmin,
  toCsv,
} from '@switchboard/shared';
import { desc, eq } from 'drizzle-orm';
import { authorize } from '../../access/authorize.js';
import type { AppContext } from '../../context.js';
import { campaigns, users, whatsapps, type StoredMediaRef } from '../../db/schema.js';
import { releaseAttachment } from '../../http/attachment-upload.js';
import type { MediaStore } from '../../lib/media-store.js';
import { AppError } from '../../lib/app-error.js';
import { announce } from '../../realtime/announce.js';
import { ROOM_ADMINS, userRoom } from '../../realtime/rooms.js';
import type { CurrentUser } from '../../store/users.js';
import { audienceContacts, markOptedOut, writeRecipients } from './audience.js';
import { presentCampaignById, presentCampaigns, presentRecipients, recipientsWhere, type CampaignRow } from './present.js';

const notFound = () => new AppError('ERR_NOT_FOUND', 404, 'Campaign not found');
const wrongState = (status: string) => new AppError('ERR_CAMPAIGN_STATE', 409, `The campaign is ${status}`);

/** Which statuses each step may start from. */
const FROM: Record<'edit' | 'start' | 'pause' | 'resume' | 'cancel', CampaignStatus[]> = {
  edit: ['draft', 'scheduled'],
  start: ['draft'],
  pause: ['scheduled', 'running'],
  resume: ['paused', 'stopped'],
  cancel: ['draft', 'scheduled', 'running', 'paused', 'stopped'],
};

export class CampaignsService {
  constructor(
    private readonly ctx: AppContext,
    /** Where campaign files are kept (the chat uploads' store). */
    private readonly media: MediaStore,
  ) {}

  /** Admins, and users whose `campaigns` flag is on (read from their record: it may change any time). */
  async assertAllowed(actor: CurrentUser): Promise<void> {
    const [me] = await this.ctx.db.select({ campaigns: users.campaigns }).from(users).where(eq(users.id, actor.id));
    authorize(actor, 'campaign.manage', { campaigns: !!me?.campaigns });
  }

  async list(actor: CurrentUser): Promise<CampaignDTO[]> {
    await this.assertAllowed(actor);
    const rows = await this.ctx.db.select().from(campaigns).orderBy(desc(campaigns.id)).limit(200);
    return presentCampaigns(this.ctx.db, rows);
  }

  async get(actor: CurrentUser, id: number): Promise<CampaignDTO> {
    await this.assertAllowed(actor);
    const dto = await presentCampaignById(this.ctx.db, id);
    if (!dto) throw notFound();
    return dto;
  }

  async recipients(
    actor: CurrentUser,
    id: number,
    query: { status?: RecipientStatus; offset: number; limit: number },
  ): Promise<{ recipients: CampaignRecipientDTO[]; total: number }> {
    const campaign = await this.get(actor, id);
    const recipients = await presentRecipients(this.ctx.db, recipientsWhere(id, query.status), query);
    return { recipients, total: query.status ? campaign.counts[query.status] : campaign.total };
  }

  async exportCsv(actor: CurrentUser, id: number): Promise<{ name: string; csv: string }> {
    const campaign = await this.get(actor, id);
    const rows = await presentRecipients(this.ctx.db, recipientsWhere(id));
    const columns = ['name', 'number', 'status', 'reason', 'sentAt', 'repliedAt'] as const;
    return { name: campaign.name, csv: toCsv(columns, rows) };
  }

  async create(actor: CurrentUser, input: CampaignSaveInput): Promise<CampaignDTO> {
    await this.assertAllowed(actor);
    await this.assertConnection(input.whatsappId);
    const now = this.ctx.clock.now();
    const id = await this.ctx.db.transaction(async (tx) => {
      const chosen = await audienceContacts(tx, input.audience, now);
      if (chosen.size === 0) throw new AppError('ERR_CAMPAIGN_NO_RECIPIENTS', 400);
      const [row] = await tx
        .insert(campaigns)
        .values({
          ...this.fieldsOf(input),
          userId: actor.id,
          status: input.startAt ? 'scheduled' : 'draft',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: campaigns.id });
      await writeRecipients(tx, row.id, chosen);
      return row.id;
    });
    return this.announceById(id, 'create');
  }

  /** Rewrites a campaign that has not started; its recipients are drawn from the audience again. */
  async update(actor: CurrentUser, id: number, input: CampaignSaveInput): Promise<CampaignDTO> {
    await this.assertAllowed(actor);
    await this.assertConnection(input.whatsappId);
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
      if (!row) throw notFound();
      if (!FROM.edit.includes(row.status as CampaignStatus)) throw wrongState(row.status);
      // A template carries its own header: the file would not go, so the switch is refused, not done silently.
      if (input.template && row.media) {
        throw new AppError('ERR_VALIDATION', 400, 'A campaign with a file cannot switch to a Cloud API template: remove the file first');
      }
      const chosen = await audienceContacts(tx, input.audience, now);
      if (chosen.size === 0) throw new AppError('ERR_CAMPAIGN_NO_RECIPIENTS', 400);
      await tx
        .update(campaigns)
        .set({ ...this.fieldsOf(input), status: input.startAt ? 'scheduled' : 'draft', updatedAt: now })
        .where(eq(campaigns.id, id));
      await writeRecipients(tx, id, chosen);
    });
    return this.announceById(id, 'update');
  }

  /** Starts a draft now (the job picks it up at its next tick). */
  start(actor: CurrentUser, id: number): Promise<CampaignDTO> {
    return this.step(actor, id, 'start', (now) => ({ status: 'scheduled', startAt: now }));
  }

  pause(actor: CurrentUser, id: number): Promise<CampaignDTO> {
    return this.step(actor, id, 'pause', () => ({ status: 'paused' }));
  }

  /**
   * Goes on from where it was; a campaign that stopped itself starts counting refusals and
   * disconnects afresh (someone looked at why and decided to go on).
   */
  resume(actor: CurrentUser, id: number): Promise<CampaignDTO> {
    return this.step(actor, id, 'resume', (now, row) => ({
      status: row.startedAt ? 'running' : 'scheduled',
      stopReason: null,
      ...(row.status === 'stopped' ? { disconnects: 0, connectionUp: true, startedAt: now } : {}),
    }));
  }

  /** Withdraws what is not sent yet; what went to the outbox stays as it is. */
  async cancel(actor: CurrentUser, id: number): Promise<CampaignDTO> {
    const dto = await this.step(actor, id, 'cancel', (now) => ({ status: 'cancelled', finishedAt: now }));
    // Its file is kept only if some recipient's message went with it.
    const [row] = await this.ctx.db.select({ media: campaigns.media }).from(campaigns).where(eq(campaigns.id, id));
    await releaseAttachment(this.ctx.db, this.media, row?.media);
    return dto;
  }

  /**
   * A conditional status change: the claim of recipients holds the campaign's row lock, so once
   * this commits no further recipient is handed to the outbox.
   */
  private async step(
    actor: CurrentUser,
    id: number,
    step: keyof typeof FROM,
    set: (now: Date, row: CampaignRow) => Partial<typeof campaigns.$inferInsert>,
  ): Promise<CampaignDTO> {
    await this.assertAllowed(actor);
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
      if (!row) throw notFound();
      if (!FROM[step].includes(row.status as CampaignStatus)) throw wrongState(row.status);
      await tx
        .update(campaigns)
        // What the job last saw is no longer why it waits: the next tick tells again.
        .set({ ...set(now, row), waitReason: null, updatedAt: now })
        .where(eq(campaigns.id, id));
      // Who opted out (or back in) since the campaign was written is shown so before it (re)starts.
      if (step === 'start' || step === 'resume') await markOptedOut(tx, id);
    });
    return this.announceById(id, 'update');
  }

  // ── Its file ───────────────────────────────────────────────────────────────────────────────

  /** Refuses before an upload is read: who may not run campaigns, an unknown campaign, one that started. */
  async assertCanAttach(actor: CurrentUser, id: number): Promise<void> {
    await this.assertAllowed(actor);
    const [row] = await this.ctx.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id));
    if (!row) throw notFound();
    if (!FROM.edit.includes(row.status as CampaignStatus)) throw wrongState(row.status);
  }

  /**
   * Sends `file` with the text (its caption) to every recipient; replaces the file it had. Only
   * before it starts, and not with a Cloud API template (a template carries its own header).
   */
  async attach(actor: CurrentUser, id: number, file: StoredMediaRef | null): Promise<CampaignDTO> {
    await this.assertAllowed(actor);
    const previous = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
      if (!row) throw notFound();
      if (!FROM.edit.includes(row.status as CampaignStatus)) throw wrongState(row.status);
      if (file && row.template) throw new AppError('ERR_VALIDATION', 400, 'A campaign with a Cloud API template cannot carry a file');
      await tx.update(campaigns).set({ media: file, updatedAt: this.ctx.clock.now() }).where(eq(campaigns.id, id));
      return row.media;
    });
    await releaseAttachment(this.ctx.db, this.media, previous);
    return this.announceById(id, 'update');
  }

  private fieldsOf(input: CampaignSaveInput) {
    return {
      name: input.name,
      whatsappId: input.whatsappId,
      body: input.body,
      template: input.template,
      audience: input.audience,
      pacing: input.pacing,
      startAt: input.startAt ? new Date(input.startAt) : null,
    };
  }

  private async assertConnection(id: number): Promise<void> {
    const [row] = await this.ctx.db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.id, id));
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  }

  // ── Announcing ────────────────────────────────────────────────────────────────────────────

  /** Admins and the users allowed campaigns. */
  async audience(): Promise<string[]> {
    const allowed = await this.ctx.db.select({ id: users.id, profile: users.profile }).from(users).where(eq(users.campaigns, true));
    return [ROOM_ADMINS, ...allowed.filter((u) => !isAdmin(u)).map((u) => userRoom(u.id))];
  }

  async announceById(id: number, action: 'create' | 'update'): Promise<CampaignDTO> {
    const dto = await presentCampaignById(this.ctx.db, id);
    if (!dto) throw notFound();
    announce(this.ctx, await this.audience(), EVENTS.campaign, { action, campaign: dto });
    return dto;
  }

  async announceRecipients(campaignId: number, recipients: CampaignRecipientDTO[]): Promise<void> {
    if (recipients.length === 0) return;
    announce(this.ctx, await this.audience(), EVENTS.campaignRecipients, { campaignId, recipients });
  }
}
