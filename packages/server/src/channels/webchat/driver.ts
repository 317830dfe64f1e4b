/**
 * The web chat channel: the product's side of the website widget. There is nothing to pair, so a
 * session is CONNECTED as soon as it starts. Visitors' messages come in through the hub (the
 * visitor API); replies are the product's own message rows, pushed to the visitor's open widgets
 * and read back from the database as the visitor's history.
 */
import { WEBCHAT_EVENTS, type WebchatMessageDTO } from '@switchboard/shared';
import { randomBytes } from 'node:crypto';
import {
  ChannelError,
  type ChannelDriver,
  type ChatAddress,
  type DriverContext,
  type InboundMessage,
  type OutboundMedia,
  type SendOptions,
  type SentMessage,
} from '../driver.js';
import { visitorMediaUrl, type WebchatHub, type WebchatReceiver } from './hub.js';
import { visitorIdOf } from '../../store/webchat.js';

export class WebchatDriver implements ChannelDriver, WebchatReceiver {
  readonly kind = 'webchat' as const;
  private running = false;

  constructor(
    private readonly ctx: DriverContext,
    private readonly hub: WebchatHub,
  ) {}

  get connectionId(): number {
    return this.ctx.connectionId;
  }

  async start(): Promise<void> {
    this.running = true;
    this.hub.register(this);
    await this.ctx.emit({ type: 'status', status: 'CONNECTED' });
  }

  stop(): Promise<void> {
    this.running = false;
    this.hub.unregister(this);
    return Promise.resolve();
  }

  logout(): Promise<void> {
    return this.stop();
  }

  async receive(message: InboundMessage): Promise<void> {
    if (!this.running) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED');
    // The manager resolves once the message is stored (or journalled); it rejects when neither
    // worked, and the visitor's request then fails instead of being acknowledged.
    await this.ctx.emit({ type: 'message', message });
  }

  sendText(to: ChatAddress, body: string, options?: SendOptions): Promise<SentMessage> {
    return this.deliver(to, { body, mediaType: 'chat', mediaName: null }, options);
  }

  sendMedia(to: ChatAddress, media: OutboundMedia, options?: SendOptions): Promise<SentMessage> {
    return this.deliver(to, { body: media.caption ?? '', mediaType: media.kind, mediaName: media.filename }, options);
  }

  /**
   * The reply is pushed to the visitor's open widgets now; a widget opened later reads it from the
   * history (the product's stored message, which also serves an attachment's bytes by this id).
   */
  private deliver(
    to: ChatAddress,
    content: { body: string; mediaType: string; mediaName: string | null },
    options?: SendOptions,
  ): Promise<SentMessage> {
    if (!this.running) return Promise.reject(new ChannelError('ERR_WAPP_NOT_INITIALIZED'));
    const visitorId = visitorIdOf(to.id);
    if (!visitorId || to.isGroup) return Promise.reject(new ChannelError('ERR_WAPP_INVALID_CONTACT'));
    const externalId = options?.messageId ?? `WEBOUT${randomBytes(10).toString('hex').toUpperCase()}`;
    const timestamp = this.ctx.clock.now();
    const message: WebchatMessageDTO = {
      id: externalId,
      ...content,
      fromMe: true,
      mediaUrl: content.mediaType === 'chat' ? null : visitorMediaUrl(externalId),
      createdAt: timestamp.toISOString(),
    };
    // Sent once pushed; delivered when an open widget confirms it showed it, as a phone's receipt
    // would say. A visitor without an open widget reads it from the history later.
    void this.hub
      .pushConfirmed(visitorId, WEBCHAT_EVENTS.message, message)
      .then((seen) => (seen ? this.ctx.emit({ type: 'ack', externalId, ack: 2 }) : undefined))
      .catch((err: unknown) => this.ctx.log.warn({ err, externalId }, 'web chat delivery receipt could not be stored'));
    return Promise.resolve({ externalId, timestamp });
  }

  deleteForEveryone(to: ChatAddress, externalId: string): Promise<void> {
    const visitorId = visitorIdOf(to.id);
    if (!visitorId) return Promise.reject(new ChannelError('ERR_DELETE_WAPP_MSG'));
    this.hub.push(visitorId, WEBCHAT_EVENTS.deleted, { id: externalId });
    return Promise.resolve();
  }

  async markRead(): Promise<void> {
    // The widget shows no read receipts for the visitor's own messages.
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- async so a refusal is a rejected promise, as the interface expects
  async checkNumber(): Promise<string> {
    // Visitors start conversations; nobody can be reached on a website by a number.
    throw new ChannelError('ERR_WAPP_INVALID_CONTACT');
  }

  importContacts(): Promise<{ number: string; name: string }[]> {
    return Promise.resolve([]);
  }

  async rejectCall(): Promise<void> {
    // The widget places no calls.
  }
}

export function webchatDriverFactory(hub: WebchatHub) {
  return (ctx: DriverContext): ChannelDriver => new WebchatDriver(ctx, hub);
}
