/**
 * The contacts routes (spec §7). Their CSV export is a file, read beside the table
 * (`GET /contacts/export`).
 */
import { countResultSchema, messageResultSchema } from '../responses/common.js';
import { contactCsvImportResultSchema, contactSchema, contactsPageSchema, phoneContactsImportSchema } from '../responses/contact.js';
import { contactsQuerySchema } from '../schemas/common.js';
import { contactCreateSchema, contactCsvImportSchema, contactQuickCreateSchema, contactUpdateSchema } from '../schemas/contact.js';
import { dbIdParamSchema } from '../schemas/ids.js';
import { route } from './route.js';

export const CONTACT_ROUTES = {
  // First the list: the route-table test reads a feature's path prefix from its first entry.
  /** Keyset pages: each page starts after the previous page's last contact (`cursor`). */
  list: route({ method: 'GET', path: '/contacts', query: contactsQuerySchema, answer: contactsPageSchema }),
  show: route({ method: 'GET', path: '/contacts/:id', params: dbIdParamSchema, answer: contactSchema }),
  /** Tags travel in the same body: one request, so a refused contact never leaves tags half-saved. */
  create: route({ method: 'POST', path: '/contacts', body: contactCreateSchema, answer: contactSchema, status: 201 }),
  /** A contact from a name and a number only (the reference product's path). */
  quickCreate: route({ method: 'POST', path: '/contact', body: contactQuickCreateSchema, answer: contactSchema, status: 201 }),
  update: route({ method: 'PUT', path: '/contacts/:id', params: dbIdParamSchema, body: contactUpdateSchema, answer: contactSchema }),
  remove: route({ method: 'DELETE', path: '/contacts/:id', params: dbIdParamSchema, answer: messageResultSchema }),
  removeAll: route({ method: 'DELETE', path: '/contacts', answer: countResultSchema }),
  /** An admin opts a contact back in to bulk messages. */
  optIn: route({ method: 'POST', path: '/contacts/:id/opt-in', params: dbIdParamSchema, answer: contactSchema }),
  /** The default connection's phone contacts become contacts (admins). */
  importPhone: route({ method: 'POST', path: '/contacts/import', answer: phoneContactsImportSchema }),
  importCsv: route({ method: 'POST', path: '/contacts/import/csv', body: contactCsvImportSchema, answer: contactCsvImportResultSchema }),
};
