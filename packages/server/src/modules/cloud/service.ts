/**
 * WhatsApp Cloud API beyond the driver: the webhook (verification handshake, signed deliveries
 * stored before Meta gets its 200), the customer-service window of a ticket, the account's
 * approved templates and sending one.
 */
import {
  renderTemplateBody,
  templateVariableCount,
  type CloudTemplateDTO,
  type MessageDTO,
  type SendTemplateInput,
  type ServiceWindowDTO,
} from '@switchboard/shared';
import { timingSafeEqual } from 'node:crypto';
import type { ChannelManager } from '../../channels/manager.js';
import type { CloudAccounts } from '../../channels/whatsapp-cloud/accounts.js';
import { GraphClient, type CloudAccount } from '../../channels/whatsapp-cloud/graph.js';
import { toChannelError } from '../../channels/whatsapp-cloud/graph-errors.js';
import { readDelivery, validSignature } from '../../channels/whatsapp-cloud/webhook.js';
import { serviceWindow } from '../../channels/whatsapp-cloud/window.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import type { Outbox } from '../../messaging/outbox.js';
import { announceMessage } from '../../messaging/ticket-events.js';
import type { TicketRow } from '../../messaging/store-batch.js';
import { findConnection } from '../../store/connections.js';
import { presentMessages } from '../../store/message-present.js';
import { presentTicketById } from '../../store/ticket-present.js';
import { loadVisibleTicket } from '../tickets/visibility.js';
import type { CurrentUser } from '../../store/users.js';

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export class CloudService {
  constructor(
    private readonly ctx: AppContext,
    private readonly channels: ChannelManager,
    private readonly accounts: CloudAccounts,
    private readonly outbox: Outbox,
  ) {}

  /** The account of a Cloud API connection; 404 for any other connection. */
  private async accountOf(connectionId: number): Promise<CloudAccount> {
    const connection = await findConnection(this.ctx.db, connectionId);
    const account = connection?.channel === 'whatsapp-cloud' ? await this.accounts.get(this.ctx.db, connectionId) : null;
    if (!account) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return account;
  }

  /** GET webhook: Meta's subscription handshake; answers the challenge only for our verify token. */
  async verify(connectionId: number, query: { mode?: string; token?: string; challenge?: string }): Promise<string> {
    const account = await this.accountOf(connectionId);
    if (query.mode !== 'subscribe' || !query.token || !query.challenge || !sameSecret(query.token, account.verifyToken)) {
      throw new AppError('ERR_NO_PERMISSION', 403, 'Verification refused');
    }
    return query.challenge;
  }

  /**
   * POST webhook: only a body signed with the app secret is read. Resolves once every event is
   * stored (or journalled for a replay); rejects otherwise, so Meta delivers it again — and a
   * delivery seen before changes nothing.
   */
  async receive(connectionId: number, rawBody: Buffer, signature: string | undefined): Promise<void> {
    const account = await this.accountOf(connectionId);
    if (!validSignature(rawBody, signature, account.appSecret)) throw new AppError('ERR_NO_PERMISSION', 401, 'Invalid signature');
    // Signed, so Meta's: whatever cannot be read is set aside for admins and the delivery answered
    // (a refusal would only make Meta send the same bytes again until it gives up).
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody.toString('utf8'));
    } catch {
      await this.channels.setAside(connectionId, 'the delivery is not JSON', rawBody.toString('utf8'));
      return;
    }
    const graph = new GraphClient(this.ctx.config.cloudGraphUrl, account);
    const { events, unreadable } = readDelivery(payload, account.phoneNumberId, async (mediaId) => {
      try {
        return await graph.downloadMedia(mediaId);
      } catch (err) {
        throw toChannelError(err);
      }
    });
    for (const part of unreadable) await this.channels.setAside(connectionId, part.reason, part.raw);
    // In order: a status for a message of this same delivery must follow it.
    for (const event of events) await this.channels.deliver(connectionId, event);
  }

  /** The window of a ticket the actor may see. */
  async window(actor: CurrentUser, ticketId: number): Promise<ServiceWindowDTO> {
    const ticket = await loadVisibleTicket(this.ctx, actor, ticketId);
    return this.windowOf(ticket);
  }

  async windowOf(ticket: TicketRow): Promise<ServiceWindowDTO> {
    const connection = await findConnection(this.ctx.db, ticket.whatsappId);
    return serviceWindow(this.ctx.db, ticket, connection?.channel ?? '', this.ctx.clock.now());
  }

  /** Free-form sends are refused outside the window (ERR_CLOUD_WINDOW_CLOSED): only templates go. */
  async assertWindowOpen(ticket: TicketRow): Promise<void> {
    const w = await this.windowOf(ticket);
    if (!w.open) throw new AppError('ERR_CLOUD_WINDOW_CLOSED', 409, 'Outside the 24-hour window only approved templates may be sent');
  }

  /** The approved templates of the ticket's Cloud API account. */
  async templates(actor: CurrentUser, ticketId: number): Promise<CloudTemplateDTO[]> {
    const ticket = await loadVisibleTicket(this.ctx, actor, ticketId);
    return this.templatesOf(await this.accountOf(ticket.whatsappId));
  }

  private async templatesOf(account: CloudAccount): Promise<CloudTemplateDTO[]> {
    let list;
    try {
      list = await new GraphClient(this.ctx.config.cloudGraphUrl, account).approvedTemplates();
    } catch (err) {
      const e = toChannelError(err);
      throw new AppError(e.code, 502, e.message);
    }
    return list.map((t) => {
      const body = t.components?.find((c) => c.type.toUpperCase() === 'BODY')?.text ?? '';
      return { name: t.name, language: t.language, category: t.category, body, variables: templateVariableCount(body) };
    });
  }

  /** Queues an approved template for the ticket's customer, its variables filled. */
  async sendTemplate(actor: CurrentUser, ticketId: number, input: SendTemplateInput): Promise<MessageDTO> {
    const ticket = await loadVisibleTicket(this.ctx, actor, ticketId);
    if (ticket.status === 'closed') throw new AppError('ERR_CREATING_MESSAGE', 400, 'The ticket is closed');
    const templates = await this.templatesOf(await this.accountOf(ticket.whatsappId));
    const template = templates.find((t) => t.name === input.name && t.language === input.language);
    if (!template) throw new AppError('ERR_CLOUD_TEMPLATE', 400, 'No approved template with this name and language');
    if (input.variables.length !== template.variables) {
      throw new AppError('ERR_CLOUD_TEMPLATE', 400, `The template needs ${template.variables} variable(s)`);
    }
    const { row, duplicate } = await this.outbox.enqueue({
      ticket,
      body: renderTemplateBody(template.body, input.variables),
      template: { name: template.name, language: template.language, variables: input.variables },
      userId: actor.id,
      idempotencyKey: input.idempotencyKey,
    });
    const [dto] = await presentMessages(this.ctx.mediaLinks, this.ctx.db, [row]);
    if (!duplicate) {
      const ticketDto = await presentTicketById(this.ctx.db, ticket.id);
      if (ticketDto) announceMessage(this.ctx, 'create', dto, ticketDto);
      void this.outbox.kick(ticket.whatsappId);
    }
    return dto;
  }
}
