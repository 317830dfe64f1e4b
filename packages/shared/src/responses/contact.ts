import { z } from 'zod';
import { CONTACT_ACTIONS } from '../access/index.js';
import { isoDateTime, pageSchema, tagRefDtoSchema } from './common.js';
import { CONTACT_EXAMPLE } from './examples.js';

export const contactExtraInfoSchema = z.object({ id: z.number().int(), name: z.string(), value: z.string() });
export type ContactExtraInfoDTO = z.infer<typeof contactExtraInfoSchema>;

export const contactSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    number: z.string(),
    email: z.string(),
    profilePicUrl: z.string(),
    isGroup: z.boolean(),
    extraInfo: z.array(contactExtraInfoSchema),
    tags: z.array(tagRefDtoSchema),
    /** Who each of its tickets belongs to and whether it is active: what canChangeContactNumber needs. */
    tickets: z.array(z.object({ userId: z.number().int().nullable(), queueId: z.number().int().nullable(), active: z.boolean() })),
    /** When the customer opted out of bulk messages (STOP, SAIR…); null while they accept them. */
    optedOutAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    /** What the caller may do to the contact (shared access/policy.ts); in REST answers only, as for tickets. */
    allowedActions: z.array(z.enum(CONTACT_ACTIONS)).optional(),
  })
  .meta({ id: 'Contact', example: CONTACT_EXAMPLE });
export type ContactDTO = z.infer<typeof contactSchema>;

export const contactsPageSchema = pageSchema('contacts', contactSchema).extend({
  /** More contacts match than `count` says (the count stopped at CONTACTS_COUNT_CAP). */
  countCapped: z.boolean(),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ContactsPage = z.infer<typeof contactsPageSchema>;

/** What a CSV import did: new contacts, rows whose number already was a contact, rows left out. */
export const contactCsvImportResultSchema = z.object({
  imported: z.number().int(),
  existing: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.enum(['name', 'number', 'email']), message: z.string() })),
});
export type ContactCsvImportResult = z.infer<typeof contactCsvImportResultSchema>;

/** POST /contacts/import: how many phone contacts became contacts. */
export const phoneContactsImportSchema = z.object({ imported: z.number().int() });
