/**
 * Linking a connection by pairing code, and the channel health record: administrators only.
 */
import { canPairByCode, isAdmin, type ConnectionHealthListDTO } from '@switchboard/shared';
import type { AppContext } from '../../context.js';
import type { ChannelManager } from '../../channels/manager.js';
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
    if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', 403);
    const connection = await findConnection(this.ctx.db, id);
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    if (!canPairByCode(connection.channel)) throw new AppError('ERR_VALIDATION', 400, 'This connection cannot link with a pairing code');
    return { code: await this.channels.requestPairingCode(id, number) };
  }

  /** GET /whatsapp-health — every connection's last hour. */
  health(actor: CurrentUser): Promise<ConnectionHealthListDTO> {
    if (!isAdmin(actor)) return Promise.reject(new AppError('ERR_NO_PERMISSION', 403));
    return this.channels.health.list();
  }
}
