/** The sectors routes, under the API's old word `queue` (spec §7, docs/glossary.md). */
import { z } from 'zod';
import { messageResultSchema } from '../responses/common.js';
import { queueSchema } from '../responses/queue.js';
import { dbIdParamSchema } from '../schemas/ids.js';
import { queueCreateSchema, queueUpdateSchema } from '../schemas/queue.js';
import { route } from './route.js';

export const SECTOR_ROUTES = {
  list: route({ method: 'GET', path: '/queue', answer: z.array(queueSchema) }),
  show: route({ method: 'GET', path: '/queue/:id', params: dbIdParamSchema, answer: queueSchema }),
  create: route({ method: 'POST', path: '/queue', body: queueCreateSchema, answer: queueSchema, status: 201 }),
  update: route({ method: 'PUT', path: '/queue/:id', params: dbIdParamSchema, body: queueUpdateSchema, answer: queueSchema }),
  remove: route({ method: 'DELETE', path: '/queue/:id', params: dbIdParamSchema, answer: messageResultSchema }),
};
