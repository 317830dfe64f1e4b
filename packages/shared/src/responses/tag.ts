import { z } from 'zod';
import { isoDateTime, pageSchema, tagRefDtoSchema } from './common.js';

/** A tag as the tags APIs present it. */
export const tagSchema = tagRefDtoSchema
  .extend({
    userId: z.number().int().nullable(),
    /** Number of contacts carrying the tag (the count the tags table shows). */
    contactsCount: z.number().int(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Tag' });
export type TagDTO = z.infer<typeof tagSchema>;

export const tagsPageSchema = pageSchema('tags', tagSchema);
export type TagsPage = z.infer<typeof tagsPageSchema>;

/** Answer of POST /tags/sync. */
export const tagSyncResultSchema = z.object({ contactId: z.number().int(), tags: z.array(tagRefDtoSchema) });
export type TagSyncResult = z.infer<typeof tagSyncResultSchema>;
