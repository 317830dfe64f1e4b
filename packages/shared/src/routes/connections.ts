/** The connections routes, under the API's old words `whatsapp` and `whatsappsession` (spec §7, docs/glossary.md). */
import { messageResultSchema } from '../responses/common.js';
import { connectionListSchema, connectionSchema } from '../responses/connection.js';
import { idParamSchema } from '../schemas/common.js';
import { connectionCreateSchema, connectionUpdateSchema } from '../schemas/connection.js';
import { route } from './route.js';

export const CONNECTION_ROUTES = {
  /** Administrators get whole connections; everyone else a summary of each. */
  list: route({ method: 'GET', path: '/whatsapp', answer: connectionListSchema }),
  show: route({ method: 'GET', path: '/whatsapp/:id', params: idParamSchema, answer: connectionSchema }),
  create: route({ method: 'POST', path: '/whatsapp', body: connectionCreateSchema, answer: connectionSchema, status: 201 }),
  update: route({ method: 'PUT', path: '/whatsapp/:id', params: idParamSchema, body: connectionUpdateSchema, answer: connectionSchema }),
  remove: route({ method: 'DELETE', path: '/whatsapp/:id', params: idParamSchema, answer: messageResultSchema }),
  /** Session actions (spec §4): try again, a new QR code, disconnect; their results arrive as events. */
  restartSession: route({ method: 'POST', path: '/whatsappsession/:id', params: idParamSchema, answer: messageResultSchema }),
  newQr: route({ method: 'PUT', path: '/whatsappsession/:id', params: idParamSchema, answer: messageResultSchema }),
  disconnect: route({ method: 'DELETE', path: '/whatsappsession/:id', params: idParamSchema, answer: messageResultSchema }),
};
