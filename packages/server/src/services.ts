/** Builds every service once and wires the few cross-module hooks. */
import type { AppContext } from './context.js';
import { AuthService } from './modules/auth/service.js';
import type { SettingsService } from './modules/settings/service.js';
import { UsersService } from './modules/users/service.js';

export interface Services {
  auth: AuthService;
  users: UsersService;
  settings: SettingsService;
}

export function buildServices(ctx: AppContext): Services {
  const users = new UsersService(ctx);
  const auth = new AuthService(ctx, users);
  users.onCredentialsChanged = async (userId) => {
    await auth.revokeAllSessions(userId);
  };
  return { auth, users, settings: ctx.settings };
}
