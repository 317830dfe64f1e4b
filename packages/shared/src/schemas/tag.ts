import { z } from 'zod';
import { text } from './primitives.js';
import { dbIdSchema } from './ids.js';

/** Tag form wording of spec §5 (Portuguese in the reference product, kept as-is). */
export const TAG_MSG = {
  required: 'Obrigatório',
  tooShort: 'Mensagem muito curta',
  tooLong: 'Mensagem muito longa',
  invalidColor: 'Cor inválida',
} as const;

export const tagNameSchema = text({ error: TAG_MSG.required })
  .trim()
  .min(1, TAG_MSG.required)
  .min(3, TAG_MSG.tooShort)
  .max(100, TAG_MSG.tooLong);

/**
 * Colour as '#' + hex without alpha ('#rgb' or '#rrggbb'); a missing '#' is added, stored lower-case.
 */
export const tagColorSchema = text({ error: TAG_MSG.required })
  .trim()
  .min(1, TAG_MSG.required)
  .transform((v) => (v.startsWith('#') ? v : `#${v}`).toLowerCase())
  .pipe(text().regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/, TAG_MSG.invalidColor));

/** The colour a tag gets when a client sends none (the reference clients send '' for "no colour"). */
export const DEFAULT_TAG_COLOR = '#5c6bc0';

/** POST /tags and PUT /tags/:id. `userId` is accepted for compatibility and ignored: the owner is the caller. */
export const tagSaveSchema = z.object({
  name: tagNameSchema,
  color: z.preprocess((v) => (v === '' ? DEFAULT_TAG_COLOR : v), tagColorSchema),
  userId: z.unknown().optional(),
});
export type TagSaveInput = z.infer<typeof tagSaveSchema>;

/** The tag form (react-hook-form): the same rules without the ignored userId. */
export const tagFormSchema = z.object({ name: tagNameSchema, color: tagColorSchema });

/** A tag reference in a list: a bare id or an object with `id` (the reference client sends whole tags). */
export const tagRefSchema = z
  .union([dbIdSchema, z.object({ id: dbIdSchema }).loose()])
  .transform((v) => (typeof v === 'number' ? v : v.id));

/** POST /tags/sync: `tags` is the contact's complete tag list after the change. */
export const tagSyncSchema = z.object({
  contactId: dbIdSchema,
  tags: z.array(tagRefSchema).max(500),
});
export type TagSyncInput = z.infer<typeof tagSyncSchema>;

/** Answer of POST /tags/sync. */
/** One row of the admin tag export (CSV columns tagName;contactName;contactNumber). */
export interface TagExportRow {
  tagName: string;
  contactName: string;
  contactNumber: string;
}
