/** The quick answers routes (spec §7). */
import { countResultSchema, messageResultSchema } from '../responses/common.js';
import { quickAnswerSchema, quickAnswersPageSchema } from '../responses/quick-answer.js';
import { pagedSearchQuerySchema } from '../schemas/common.js';
import { dbIdParamSchema } from '../schemas/ids.js';
import { quickAnswerSaveSchema } from '../schemas/quick-answer.js';
import { route } from './route.js';

export const QUICK_ANSWER_ROUTES = {
  list: route({ method: 'GET', path: '/quickAnswers', query: pagedSearchQuerySchema, answer: quickAnswersPageSchema }),
  show: route({ method: 'GET', path: '/quickAnswers/:id', params: dbIdParamSchema, answer: quickAnswerSchema }),
  create: route({ method: 'POST', path: '/quickAnswers', body: quickAnswerSaveSchema, answer: quickAnswerSchema, status: 201 }),
  update: route({
    method: 'PUT',
    path: '/quickAnswers/:id',
    params: dbIdParamSchema,
    body: quickAnswerSaveSchema,
    answer: quickAnswerSchema,
  }),
  remove: route({ method: 'DELETE', path: '/quickAnswers/:id', params: dbIdParamSchema, answer: messageResultSchema }),
  removeAll: route({ method: 'DELETE', path: '/quickAnswers', answer: countResultSchema }),
};
