/**
 * A small client for the parts of Meta's Graph API the Cloud API channel uses: the phone number,
 * /messages, /media and message_templates. The base URL is configurable (a stand-in in tests).
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { GraphError, type GraphErrorBody } from './graph-errors.js';

export interface CloudAccount {
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

/** Answer of POST /{phone-number-id}/messages. */
interface SendAnswer {
  messaging_product: 'whatsapp';
  contacts?: { input: string; wa_id: string }[];
  messages: { id: string; message_status?: string }[];
}

export interface GraphTemplate {
  id?: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components?: { type: string; format?: string; text?: string }[];
}

const TIMEOUT_MS = 30_000;

export class GraphClient {
  constructor(
    private readonly baseUrl: string,
    private readonly account: Pick<CloudAccount, 'phoneNumberId' | 'businessAccountId' | 'accessToken'>,
  ) {}

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = path.startsWith('http') ? path : `${this.baseUrl}/${path}`;
    const headers: Record<string, string> = { Authorization: `Bearer ${this.account.accessToken}` };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(url, { method, headers, body: payload, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a proxy's error page): reported with the HTTP status below.
    }
    if (!res.ok) {
      const error = (json as { error?: GraphErrorBody } | undefined)?.error ?? { message: text.slice(0, 200) };
      throw new GraphError(res.status, error);
    }
    return json as T;
  }

  /** The number's display form and name; also proves the token and phone number id are right. */
  phoneNumber(): Promise<{ id: string; display_phone_number: string; verified_name?: string }> {
    return this.request('GET', `${this.account.phoneNumberId}?fields=display_phone_number,verified_name`);
  }

  /** Sends a message object (text, media, template …) to a customer; returns Meta's message id. */
  async sendMessage(to: string, message: Record<string, unknown>): Promise<string> {
    const answer = await this.request<SendAnswer>('POST', `${this.account.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      ...message,
    });
    const id = answer?.messages?.[0]?.id;
    if (!id) throw new GraphError(502, { message: 'The answer carried no message id' });
    return id;
  }

  /** Read receipt for a customer's message. */
  async markRead(messageId: string): Promise<void> {
    await this.request('POST', `${this.account.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: messageId,
    });
  }

  /** Uploads a file for sending; returns the media id. */
  async uploadMedia(data: Buffer, mimetype: string, filename: string): Promise<string> {
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('type', mimetype);
    form.append('file', new Blob([new Uint8Array(data)], { type: mimetype }), filename);
    const answer = await this.request<{ id: string }>('POST', `${this.account.phoneNumberId}/media`, form);
    if (!answer?.id) throw new GraphError(502, { message: 'The upload answer carried no media id' });
    return answer.id;
  }

  /** A received media's bytes: its URL from GET /{media-id}, then that URL with the token. */
  async downloadMedia(mediaId: string): Promise<Readable> {
    const info = await this.request<{ url: string; mime_type?: string }>('GET', encodeURIComponent(mediaId));
    if (!info?.url) throw new GraphError(502, { message: 'The media answer carried no URL' });
    const res = await fetch(info.url, {
      headers: { Authorization: `Bearer ${this.account.accessToken}` },
      signal: AbortSignal.timeout(TIMEOUT_MS * 4),
    });
    if (!res.ok || !res.body) throw new GraphError(res.status, { message: `media download answered ${res.status}` });
    return Readable.fromWeb(res.body as unknown as WebReadableStream);
  }

  /** Approved templates of the business account (all pages). */
  async approvedTemplates(): Promise<GraphTemplate[]> {
    const out: GraphTemplate[] = [];
    let next: string | undefined =
      `${this.account.businessAccountId}/message_templates?fields=name,language,status,category,components&status=APPROVED&limit=100`;
    // A bound on pages: an account has at most a few hundred templates.
    for (let page = 0; next && page < 20; page++) {
      const answer: { data?: GraphTemplate[]; paging?: { next?: string } } = await this.request('GET', next);
      out.push(...(answer?.data ?? []).filter((t) => t.status === 'APPROVED'));
      next = answer?.paging?.next;
    }
    return out;
  }
}
