/**
 * Calls while the `call` setting is disabled: the channel rejects the call where it can, the call
 * is still stored by the pipeline as a missed call, and the caller gets the automatic text in
 * that call's ticket.
 */
import type { DriverEvent } from '../channels/driver.js';
import type { ChannelManager } from '../channels/manager.js';
import type { CallPolicy, InboundStored } from '../messaging/inbound.js';
import { shouldRejectCall } from './calls.js';
import { sendSystemMessage, type SystemMessageDeps } from './system-messages.js';

export class CallsService implements CallPolicy {
  /** Calls rejected and not yet answered, by the external id the pipeline stores them under. */
  private rejected = new Set<string>();

  constructor(
    private readonly deps: SystemMessageDeps,
    private readonly channels: ChannelManager,
    private readonly text: () => string,
  ) {}

  async onCall(connectionId: number, call: Extract<DriverEvent, { type: 'call' }>): Promise<boolean> {
    if (!shouldRejectCall(this.deps.ctx.settings.get('call'))) return false;
    const driver = this.channels.connected(connectionId);
    try {
      await driver?.rejectCall(call.callId, call.from);
    } catch (err) {
      this.deps.ctx.log.warn({ err, connectionId }, 'call rejection failed');
    }
    this.rejected.add(`call:${call.callId}`);
    return true;
  }

  /** Inbound listener: the stored missed call of a rejected call gets the automatic text. */
  async onInbound({ ticket, message }: InboundStored): Promise<void> {
    if (message.mediaType !== 'call_log' || !message.externalId || !this.rejected.delete(message.externalId)) return;
    await sendSystemMessage(this.deps, ticket, this.text());
  }
}
