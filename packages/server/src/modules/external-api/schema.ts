/**
 * POST /api/send body (BEHAVIOUR "External API"). The same schema validates JSON and the text
 * fields of a multipart request (where every value arrives as a string), so ids are coerced and
 * `tagsId` accepts an array, a JSON array or a comma-separated list.
 */
import { z } from 'zod';
import { text, numeric } from '@switchboard/shared';

const MAX_INT = 2_147_483_647;
const id = numeric(z.number().int().positive().max(MAX_INT));

/** Optional id: an empty multipart field means "not given". */
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());

const tagIds = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  if (Array.isArray(v)) return v as unknown[];
  if (typeof v === 'number') return [v];
  if (typeof v === 'string') {
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return s;
      }
    }
    return s.split(',').map((x) => x.trim());
  }
  return v;
}, z.array(id).max(50).optional());

export const apiSendSchema = z
  .object({
    // Integrations written for the reference product may send the number as a JSON number.
    number: z.preprocess(
      (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
      text()
        .trim()
        .min(8, 'Too Short!')
        .max(50, 'Too Long!')
        .refine((s) => /^\+?[\d\s().-]+$/.test(s) && s.replace(/\D/g, '').length >= 8, 'Digits only: country code, area code and number')
        .describe('Country code + area code + number, digits only (e.g. 5511999999999)'),
    ),
    body: text().max(65_536).default('').describe('Text; with files, the caption of the first one'),
    whatsappId: optionalId.describe('Connection to send from (default: the default connection)'),
    queueId: optionalId.describe('Sector of a ticket created or still without one'),
    tagsId: tagIds.describe('Tag ids added to the contact'),
    userId: optionalId.describe('Attendant the ticket is assigned to'),
  })
  .meta({ example: { number: '5511988887777', body: 'Your order left the warehouse this morning.' } });
export type ApiSendInput = z.infer<typeof apiSendSchema>;
