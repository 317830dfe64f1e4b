/**
 * The visitor API's rules: which channel a script tag names, whether the page's origin may use it,
 * which visitor a token proves. Every visitor call goes through `visitor()`, so a token works only
 * from a site its connection allows, and only for that visitor's own conversation.
 */
import type { WebchatConfigDTO, WebchatMessageDTO, WebchatSend, WebchatVisitorDTO, WebchatVisitorStart } from '@switchboard/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import type { StoredMedia } from '../../lib/media-store.js';
import type { WebchatHub } from './hub.js';
import type { WebchatLimits } from './limits.js';
import {
  channelOfVisitor,
  createVisitor,
  findWebchatChannel,
  isSiteAllowed,
  visitorByToken,
  type WebchatChannel,
  type WebchatVisitorRow,
} from '../../store/webchat.js';

const wrongOrigin = () => new AppError('ERR_NO_PERMISSION', 403, 'This site may not use this chat');

export class WebchatService {
  constructor(
    private readonly ctx: AppContext,
    readonly hub: WebchatHub,
    readonly limits: WebchatLimits,
  ) {}

  /** The channel named by a script tag, used from a page of `origin`. */
  async channel(key: string, origin: string | undefined): Promise<WebchatChannel> {
    const channel = await findWebchatChannel(this.ctx.db, key);
    if (!channel) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    if (!isSiteAllowed(channel.settings, origin)) throw wrongOrigin();
    return channel;
  }

  async config(key: string, origin: string | undefined): Promise<WebchatConfigDTO> {
    const { connection, settings } = await this.channel(key, origin);
    return { name: connection.name, color: settings.color, askContact: settings.askContact };
  }

  async start(key: string, origin: string | undefined, input: WebchatVisitorStart): Promise<WebchatVisitorDTO> {
    const { connection } = await this.channel(key, origin);
    // A new visitor is a new conversation in the inbox: their rate per connection is bounded.
    await this.limits.admitNewConversation(connection.id);
    const { visitor, token } = await createVisitor(this.ctx.db, connection.id, input);
    return { token, visitorId: visitor.id };
  }

  /** The visitor a token proves, on a page its connection allows; 401/403 otherwise. */
  async visitor(token: string | undefined, origin: string | undefined): Promise<WebchatVisitorRow> {
    const visitor = token ? await visitorByToken(this.ctx.db, token) : undefined;
    if (!visitor) throw new AppError('ERR_INVALID_TOKEN', 401);
    const channel = await channelOfVisitor(this.ctx.db, visitor);
    if (!channel) throw new AppError('ERR_INVALID_TOKEN', 401);
    if (!isSiteAllowed(channel.settings, origin)) throw wrongOrigin();
    return visitor;
  }

  history(visitor: WebchatVisitorRow): Promise<WebchatMessageDTO[]> {
    return this.hub.history(visitor);
  }

  send(visitor: WebchatVisitorRow, input: WebchatSend): Promise<WebchatMessageDTO> {
    return this.hub.visitorSends(visitor, input);
  }

  /** An attachment the visitor uploaded (already in the media store), with an optional caption. */
  async sendAttachment(visitor: WebchatVisitorRow, id: string, caption: string, media: StoredMedia): Promise<WebchatMessageDTO> {
    try {
      return await this.hub.visitorSends(visitor, { id, body: caption, media });
    } finally {
      // The pipeline keeps its own copy of the bytes; the upload itself is not needed any more.
      await this.hub.media.remove([media.name]).catch((err: unknown) => this.ctx.log.warn({ err }, 'web chat upload not removed'));
    }
  }
}
