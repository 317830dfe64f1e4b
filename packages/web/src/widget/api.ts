/**
 * The visitor API, called from the host page (another origin) with the visitor token. Paths, path
 * parameters, bodies and answers are typed by the shared route table (WEBCHAT_ROUTES, imported as
 * types only: the widget carries no schema library).
 */
import type { WebchatMessageDTO } from '../../../shared/src/webchat-protocol';
import { requestOf, type InputArg, type RouteAnswer, type RouteDef, type RouteInput } from '../../../shared/src/routes/route';
import type { WEBCHAT_ROUTES } from '../../../shared/src/routes/webchat';

type Routes = typeof WEBCHAT_ROUTES;

/** The table's methods and paths, as values (checked against the table by the typecheck). */
const ROUTES = {
  config: { method: 'GET', path: '/webchat/:channel/config' },
  startVisitor: { method: 'POST', path: '/webchat/:channel/visitors' },
  history: { method: 'GET', path: '/webchat/messages' },
  send: { method: 'POST', path: '/webchat/messages' },
} as const satisfies { [K in keyof Routes]: Pick<Routes[K], 'method' | 'path'> };

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

  /** A JSON call of the table's route `name`. */
  private call<K extends keyof Routes>(name: K, ...[input]: InputArg<Routes[K]>): Promise<RouteAnswer<Routes[K]>> {
    const req = requestOf(ROUTES[name] as RouteDef, input as RouteInput<RouteDef>);
    return this.request(req.method, req.path, req.body) as Promise<RouteAnswer<Routes[K]>>;
  }

  private async request(method: string, path: string, body?: unknown): Promise<unknown> {
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
    return res.json();
  }

  config() {
    return this.call('config', { params: { channel: this.channel } });
  }

  startVisitor(contact: { name?: string; email?: string }) {
    return this.call('startVisitor', { params: { channel: this.channel }, body: contact });
  }

  history() {
    return this.call('history');
  }

  send(id: string, body: string) {
    return this.call('send', { body: { id, body } });
  }

  attach(id: string, file: File): Promise<WebchatMessageDTO> {
    const form = new FormData();
    form.append('id', id);
    form.append('file', file, file.name);
    // Multipart (the file with the message's id): not a JSON route of the table.
    return this.request('POST', '/webchat/attachments', form) as Promise<WebchatMessageDTO>;
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
