/**
 * The WhatsApp Cloud API channel (Meta's WhatsApp Business Platform). There is no session to hold
 * open: "connected" means the Graph API accepted the account's token for its phone number. Inbound
 * events arrive by webhook (webhook-routes.ts) and are not this object's business; it sends —
 * text, media uploaded through /media, replies, templates — and marks messages read.
 */
import type { ChannelKind } from '@switchboard/shared';
import {
  ChannelError,
  ChannelStartError,
  type ChannelDriver,
  type ChatAddress,
  type DriverContext,
  type DriverFactory,
  type OutboundMedia,
  type SendOptions,
  type SentMessage,
} from '../driver.js';
import { isVoiceNoteMimetype, voiceNoteAudio } from '../whatsapp/voice-note.js';
import { GraphClient, type CloudAccount } from './graph.js';
import { GraphError, classifyGraphError, toChannelError } from './graph-errors.js';

export type AccountLoader = (connectionId: number) => Promise<CloudAccount | null>;

/** The media types WhatsApp accepts as audio: anything else is sent as an Ogg/Opus voice note. */
const AUDIO_TYPES = new Set(['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg']);

export class CloudDriver implements ChannelDriver {
  readonly kind: ChannelKind = 'whatsapp-cloud';
  private graph: GraphClient | null = null;

  constructor(
    private readonly ctx: DriverContext,
    private readonly graphUrl: string,
    private readonly loadAccount: AccountLoader,
  ) {}

  async start(): Promise<void> {
    const account = await this.loadAccount(this.ctx.connectionId);
    if (!account) {
      await this.ctx.emit({ type: 'status', status: 'DISCONNECTED', reason: 'cloud-not-configured' });
      return;
    }
    const graph = new GraphClient(this.graphUrl, account);
    let number: string;
    try {
      number = (await graph.phoneNumber()).display_phone_number.replace(/\D/g, '');
    } catch (err) {
      // A refused token or id will not start working by itself: shown until an admin fixes it.
      // Anything else (Meta unreachable) rejects, and the session manager tries again later.
      if (err instanceof GraphError && !classifyGraphError(err.body.code, err.httpStatus).retryable) {
        this.ctx.log.warn({ err }, 'Cloud API account refused');
        await this.ctx.emit({ type: 'status', status: 'DISCONNECTED', reason: 'cloud-auth' });
        return;
      }
      throw new ChannelStartError('cloud-unreachable', err);
    }
    this.graph = graph;
    await this.ctx.emit({ type: 'status', status: 'CONNECTED', number });
  }

  stop(): Promise<void> {
    this.graph = null;
    return Promise.resolve();
  }

  /** Nothing to end at Meta: the account stays configured; the session just stops. */
  async logout(): Promise<void> {
    this.graph = null;
    await this.ctx.emit({ type: 'status', status: 'DISCONNECTED', reason: '' });
  }

  private client(): GraphClient {
    if (!this.graph) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED');
    return this.graph;
  }

  private async send(to: ChatAddress, message: Record<string, unknown>, options?: SendOptions): Promise<SentMessage> {
    if (to.isGroup) throw new ChannelError('ERR_WAPP_INVALID_CONTACT', 'The Cloud API does not send to groups', false);
    const graph = this.client();
    const context = options?.quotedExternalId ? { context: { message_id: options.quotedExternalId } } : {};
    try {
      const externalId = await graph.sendMessage(to.id, { ...context, ...message });
      return { externalId, timestamp: this.ctx.clock.now() };
    } catch (err) {
      throw toChannelError(err);
    }
  }

  sendText(to: ChatAddress, body: string, options?: SendOptions): Promise<SentMessage> {
    if (options?.template) return this.sendTemplate(to, options.template, options);
    return this.send(to, { type: 'text', text: { body, preview_url: /https?:\/\//.test(body) } }, options);
  }

  private sendTemplate(to: ChatAddress, template: NonNullable<SendOptions['template']>, options: SendOptions): Promise<SentMessage> {
    const components = template.variables.length
      ? [{ type: 'body', parameters: template.variables.map((text) => ({ type: 'text', text })) }]
      : [];
    // A template starts a conversation: it never quotes.
    return this.send(
      to,
      { type: 'template', template: { name: template.name, language: { code: template.language }, components } },
      {
        ...options,
        quotedExternalId: undefined,
      },
    );
  }

  async sendMedia(to: ChatAddress, media: OutboundMedia, options?: SendOptions): Promise<SentMessage> {
    const graph = this.client();
    let { data, mimetype, filename } = media;
    if (media.kind === 'audio' && (media.voiceNote || !AUDIO_TYPES.has(mimetype.split(';')[0].trim()))) {
      if (!isVoiceNoteMimetype(mimetype)) {
        data = await voiceNoteAudio(data, mimetype).catch((err: unknown) => {
          throw new ChannelError('ERR_CLOUD_MEDIA', err instanceof Error ? err.message : String(err), false);
        });
        filename = filename.replace(/\.[^.]*$/, '') + '.ogg';
      }
      mimetype = 'audio/ogg';
    }
    let id: string;
    try {
      id = await graph.uploadMedia(data, mimetype, filename);
    } catch (err) {
      throw toChannelError(err);
    }
    const object: Record<string, unknown> = { id };
    // Audio has no caption on WhatsApp; documents keep their file name.
    if (media.caption && media.kind !== 'audio') object.caption = media.caption;
    if (media.kind === 'document') object.filename = filename;
    return this.send(to, { type: media.kind, [media.kind]: object }, options);
  }

  /**
   * A message of type "reaction" naming the message (an empty emoji removes it). The Cloud API has
   * no edit of a sent message: this driver has no editText (CHANNEL_MESSAGE_ACTIONS).
   */
  async react(to: ChatAddress, target: { externalId: string }, emoji: string): Promise<void> {
    await this.send(to, { type: 'reaction', reaction: { message_id: target.externalId, emoji } });
  }

  deleteForEveryone(): Promise<void> {
    return Promise.reject(new ChannelError('ERR_DELETE_WAPP_MSG', 'The WhatsApp Cloud API cannot delete a sent message', false));
  }

  /** One read receipt per message named (the Cloud API has no "whole chat read"). */
  async markRead(_to: ChatAddress, externalIds: string[]): Promise<void> {
    const graph = this.client();
    for (const id of externalIds) {
      try {
        await graph.markRead(id);
      } catch (err) {
        throw toChannelError(err);
      }
    }
  }

  /** The Cloud API cannot look a number up; an unreachable one fails when sending (ERR_CLOUD_UNDELIVERABLE). */
  checkNumber(number: string): Promise<string> {
    const digits = number.replace(/\D/g, '');
    if (digits.length < 8 || digits.length > 15) return Promise.reject(new ChannelError('ERR_WAPP_INVALID_CONTACT'));
    return Promise.resolve(digits);
  }

  /** A business number has no address book to import. */
  importContacts(): Promise<{ number: string; name: string }[]> {
    return Promise.resolve([]);
  }

  /** Calls are not delivered to Cloud API webhooks of the messages field: nothing to reject. */
  rejectCall(): Promise<void> {
    return Promise.resolve();
  }

  /** Approved templates of the account, for the picker. */
  async templates() {
    try {
      return await this.client().approvedTemplates();
    } catch (err) {
      throw toChannelError(err);
    }
  }
}

export function cloudDriverFactory(graphUrl: string, loadAccount: AccountLoader): DriverFactory {
  return (ctx) => new CloudDriver(ctx, graphUrl, loadAccount);
}
