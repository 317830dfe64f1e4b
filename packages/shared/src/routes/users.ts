/** The attendants routes (spec §7). */
import { messageResultSchema } from '../responses/common.js';
import { userSchema, usersPageSchema } from '../responses/user.js';
import { idParamSchema, pagedSearchQuerySchema } from '../schemas/common.js';
import { userCreateSchema, userUpdateSchema } from '../schemas/user.js';
import { route } from './route.js';

export const USER_ROUTES = {
  list: route({ method: 'GET', path: '/users', query: pagedSearchQuerySchema, answer: usersPageSchema }),
  show: route({ method: 'GET', path: '/users/:id', params: idParamSchema, answer: userSchema }),
  create: route({ method: 'POST', path: '/users', body: userCreateSchema, answer: userSchema, status: 201 }),
  update: route({ method: 'PUT', path: '/users/:id', params: idParamSchema, body: userUpdateSchema, answer: userSchema }),
  remove: route({ method: 'DELETE', path: '/users/:id', params: idParamSchema, answer: messageResultSchema }),
};
