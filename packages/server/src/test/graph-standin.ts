/**
 * A stand-in for Meta's Graph API (WhatsApp Cloud API), for tests only: it answers the requests
 * the product makes with the request and response shapes Meta documents (phone number, /messages,
 * /media, media URLs, message_templates, Graph error objects), and plays the customers' side —
 * sending signed webhook deliveries ("messages" field) with messages and statuses.
 *
 * Like WhatsApp, it delivers what the business sends and reports statuses by webhook: "sent" and
 * "delivered" for an accepted send, "read" when the customer reads it, "failed" (131047) for a
 * free-form message outside the 24-hour window — by default before the send itself is answered,
 * as Meta's webhooks may overtake the answer that carries the message id.
 *
 * Plain node:http, no test framework: unit tests, the channel contract and the Chromium e2e all
 * start it.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinNumber {
  phoneNumberId: string;
  businessAccountId: string;
  displayPhoneNumber: string;
  accessToken: string;
  appSecret: string;
  /** Where deliveries go: a URL (POSTed like Meta does) or a function (in-process tests). */
  webhook: string | ((rawBody: string, signature: string) => Promise<number>);
}

export interface StandinTemplate {
  name: string;
  language: string;
  category: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED';
  body: string;
}

/** What the business sent, as the customer's phone shows it. */
export interface SentToCustomer {
  id: string;
  to: string;
  type: string;
  /** The message object as POSTed (text, image, template …). */
  payload: Record<string, unknown>;
  /** Bytes of uploaded media it refers to. */
  media?: { data: Buffer; mimetype: string; filename: string };
  status: 'sent' | 'delivered' | 'read' | 'failed';
}

interface StoredMedia {
  data: Buffer;
  mimetype: string;
  filename: string;
  phoneNumberId: string;
}

interface GraphErrorSpec {
  httpStatus: number;
  code: number;
  message: string;
  details?: string;
}

export interface WebhookAttempt {
  phoneNumberId: string;
  body: string;
  status: number;
}

const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

export class GraphStandin {
  private server: http.Server | null = null;
  private numbers = new Map<string, StandinNumber>();
  private media = new Map<string, StoredMedia>();
  readonly templates = new Map<string, StandinTemplate[]>();
  /** Messages sent by the business, by id. */
  readonly sent = new Map<string, SentToCustomer>();
  /** Customer messages the business marked read. */
  readonly readByBusiness = new Set<string>();
  /** Every webhook delivery tried, with the answer it got. */
  readonly attempts: WebhookAttempt[] = [];
  /** Last time each customer wrote to each number (the 24-hour window), by `${pnid}:${customer}`. */
  private lastCustomerAt = new Map<string, number>();
  private failures: GraphErrorSpec[] = [];
  private refusalsAfterAccepting: { error: { code: number; title: string }; text?: string; to?: string }[] = [];
  private listeners: (() => void)[] = [];
  baseUrl = '';
  /**
   * Statuses of a send are delivered before the send is answered (the order Meta does not rule
   * out, and the harder one for the business); false delivers them just after the answer.
   */
  statusesOvertakeAnswers = true;

  async start(port = 0): Promise<string> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(err), type: 'OAuthException', code: 1 } }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    const address = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${address.port}/v21.0`;
    return this.baseUrl;
  }

  async close(): Promise<void> {
    // close() alone waits for every open connection, and a keep-alive client holds one open.
    const closed = new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
    await closed;
  }

  addNumber(number: StandinNumber): void {
    this.numbers.set(number.phoneNumberId, number);
  }

  setWebhook(phoneNumberId: string, webhook: StandinNumber['webhook']): void {
    this.number(phoneNumberId).webhook = webhook;
  }

  addTemplate(businessAccountId: string, template: StandinTemplate): void {
    this.templates.set(businessAccountId, [...(this.templates.get(businessAccountId) ?? []), template]);
  }

  /**
   * The next send of this text (or, given `{ to }`, of anything to this customer — a template has no
   * text) is accepted (answered with its id) and then reported failed with this error, as Meta does
   * for a customer it cannot deliver to (131026) or an ecosystem limit (131049).
   */
  refuseAfterAccepting(match: string | { to: string }, error: { code: number; title: string }): void {
    this.refusalsAfterAccepting.push({ error, ...(typeof match === 'string' ? { text: match } : match) });
  }

  /** The next Graph API call answers this error (Meta's error object). */
  failNext(error: GraphErrorSpec): void {
    this.failures.push(error);
  }

  /** Resolves once `check` holds, re-checked after every request and delivery. */
  async until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    if (check()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== listener);
        reject(new Error(`stand-in: timed out waiting for ${what}`));
      }, timeoutMs);
      const listener = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listener);
        resolve();
      };
      this.listeners.push(listener);
    });
  }

  private changed(): void {
    for (const l of [...this.listeners]) l();
  }

  private number(phoneNumberId: string): StandinNumber {
    const n = this.numbers.get(phoneNumberId);
    if (!n) throw new Error(`stand-in: unknown phone number id ${phoneNumberId}`);
    return n;
  }

  // ── The customers' side ─────────────────────────────────────────────────────────────────────

  /**
   * A customer writes: `message` is the type-specific part (e.g. `{ type: 'text', text: { body } }`).
   * Resolves with the message id and the HTTP status the webhook answered.
   */
  async customerSends(
    phoneNumberId: string,
    from: string,
    message: Record<string, unknown>,
    opts: { name?: string; id?: string; at?: Date } = {},
  ): Promise<{ id: string; status: number }> {
    const id = opts.id ?? wamid();
    const at = opts.at ?? new Date();
    this.lastCustomerAt.set(`${phoneNumberId}:${from}`, Math.max(this.lastCustomerAt.get(`${phoneNumberId}:${from}`) ?? 0, at.getTime()));
    const status = await this.deliver(phoneNumberId, {
      contacts: [{ profile: { name: opts.name ?? from }, wa_id: from }],
      messages: [{ from, id, timestamp: String(Math.floor(at.getTime() / 1000)), ...message }],
    });
    return { id, status };
  }

  /** Uploads a file as a customer's phone would, for a media message; returns its media id. */
  customerMedia(phoneNumberId: string, data: Buffer, mimetype: string, filename = 'file'): string {
    const id = String(1_000_000_000_000 + this.media.size + Math.floor(Math.random() * 1_000_000));
    this.media.set(id, { data, mimetype, filename, phoneNumberId });
    return id;
  }

  /** The customer reads messages of the business: "read" statuses. */
  async customerReads(phoneNumberId: string, ids: string[]): Promise<void> {
    for (const id of ids) {
      const m = this.sent.get(id);
      if (!m) continue;
      m.status = 'read';
      await this.deliverStatus(phoneNumberId, m, 'read');
    }
  }

  /** Posts a "messages" field change for a number, signed with the app secret; returns the answer's status. */
  async deliver(phoneNumberId: string, value: Record<string, unknown>): Promise<number> {
    const n = this.number(phoneNumberId);
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: n.businessAccountId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: n.displayPhoneNumber, phone_number_id: n.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
    return this.post(n, body);
  }

  /** Sends a raw body to a number's webhook, signed (or with the given signature). */
  async post(n: StandinNumber, body: string, signature?: string): Promise<number> {
    const sig = signature ?? `sha256=${createHmac('sha256', n.appSecret).update(body).digest('hex')}`;
    let status: number;
    if (typeof n.webhook === 'function') status = await n.webhook(body, sig);
    else {
      const res = await fetch(n.webhook, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': sig },
        body,
      });
      await res.arrayBuffer();
      status = res.status;
    }
    this.attempts.push({ phoneNumberId: n.phoneNumberId, body, status });
    this.changed();
    return status;
  }

  private async deliverStatus(phoneNumberId: string, m: SentToCustomer, status: string, errors?: unknown[]): Promise<void> {
    await this.deliver(phoneNumberId, {
      statuses: [
        {
          id: m.id,
          status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: m.to,
          ...(errors ? { errors } : {}),
        },
      ],
    });
  }

  // ── The Graph API ──────────────────────────────────────────────────────────────────────────

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://standin');
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'v21.0') parts.shift();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(json));
      this.changed();
    };
    const graphError = (e: GraphErrorSpec) =>
      send(e.httpStatus, {
        error: {
          message: `(#${e.code}) ${e.message}`,
          type: 'OAuthException',
          code: e.code,
          error_data: { messaging_product: 'whatsapp', details: e.details ?? e.message },
          fbtrace_id: randomBytes(8).toString('hex'),
        },
      });

    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    // Media downloads: the URL Meta gives out needs the token too.
    if (parts[0] === 'download' && parts[1]) {
      const m = this.media.get(parts[1]);
      const owner = m ? this.numbers.get(m.phoneNumberId) : undefined;
      if (!m || !owner || owner.accessToken !== token) return graphError({ httpStatus: 404, code: 100, message: 'Media not found' });
      res.writeHead(200, { 'Content-Type': m.mimetype, 'Content-Length': m.data.length });
      res.end(m.data);
      return;
    }
    const authorised = [...this.numbers.values()].find((n) => n.accessToken === token);
    if (!authorised) return graphError({ httpStatus: 401, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
    const failure = this.failures.shift();
    if (failure) return graphError(failure);

    const [first, second] = parts;
    if (req.method === 'GET' && first && !second) {
      const n = this.numbers.get(first);
      if (n) {
        if (n.accessToken !== token) return graphError({ httpStatus: 403, code: 200, message: 'Permissions error' });
        return send(200, { verified_name: 'Switchboard Test', display_phone_number: n.displayPhoneNumber, id: n.phoneNumberId });
      }
      const m = this.media.get(first);
      if (m) {
        return send(200, {
          messaging_product: 'whatsapp',
          url: `${this.baseUrl.replace(/\/v21\.0$/, '')}/download/${first}`,
          mime_type: m.mimetype,
          sha256: createHash('sha256').update(m.data).digest('hex'),
          file_size: m.data.length,
          id: first,
        });
      }
      return graphError({ httpStatus: 400, code: 100, message: 'Unsupported get request' });
    }
    if (req.method === 'GET' && second === 'message_templates') {
      const data = (this.templates.get(first) ?? [])
        .filter((t) => !url.searchParams.get('status') || t.status === url.searchParams.get('status'))
        .map((t, i) => ({
          name: t.name,
          language: t.language,
          status: t.status,
          category: t.category,
          components: [{ type: 'BODY', text: t.body }],
          id: String(900_000 + i),
        }));
      return send(200, { data, paging: { cursors: { before: 'MAZDZD', after: 'MjQZD' } } });
    }
    const n = this.numbers.get(first);
    if (!n || n.accessToken !== token) return graphError({ httpStatus: 400, code: 100, message: 'Unsupported post request' });
    if (req.method === 'POST' && second === 'media') {
      const form = await new Request('http://standin/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: raw,
      }).formData();
      const file = form.get('file');
      if (form.get('messaging_product') !== 'whatsapp' || !(file instanceof Blob)) {
        return graphError({ httpStatus: 400, code: 100, message: 'Invalid parameter', details: 'messaging_product and file are required' });
      }
      const id = String(2_000_000_000_000 + this.media.size);
      const filename = file instanceof File ? file.name : 'file';
      this.media.set(id, {
        data: Buffer.from(await file.arrayBuffer()),
        mimetype: typeof form.get('type') === 'string' ? (form.get('type') as string) : file.type,
        filename,
        phoneNumberId: first,
      });
      return send(200, { id });
    }
    if (req.method === 'POST' && second === 'messages')
      return this.messages(n, JSON.parse(raw.toString('utf8')) as Record<string, unknown>, send, graphError);
    return graphError({ httpStatus: 400, code: 100, message: 'Unknown path' });
  }

  private async messages(
    n: StandinNumber,
    body: Record<string, unknown>,
    send: (status: number, json: unknown) => void,
    graphError: (e: GraphErrorSpec) => void,
  ): Promise<void> {
    if (body.messaging_product !== 'whatsapp') {
      return graphError({ httpStatus: 400, code: 100, message: 'Invalid parameter', details: 'messaging_product must be whatsapp' });
    }
    if (body.status === 'read') {
      this.readByBusiness.add(String(body.message_id));
      return send(200, { success: true });
    }
    const to = typeof body.to === 'string' ? body.to : '';
    const type = typeof body.type === 'string' ? body.type : '';
    if (!/^\d{8,15}$/.test(to))
      return graphError({ httpStatus: 400, code: 131009, message: 'Parameter value is not valid', details: 'to' });
    const object = body[type] as Record<string, unknown> | undefined;
    if (!object) return graphError({ httpStatus: 400, code: 100, message: 'Invalid parameter', details: `${type} object missing` });
    if (type === 'template') {
      const tpl = object as { name?: string; language?: { code?: string }; components?: { parameters?: unknown[] }[] };
      const known = (this.templates.get(n.businessAccountId) ?? []).find(
        (t) => t.name === tpl.name && t.language === tpl.language?.code && t.status === 'APPROVED',
      );
      if (!known) return graphError({ httpStatus: 404, code: 132001, message: 'Template name does not exist in the translation' });
      const given = tpl.components?.flatMap((c) => c.parameters ?? []).length ?? 0;
      const wanted = new Set([...known.body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1])).size;
      if (given !== wanted)
        return graphError({ httpStatus: 400, code: 132000, message: 'Number of parameters does not match the expected number of params' });
    }
    let media: SentToCustomer['media'];
    if (['image', 'audio', 'video', 'document', 'sticker'].includes(type)) {
      const stored = this.media.get(String(object.id));
      if (!stored) return graphError({ httpStatus: 400, code: 131053, message: 'Media upload error', details: 'unknown media id' });
      media = { data: stored.data, mimetype: stored.mimetype, filename: stored.filename };
    }
    const message: SentToCustomer = { id: wamid(), to, type, payload: body, media, status: 'sent' };
    this.sent.set(message.id, message);
    const answer = () => send(200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: message.id }] });
    const windowOpen = Date.now() - (this.lastCustomerAt.get(`${n.phoneNumberId}:${to}`) ?? 0) < 24 * 3600_000;
    const text = (body.text as { body?: string } | undefined)?.body;
    const refusalAt = this.refusalsAfterAccepting.findIndex((r) => (r.to !== undefined ? r.to === to : r.text === text));
    const refusal = refusalAt < 0 ? undefined : this.refusalsAfterAccepting.splice(refusalAt, 1)[0].error;
    const statuses = async () => {
      if (refusal) {
        message.status = 'failed';
        await this.deliverStatus(n.phoneNumberId, message, 'failed', [refusal]);
        return;
      }
      if (type !== 'template' && !windowOpen) {
        message.status = 'failed';
        await this.deliverStatus(n.phoneNumberId, message, 'failed', [
          {
            code: 131047,
            title: 'Re-engagement message',
            message: 'Re-engagement message',
            error_data: {
              details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
            },
          },
        ]);
        return;
      }
      await this.deliverStatus(n.phoneNumberId, message, 'sent');
      if (message.status === 'sent') message.status = 'delivered';
      await this.deliverStatus(n.phoneNumberId, message, 'delivered');
    };
    // A status the webhook could not take is in `attempts` (or the webhook was never reachable);
    // Meta would retry it, which the tests that need it do themselves.
    const deliverStatuses = () => statuses().catch(() => undefined);
    if (this.statusesOvertakeAnswers) {
      // Meta does not order its status webhooks after the send's answer: "sent", "delivered" or
      // "failed" can reach the business before the message id it refers to does.
      await deliverStatuses();
      return answer();
    }
    answer();
    setImmediate(() => void deliverStatuses());
  }
}
