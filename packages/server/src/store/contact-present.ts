import type { ContactDTO } from '@switchboard/shared';
import type { contacts } from '../db/schema.js';

type ContactRow = typeof contacts.$inferSelect;

export function presentContact(
  row: ContactRow,
  related: { extraInfo: ContactDTO['extraInfo']; tags: ContactDTO['tags']; tickets: ContactDTO['tickets'] },
): ContactDTO {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    profilePicUrl: row.profilePicUrl,
    isGroup: row.isGroup,
    extraInfo: related.extraInfo,
    tags: related.tags,
    tickets: related.tickets,
    optedOutAt: row.optedOutAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
