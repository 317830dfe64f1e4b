/** The signed-in user as the shared access table (packages/shared/src/access/policy.ts) reads them. */
import type { AccessActor, UserDTO } from '@switchboard/shared';

export function accessActorOf(user: UserDTO | null): AccessActor {
  return {
    id: user?.id ?? 0,
    profile: user?.profile ?? 'user',
    queueIds: (user?.queues ?? []).map((q) => q.id),
    allTicket: user?.allTicket === 'enabled',
  };
}
