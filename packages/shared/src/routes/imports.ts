/** The Whaticket import (admins): start one, follow the running or last one, cancel it, verify it again. */
import { importJobSchema, whaticketImportStartSchema } from '../schemas/whaticket-import.js';
import { route } from './route.js';

export const IMPORT_ROUTES = {
  /** The running or last import (404 when none has run since the server started). */
  current: route({ method: 'GET', path: '/imports/whaticket', answer: importJobSchema }),
  // 202: the import, its cancelling and its verification go on after the answer.
  start: route({ method: 'POST', path: '/imports/whaticket', body: whaticketImportStartSchema, answer: importJobSchema, status: 202 }),
  cancel: route({ method: 'POST', path: '/imports/whaticket/cancel', answer: importJobSchema, status: 202 }),
  verify: route({ method: 'POST', path: '/imports/whaticket/verify', answer: importJobSchema, status: 202 }),
};
