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

/**
 * A tag in the paged list (GET /tags/). Besides the count it carries the contacts as the
 * reference product's Tags screens read them: `contacttag` (one `{ tagId, contactId }` per
 * contact, whose length is the count shown) and `contacts` (their ids).
 */
export const listedTagSchema = tagSchema.extend({
  contacttag: z.array(z.object({ tagId: z.number().int(), contactId: z.number().int() })),
  contacts: z.array(z.object({ id: z.number().int() })),
});
export type ListedTagDTO = z.infer<typeof listedTagSchema>;

export const tagsPageSchema = pageSchema('tags', listedTagSchema);
export type TagsPage = z.infer<typeof tagsPageSchema>;

/** Answer of POST /tags/sync. */
export const tagSyncResultSchema = z.object({ contactId: z.number().int(), tags: z.array(tagRefDtoSchema) });
export type TagSyncResult = z.infer<typeof tagSyncResultSchema>;
