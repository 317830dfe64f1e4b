/**
 * The Cloud API accounts of connections: ids in clear, secrets sealed (lib/secret-box.ts) and
 * never presented (connections/repository.ts shows only that they are set).
 */
import type { CloudAccountInput, CloudAccountUpdateInput } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { cloudAccounts } from '../../db/schema.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { CloudAccount } from './graph.js';

type Secrets = Pick<CloudAccount, 'accessToken' | 'appSecret' | 'verifyToken'>;

export { cloudWebhookPath as webhookPathOf } from '@switchboard/shared';

export class CloudAccounts {
  constructor(
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async get(db: DbOrTx, connectionId: number): Promise<CloudAccount | null> {
    const [row] = await db.select().from(cloudAccounts).where(eq(cloudAccounts.whatsappId, connectionId));
    if (!row) return null;
    return { phoneNumberId: row.phoneNumberId, businessAccountId: row.businessAccountId, ...this.secretsOf(row.secrets) };
  }

  /** Creates or changes the account; secrets not given keep their stored value. */
  async save(db: DbOrTx, connectionId: number, input: CloudAccountInput | CloudAccountUpdateInput): Promise<void> {
    const [row] = await db.select().from(cloudAccounts).where(eq(cloudAccounts.whatsappId, connectionId));
    const old: Partial<Secrets> = row ? this.secretsOf(row.secrets) : {};
    const secrets = {
      accessToken: input.accessToken ?? old.accessToken,
      appSecret: input.appSecret ?? old.appSecret,
      verifyToken: input.verifyToken ?? old.verifyToken,
    };
    const phoneNumberId = input.phoneNumberId ?? row?.phoneNumberId;
    const businessAccountId = input.businessAccountId ?? row?.businessAccountId;
    if (!phoneNumberId || !businessAccountId || !secrets.accessToken || !secrets.appSecret || !secrets.verifyToken) {
      throw new AppError('ERR_VALIDATION', 400, 'The Cloud API account is incomplete');
    }
    const values = { phoneNumberId, businessAccountId, secrets: this.box.seal(JSON.stringify(secrets)), updatedAt: this.clock.now() };
    try {
      await db
        .insert(cloudAccounts)
        .values({ whatsappId: connectionId, ...values })
        .onConflictDoUpdate({ target: cloudAccounts.whatsappId, set: values });
    } catch (err) {
      if (isUniqueViolation(err, 'cloud_accounts_phone_number_unique')) {
        throw new AppError('ERR_VALIDATION', 409, 'Another connection already uses this phone number id');
      }
      throw err;
    }
  }

  private secretsOf(sealed: string): Secrets {
    return JSON.parse(this.box.open(sealed)) as Secrets;
  }
}
