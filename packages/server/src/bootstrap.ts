/**
 * First start: create the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated
 * password printed once. There is never a fixed default password.
 */
import { count } from 'drizzle-orm';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { users } from './db/schema.js';
import { generatePassword, hashPassword } from './lib/passwords.js';

export interface FirstAdmin {
  email: string;
  /** Present only when it was generated here and must be shown once. */
  generatedPassword?: string;
}

export async function ensureFirstAdmin(db: Db, config: Config): Promise<FirstAdmin | null> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return null;
  const email = (config.admin.email ?? 'admin@switchboard.local').toLowerCase();
  const generatedPassword = config.admin.password ? undefined : generatePassword();
  const password = config.admin.password ?? generatedPassword!;
  await db
    .insert(users)
    .values({
      name: config.admin.name ?? 'Admin',
      email,
      passwordHash: await hashPassword(password),
      profile: 'admin',
      allTicket: true,
    })
    .onConflictDoNothing();
  return { email, generatedPassword };
}
