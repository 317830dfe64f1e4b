/**
 * The simulator channel: behaves like a phone paired by QR code. Start shows a real QR code (its
 * text is a one-time pairing token); scanning it on the simulator pairs the connection with a
 * number, kept in the connection's auth state so a restart reconnects without a new scan.
 */
import { randomBytes, randomInt } from 'node:crypto';
import {
  ChannelError,
  type ChannelDriver,
  type ChatAddress,
  type DriverContext,
  type DriverEvent,
  type OutboundMedia,
  type SendOptions,
  type SentMessage,
} from '../driver.js';
import { voiceNoteAudio, VOICE_NOTE_MIMETYPE } from '../whatsapp/voice-note.js';
import { refusalFor } from './customer-behaviour.js';
import { customerNumberOf, isSimulatedAccount, newSimulatorId, type SimulatorNetwork } from './network.js';

const PAIRED_NUMBER_KEY = 'simulator:number';
/** The characters of WhatsApp's pairing codes (no 0, I, O, U: nothing to mistake). */
const PAIRING_CODE_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTVWXYZ';

const TYPE_OF: Record<OutboundMedia['kind'], string> = {
  image: 'image',
  video: 'video',
  document: 'document',
  audio: 'audio',
};

export class SimulatorDriver implements ChannelDriver {
  readonly kind = 'simulator' as const;
  qrcode = '';
  number: string | null = null;
  private connected = false;
  private timers = new Set<NodeJS.Timeout>();
  /** Number → the LID its chat is addressed by, learnt from LID-addressed chats (as a WhatsApp client does). */
  private readonly lidOf = new Map<string, string>();

  constructor(
    private readonly ctx: DriverContext,
    private readonly network: SimulatorNetwork,
  ) {}

  get connectionId(): number {
    return this.ctx.connectionId;
  }

  isConnected(): boolean {
    return this.connected;
  }

  /** Hands an event to the product and waits until it has been handled. */
  async deliver(event: DriverEvent): Promise<void> {
    if (event.type === 'message' && event.message.chat.lid) this.lidOf.set(event.message.chat.id, event.message.chat.lid);
    await this.ctx.emit(event);
  }

  async start(): Promise<void> {
    this.network.register(this);
    const paired = await this.ctx.auth.get(PAIRED_NUMBER_KEY);
    if (paired && !this.network.byNumber(paired)) {
      await this.goOnline(paired);
      return;
    }
    this.qrcode = `switchboard-simulator:${this.ctx.connectionId}:${randomBytes(12).toString('hex')}`;
    await this.deliver({ type: 'qr', qrcode: this.qrcode });
  }

  /** The phone number and code of a pairing-code request, until the phone types the code. */
  pairingCode: { number: string; code: string } | null = null;

  /**
   * Like WhatsApp (baileys Socket/socket.js:596-653): while the QR is shown, a code of 8 characters
   * from the alphabet of Utils/generics.js:372 is bound to the phone number; typing it on that
   * phone (the Simulator page, SimulatorNetwork.enterCode) links the connection.
   */
  // eslint-disable-next-line @typescript-eslint/require-await -- async so a refusal is a rejected promise, as the driver interface expects
  async requestPairingCode(number: string): Promise<string> {
    const digits = number.replace(/\D/g, '');
    if (this.connected || !this.qrcode) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not waiting to be linked');
    if (!isSimulatedAccount(digits)) throw new ChannelError('ERR_WAPP_INVALID_CONTACT');
    const code = Array.from({ length: 8 }, () => PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)]).join('');
    this.pairingCode = { number: digits, code };
    return code;
  }

  /** The simulator phone scanned our QR code. */
  async pair(number: string): Promise<void> {
    await this.ctx.auth.set({ [PAIRED_NUMBER_KEY]: number });
    this.pairingCode = null;
    await this.goOnline(number);
  }

  /** The phone lost the session: DISCONNECTED, pairing kept ("try again" reconnects). */
  async drop(): Promise<void> {
    this.connected = false;
    await this.deliver({ type: 'status', status: 'DISCONNECTED', reason: 'phone disconnected' });
  }

  /**
   * The phone's connection drops and comes back, as a companion's socket does on a bad network:
   * TIMEOUT, a reconnect counted with its reason (channels/health), then CONNECTED again.
   */
  async connectionLost(): Promise<void> {
    this.assertConnected();
    await this.deliver({ type: 'status', status: 'TIMEOUT', reason: 'connection lost' });
    await this.deliver({ type: 'health', kind: 'reconnect', reason: 'connection lost' });
    await this.deliver({ type: 'status', status: 'CONNECTED', number: this.number! });
  }

  stop(): Promise<void> {
    this.connected = false;
    this.qrcode = '';
    this.pairingCode = null;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.network.unregister(this);
    return Promise.resolve();
  }

  async logout(): Promise<void> {
    await this.stop();
    await this.ctx.auth.clear();
    this.number = null;
  }

  async sendText(to: ChatAddress, body: string, options?: SendOptions): Promise<SentMessage> {
    return this.record(to, { type: 'text', body }, options);
  }

  async sendMedia(to: ChatAddress, media: OutboundMedia, options?: SendOptions): Promise<SentMessage> {
    // Like WhatsApp, a voice note reaches the phone as Ogg/Opus whatever was recorded.
    let data = media.data;
    try {
      if (media.voiceNote) data = await voiceNoteAudio(media.data, media.mimetype);
    } catch (error) {
      throw new ChannelError('ERR_SENDING_WAPP_MSG', `could not prepare the voice note: ${(error as Error).message}`);
    }
    const stored = await this.network.media.save(data, { filename: media.filename });
    return this.record(
      to,
      {
        type: TYPE_OF[media.kind],
        body: media.caption ?? '',
        mediaPath: stored.name,
        mediaMime: media.voiceNote ? VOICE_NOTE_MIMETYPE : stored.mimetype,
        mediaName: stored.filename,
      },
      options,
    );
  }

  async deleteForEveryone(_to: ChatAddress, externalId: string): Promise<void> {
    this.assertConnected('ERR_DELETE_WAPP_MSG');
    await this.network.markDeletedByConnection(externalId);
  }

  /** The reaction shows on the customer's phone; a message the phone does not have is refused. */
  async react(_to: ChatAddress, target: { externalId: string }, emoji: string): Promise<void> {
    this.assertConnected();
    if (!(await this.network.reactByConnection(target.externalId, emoji)))
      throw new ChannelError('ERR_REACT_WAPP_MSG', 'No such message on the phone');
  }

  /** Only a text the connection sent can be edited, as on WhatsApp. */
  async editText(_to: ChatAddress, externalId: string, body: string): Promise<void> {
    this.assertConnected();
    if (!(await this.network.editByConnection(externalId, body)))
      throw new ChannelError('ERR_EDIT_WAPP_MSG', 'No such text of ours on the phone');
  }

  /** Read receipts for the named messages only, as WhatsApp sends them (one per message key). */
  async markRead(to: ChatAddress, externalIds: string[]): Promise<void> {
    this.assertConnected();
    const customer = to.isGroup ? to.id : (customerNumberOf(to.id) ?? to.id);
    await this.network.markCustomerMessagesRead(customer, this.number!, externalIds);
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- async so a refusal is a rejected promise, as the driver interface expects, never a synchronous throw
  async checkNumber(number: string): Promise<string> {
    this.assertConnected();
    const digits = number.replace(/\D/g, '');
    if (!isSimulatedAccount(digits)) throw new ChannelError('ERR_WAPP_INVALID_CONTACT');
    return digits;
  }

  async importContacts(): Promise<{ number: string; name: string }[]> {
    this.assertConnected();
    const customers = await this.network.customers(this.number!);
    return customers.filter((c) => isSimulatedAccount(c.customer)).map((c) => ({ number: c.customer, name: c.customer }));
  }

  async rejectCall(): Promise<void> {
    // Nothing rings on a simulated phone; the rejection is the automatic text the product sends.
  }

  private async goOnline(number: string): Promise<void> {
    this.number = number;
    this.qrcode = '';
    this.connected = true;
    await this.deliver({ type: 'status', status: 'CONNECTED', number });
    await this.network.deliverWaiting(this);
  }

  private assertConnected(code: ChannelError['code'] = 'ERR_WAPP_NOT_INITIALIZED'): void {
    if (!this.connected || !this.number) throw new ChannelError(code === 'ERR_DELETE_WAPP_MSG' ? code : 'ERR_WAPP_NOT_INITIALIZED');
  }

  private async record(
    to: ChatAddress,
    content: { type: string; body: string; mediaPath?: string; mediaMime?: string; mediaName?: string },
    options?: SendOptions,
  ): Promise<SentMessage> {
    this.assertConnected();
    // A customer known only by a LID is reached through it, as on WhatsApp; so is one whose chat
    // is addressed by LID, when the product or this session knows it.
    const address = to.isGroup ? to.id : (to.lid ?? this.lidOf.get(to.id) ?? to.id);
    const customer = to.isGroup ? to.id : customerNumberOf(address);
    if (!customer) throw new ChannelError('ERR_WAPP_INVALID_CONTACT');
    const id = options?.messageId ?? newSimulatorId();
    const refusal = to.isGroup ? undefined : refusalFor(await this.network.behaviours.of(customer), address.endsWith('@lid'));
    if (refusal) {
      // The network took the message and refused it: nothing reaches the phone. The refusal is
      // reported before the send returns — the earliest it can come on WhatsApp too, where the
      // refusal ack may overtake the sender's own bookkeeping.
      await this.ctx.emit({ type: 'failed', externalId: id, error: 'ERR_WAPP_SEND_REFUSED', code: refusal });
      return { externalId: id, timestamp: this.ctx.clock.now() };
    }
    const row = await this.network.recordOutbound({
      id,
      connectionNumber: this.number!,
      customer,
      sender: 'connection',
      quotedId: options?.quotedExternalId ?? null,
      ack: 2,
      ...content,
    });
    // The customer's phone received it: "delivered" arrives just after "sent", as on a real phone.
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.connected) void this.ctx.emit({ type: 'ack', externalId: id, ack: 2 });
    }, 10);
    this.timers.add(timer);
    return { externalId: row.id, timestamp: row.createdAt };
  }
}

export function simulatorDriverFactory(network: SimulatorNetwork) {
  return (ctx: DriverContext): ChannelDriver => new SimulatorDriver(ctx, network);
}
