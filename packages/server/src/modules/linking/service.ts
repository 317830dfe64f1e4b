/**
 * Linking a connection by pairing code, and the channel health record: administrators only.
 */
import { canPairByCode, type ConnectionHealthListDTO } from '@switchboard/shared';
import type { AppContext } from '../../context.js';
import type { ChannelManager } from '../../channels/manager.js';
import { authorize } from '../../access/authorize.js';
import { AppError } from '../../lib/app-error.js';
import { findConnection } from '../../store/connections.js';
import type { CurrentUser } from '../../store/users.js';

export class LinkingService {
  constructor(
    private readonly ctx: AppContext,
    private readonly channels: ChannelManager,
  ) {}

  /** POST /whatsappsession/:id/pairing-code — the code the admin types on the phone `number`. */
  async requestPairingCode(actor: CurrentUser, id: number, number: string): Promise<{ code: string }> {
    authorize(actor, 'connection.session');
    const connection = await findConnection(this.ctx.db, id);
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    if (!canPairByCode(connection.channel)) throw new AppError('ERR_VALIDATION', 400, 'This connection cannot link with a pairing code');
    return { code: await this.channels.requestPairingCode(id, number) };
  }

  /** GET /whatsapp-health — every connection's last hour. */
  health(actor: CurrentUser): Promise<ConnectionHealthListDTO> {
    try {
      authorize(actor, 'connection.health');
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    return this.channels.health.list();
  }
}
