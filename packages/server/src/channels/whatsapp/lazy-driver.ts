/**
 * The WhatsApp driver, loaded when the first WhatsApp session starts. baileys and its protocol
 * definitions take ~60 MB once imported; a server with no WhatsApp connection (the simulator, or
 * none yet) never pays for them.
 */
import type { ChannelDriver, DriverContext, DriverFactory } from '../driver.js';
import { ChannelError } from '../driver.js';
import type { WhatsappFactoryOptions } from './driver.js';

function factoryLoader(options: WhatsappFactoryOptions): () => Promise<DriverFactory> {
  let loading: Promise<DriverFactory> | null = null;
  return () => {
    loading ??= import('./driver.js').then((m) => m.makeWhatsappDriverFactory(options));
    // A failed import (a broken install) is reported by the session's start and tried again next time.
    loading.catch(() => (loading = null));
    return loading;
  };
}

/** Forwards every call to the real driver, created on start(). */
class LazyWhatsappDriver implements ChannelDriver {
  readonly kind = 'whatsapp' as const;
  private driver: ChannelDriver | null = null;

  constructor(
    private readonly ctx: DriverContext,
    private readonly loadFactory: () => Promise<DriverFactory>,
  ) {}

  private get loaded(): ChannelDriver {
    // Before start() nothing is connected: the same answer a stopped session gives.
    if (!this.driver) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED');
    return this.driver;
  }

  async start(): Promise<void> {
    this.driver ??= (await this.loadFactory())(this.ctx);
    await this.driver.start();
  }

  stop(): Promise<void> {
    return this.driver ? this.driver.stop() : Promise.resolve();
  }

  async logout(): Promise<void> {
    this.driver ??= (await this.loadFactory())(this.ctx);
    await this.driver.logout();
  }

  sendText(...args: Parameters<ChannelDriver['sendText']>) {
    return this.call(() => this.loaded.sendText(...args));
  }

  sendMedia(...args: Parameters<ChannelDriver['sendMedia']>) {
    return this.call(() => this.loaded.sendMedia(...args));
  }

  deleteForEveryone(...args: Parameters<ChannelDriver['deleteForEveryone']>) {
    return this.call(() => this.loaded.deleteForEveryone(...args));
  }

  react(...args: Parameters<NonNullable<ChannelDriver['react']>>) {
    return this.call(() => this.loaded.react!(...args));
  }

  editText(...args: Parameters<NonNullable<ChannelDriver['editText']>>) {
    return this.call(() => this.loaded.editText!(...args));
  }

  markRead(...args: Parameters<ChannelDriver['markRead']>) {
    return this.call(() => this.loaded.markRead(...args));
  }

  checkNumber(...args: Parameters<ChannelDriver['checkNumber']>) {
    return this.call(() => this.loaded.checkNumber(...args));
  }

  importContacts() {
    return this.call(() => this.loaded.importContacts());
  }

  rejectCall(...args: Parameters<ChannelDriver['rejectCall']>) {
    return this.call(() => this.loaded.rejectCall(...args));
  }

  requestPairingCode(number: string) {
    return this.call(() => {
      const driver = this.loaded;
      if (!driver.requestPairingCode) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED');
      return driver.requestPairingCode(number);
    });
  }

  /** A refusal is a rejected promise, as the driver interface expects, never a synchronous throw. */
  private async call<T>(action: () => Promise<T>): Promise<T> {
    return action();
  }
}

/** One loader per factory, so the sessions it creates share the driver module's state (the web version). */
export function lazyWhatsappDriverFactoryWith(options: WhatsappFactoryOptions): DriverFactory {
  const load = factoryLoader(options);
  return (ctx) => new LazyWhatsappDriver(ctx, load);
}

export const lazyWhatsappDriverFactory: DriverFactory = lazyWhatsappDriverFactoryWith({});
