/** The visitor API, called from the host page (another origin) with the visitor token. */
import type { WebchatConfigDTO, WebchatMessageDTO, WebchatVisitorDTO } from '../../../shared/src/webchat-protocol';

export class WidgetApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

export class WidgetApi {
  token: string | null = null;

  constructor(
    readonly server: string,
    private readonly channel: string,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.server}/api${path}`, { method, headers, body: payload, credentials: 'omit' });
    if (!res.ok) {
      const answer = (await res.json().catch(() => ({}))) as { error?: string };
      throw new WidgetApiError(res.status, answer.error ?? 'ERR_INTERNAL');
    }
    return (await res.json()) as T;
  }

  config(): Promise<WebchatConfigDTO> {
    return this.call('GET', `/webchat/${encodeURIComponent(this.channel)}/config`);
  }

  startVisitor(contact: { name?: string; email?: string }): Promise<WebchatVisitorDTO> {
    return this.call('POST', `/webchat/${encodeURIComponent(this.channel)}/visitors`, contact);
  }

  history(): Promise<WebchatMessageDTO[]> {
    return this.call('GET', '/webchat/messages');
  }

  send(id: string, body: string): Promise<WebchatMessageDTO> {
    return this.call('POST', '/webchat/messages', { id, body });
  }

  attach(id: string, file: File): Promise<WebchatMessageDTO> {
    const form = new FormData();
    form.append('id', id);
    form.append('file', file, file.name);
    return this.call('POST', '/webchat/attachments', form);
  }

  /** An attachment's bytes (the token cannot ride on an <img src>). */
  async media(path: string): Promise<Blob> {
    const res = await fetch(`${this.server}${path}`, { headers: { Authorization: `Bearer ${this.token ?? ''}` }, credentials: 'omit' });
    if (!res.ok) throw new WidgetApiError(res.status, 'ERR_NOT_FOUND');
    return res.blob();
  }
}

/** A message id of the widget's own: a retry of the same message sends the same id. */
export function newMessageId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `w${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
