import { flagOf, type UserDTO } from '@switchboard/shared';
import type { users } from '../db/schema.js';

type UserRow = typeof users.$inferSelect;

export function presentUser(row: UserRow, related: { queues: UserDTO['queues']; whatsapp: UserDTO['whatsapp'] }): UserDTO {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profile === 'admin' ? 'admin' : 'user',
    whatsappId: row.whatsappId,
    whatsapp: related.whatsapp,
    queues: related.queues,
    startWork: row.startWork,
    endWork: row.endWork,
    allHistoric: flagOf(row.allHistoric),
    isRemoveTags: flagOf(row.isRemoveTags),
    viewConection: flagOf(row.viewConection),
    viewSector: flagOf(row.viewSector),
    viewName: flagOf(row.viewName),
    viewTags: flagOf(row.viewTags),
    allTicket: flagOf(row.allTicket),
    campaigns: flagOf(row.campaigns),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
