/**
 * The chat widget on a host page: a bubble that opens a panel with the visitor's conversation.
 * The visitor is created on the first message (or when they fill in the contact form the
 * connection asks for), its token kept in localStorage; replies arrive live over the visitors'
 * namespace, and the history is read again after every (re)connection so nothing is missed.
 */
import { io, type Socket } from 'socket.io-client';
import { WEBCHAT_EVENTS, WEBCHAT_NAMESPACE, type WebchatConfigDTO, type WebchatMessageDTO } from '../../../shared/src/webchat-protocol';
import { WidgetApi, WidgetApiError, newMessageId } from './api';
import { h } from './dom';
import { messageText } from './format';
import type { WidgetText } from './i18n';
import { WIDGET_CSS } from './styles';
import { loadVisitor, saveVisitor } from './visitor-store';

const CHAT_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2z"/></svg>';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A message on screen: stored ones by their id; the visitor's own while sending by the widget's id. */
interface Shown {
  message: WebchatMessageDTO;
  state: 'stored' | 'sending' | 'failed';
  retry?: () => void;
}

export class ChatWidget {
  private readonly root: ShadowRoot;
  private readonly panel: HTMLElement;
  private readonly list: HTMLElement;
  private readonly footer: HTMLElement;
  private readonly dot: HTMLElement;
  private readonly status: HTMLElement;
  private shown = new Map<string, Shown>();
  private socket: Socket | null = null;
  private opened = false;

  constructor(
    private readonly api: WidgetApi,
    private readonly channel: string,
    private readonly config: WebchatConfigDTO,
    private readonly t: WidgetText,
  ) {
    const host = h('div', { id: 'switchboard-webchat', 'data-testid': 'webchat-widget' });
    this.root = host.attachShadow({ mode: 'open' });
    host.style.setProperty('--sb-color', config.color);
    this.dot = h('span', { class: 'dot', hidden: '' });
    const bubble = h('button', { class: 'bubble', type: 'button', 'aria-label': t.open, title: t.open, 'data-testid': 'webchat-bubble' });
    bubble.innerHTML = CHAT_ICON; // a constant of ours, not visitor text
    bubble.append(this.dot);
    bubble.addEventListener('click', () => this.toggle());

    const close = h('button', { type: 'button', 'aria-label': t.close, title: t.close }, ['×']);
    close.addEventListener('click', () => this.toggle(false));
    this.status = h('div', { class: 'status', hidden: '', role: 'status' });
    this.list = h('div', { class: 'list', 'data-testid': 'webchat-messages', 'aria-live': 'polite' });
    this.footer = h('div');
    this.panel = h('div', { class: 'panel', hidden: '', role: 'dialog', 'aria-label': config.name, 'data-testid': 'webchat-panel' }, [
      h('div', { class: 'head' }, [h('span', {}, [config.name]), close]),
      this.status,
      this.list,
      this.footer,
    ]);
    this.root.append(h('style', {}, [WIDGET_CSS]), this.panel, bubble);
    document.body.append(host);

    const visitor = loadVisitor(channel);
    if (visitor) this.useVisitor(visitor.token);
    this.renderFooter();
    this.renderList();
  }

  private toggle(open = !this.opened): void {
    this.opened = open;
    this.panel.hidden = !open;
    if (open) {
      this.dot.hidden = true;
      this.list.scrollTop = this.list.scrollHeight;
      this.footer.querySelector<HTMLElement>('textarea, input')?.focus();
    }
  }

  /** From now on this browser is this visitor: their socket, their history. */
  private useVisitor(token: string): void {
    this.api.token = token;
    this.socket?.disconnect();
    const socket = io(`${this.api.server}${WEBCHAT_NAMESPACE}`, { path: '/socket.io', transports: ['websocket'], auth: { token } });
    socket.on('connect', () => {
      this.showStatus(null);
      void this.loadHistory();
    });
    socket.on('connect_error', (err: Error) => {
      // A token the server no longer knows (its connection was removed): start over as a new visitor.
      if (err.message === 'ERR_INVALID_TOKEN') this.forgetVisitor();
      // Too many handshakes at the moment (the server bounds them): try again a little later.
      else if (err.message === 'ERR_TOO_MANY_REQUESTS') {
        setTimeout(
          () => {
            if (this.socket === socket && !socket.connected) socket.connect();
          },
          5_000 + Math.random() * 25_000,
        );
      }
    });
    socket.on(WEBCHAT_EVENTS.message, (message: WebchatMessageDTO, confirm?: (shown: boolean) => void) => {
      this.put({ message, state: 'stored' });
      if (!this.opened && message.fromMe) this.dot.hidden = false;
      // The delivery receipt: the reply is on the visitor's screen.
      confirm?.(true);
    });
    socket.on(WEBCHAT_EVENTS.deleted, ({ id }: { id: string }) => {
      this.shown.delete(id);
      this.renderList();
    });
    this.socket = socket;
  }

  private forgetVisitor(): void {
    this.socket?.disconnect();
    this.socket = null;
    this.api.token = null;
    saveVisitor(this.channel, null);
    this.shown.clear();
    this.renderFooter();
    this.renderList();
  }

  private async loadHistory(): Promise<void> {
    try {
      const messages = await this.api.history();
      for (const message of messages) this.shown.set(message.id, { message, state: 'stored' });
      this.renderList();
    } catch (err) {
      if (err instanceof WidgetApiError && err.status === 401) this.forgetVisitor();
      else this.showStatus(this.t.unavailable);
    }
  }

  /** Creates the visitor on first need; the contact form (when asked) does it with their name. */
  private async ensureVisitor(contact: { name?: string; email?: string } = {}): Promise<void> {
    if (this.api.token) return;
    const visitor = await this.api.startVisitor(contact);
    saveVisitor(this.channel, visitor);
    this.useVisitor(visitor.token);
  }

  private renderFooter(): void {
    this.footer.replaceChildren(this.config.askContact && !this.api.token ? this.contactForm() : this.composer());
  }

  private contactForm(): HTMLElement {
    const name = h('input', {
      type: 'text',
      placeholder: this.t.name,
      'aria-label': this.t.name,
      maxlength: '100',
      'data-testid': 'webchat-name',
    });
    const email = h('input', {
      type: 'email',
      placeholder: this.t.email,
      'aria-label': this.t.email,
      maxlength: '254',
      'data-testid': 'webchat-email',
    });
    const error = h('p', { class: 'error', hidden: '' });
    const start = h('button', { class: 'start', type: 'submit', 'data-testid': 'webchat-start' }, [this.t.start]);
    const form = h('form', { class: 'form' }, [h('p', {}, [this.t.intro]), name, email, error, start]);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const typed = email.value.trim();
      if (typed && !EMAIL.test(typed)) {
        error.textContent = this.t.invalidEmail;
        error.hidden = false;
        return;
      }
      start.disabled = true;
      this.ensureVisitor({ name: name.value.trim() || undefined, email: typed || undefined }).then(
        () => this.renderFooter(),
        () => {
          start.disabled = false;
          this.showStatus(this.t.unavailable);
        },
      );
    });
    return form;
  }

  private composer(): HTMLElement {
    const text = h('textarea', {
      placeholder: this.t.placeholder,
      'aria-label': this.t.placeholder,
      maxlength: '4096',
      'data-testid': 'webchat-input',
    });
    const file = h('input', { type: 'file', hidden: '', 'data-testid': 'webchat-file' });
    const attach = h('button', { class: 'attach', type: 'button', 'aria-label': this.t.attach, title: this.t.attach }, ['📎']);
    const send = h('button', { class: 'send', type: 'submit', 'data-testid': 'webchat-send' }, [this.t.send]);
    const form = h('form', { class: 'compose' }, [attach, file, text, send]);
    attach.addEventListener('click', () => file.click());
    file.addEventListener('change', () => {
      const chosen = file.files?.[0];
      file.value = '';
      if (chosen) this.sendWith(newMessageId(), '', chosen);
    });
    text.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const body = text.value.trim();
      if (!body) return;
      text.value = '';
      this.sendWith(newMessageId(), body);
    });
    return form;
  }

  /** Shows the message at once; it counts as sent only when the server says it is stored. */
  private sendWith(id: string, body: string, file?: File): void {
    const draft: WebchatMessageDTO = {
      id,
      body: file ? file.name : body,
      fromMe: false,
      mediaType: file ? 'document' : 'chat',
      mediaName: file?.name ?? null,
      mediaUrl: null,
      createdAt: new Date().toISOString(),
    };
    this.put({ message: draft, state: 'sending' });
    const attempt = async () => {
      await this.ensureVisitor();
      return file ? this.api.attach(id, file) : this.api.send(id, body);
    };
    attempt().then(
      (stored) => {
        this.shown.delete(id);
        this.put({ message: stored, state: 'stored' });
      },
      () => this.put({ message: draft, state: 'failed', retry: () => this.sendWith(id, body, file) }),
    );
  }

  private put(item: Shown): void {
    this.shown.set(item.message.id, item);
    this.renderList();
  }

  private renderList(): void {
    const items = [...this.shown.values()].sort((a, b) => a.message.createdAt.localeCompare(b.message.createdAt));
    if (items.length === 0) {
      this.list.replaceChildren(h('p', { class: 'empty' }, [this.t.empty]));
      return;
    }
    this.list.replaceChildren(...items.map((item) => this.bubbleOf(item)));
    this.list.scrollTop = this.list.scrollHeight;
  }

  private bubbleOf({ message, state, retry }: Shown): HTMLElement {
    const el = h('div', {
      class: `msg ${message.fromMe ? 'them' : 'me'} ${state === 'stored' ? '' : state}`,
      'data-testid': message.fromMe ? 'webchat-reply' : 'webchat-own',
      'data-state': state,
    });
    if (message.mediaUrl) el.append(this.attachmentOf(message));
    const text = messageText(message);
    if (text) el.append(text);
    if (state === 'sending') el.append(h('div', { class: 'note' }, [this.t.sending]));
    if (state === 'failed' && retry) {
      el.append(h('div', { class: 'note' }, [this.t.failed]));
      el.addEventListener('click', retry, { once: true });
    }
    return el;
  }

  /** Images show inline; other files download on a click. Fetched with the token, never by URL. */
  private attachmentOf(message: WebchatMessageDTO): HTMLElement {
    const url = message.mediaUrl!;
    if (message.mediaType === 'image') {
      const img = h('img', { alt: message.mediaName ?? '' });
      this.api.media(url).then(
        (blob) => (img.src = URL.createObjectURL(blob)),
        () => img.remove(),
      );
      return img;
    }
    const link = h('button', { class: 'file', type: 'button' }, [`${this.t.download}: ${message.mediaName ?? ''}`]);
    link.addEventListener('click', () => {
      void this.api.media(url).then((blob) => {
        const a = h('a', { href: URL.createObjectURL(blob), download: message.mediaName ?? 'file' });
        a.click();
      });
    });
    return link;
  }

  private showStatus(text: string | null): void {
    this.status.hidden = !text;
    this.status.textContent = text ?? '';
  }
}
