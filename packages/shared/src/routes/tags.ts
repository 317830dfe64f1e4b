/** The tags routes (spec §7). */
import { z } from 'zod';
import { countResultSchema, messageResultSchema } from '../responses/common.js';
import { tagSchema, tagsPageSchema, tagSyncResultSchema } from '../responses/tag.js';
import { pagedSearchQuerySchema } from '../schemas/common.js';
import { dbIdParamSchema } from '../schemas/ids.js';
import { tagSaveSchema, tagSyncSchema } from '../schemas/tag.js';
import { route } from './route.js';

export const TAG_ROUTES = {
  list: route({ method: 'GET', path: '/tags', query: pagedSearchQuerySchema, answer: tagsPageSchema }),
  /** Every tag, for the contact form's picker. */
  all: route({ method: 'GET', path: '/tags/list', answer: z.array(tagSchema) }),
  show: route({ method: 'GET', path: '/tags/:id', params: dbIdParamSchema, answer: tagSchema }),
  create: route({ method: 'POST', path: '/tags', body: tagSaveSchema, answer: tagSchema, status: 201 }),
  /** A contact's tags become exactly these. */
  sync: route({ method: 'POST', path: '/tags/sync', body: tagSyncSchema, answer: tagSyncResultSchema }),
  update: route({ method: 'PUT', path: '/tags/:id', params: dbIdParamSchema, body: tagSaveSchema, answer: tagSchema }),
  remove: route({ method: 'DELETE', path: '/tags/:id', params: dbIdParamSchema, answer: messageResultSchema }),
  removeAll: route({ method: 'DELETE', path: '/tags', answer: countResultSchema }),
};
