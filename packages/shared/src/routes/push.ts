/** Web Push: the key to subscribe with, and each user's own devices. */
import { messageResultSchema } from '../responses/common.js';
import { dbIdParamSchema } from '../schemas/ids.js';
import { pushDeviceSchema, pushDevicesSchema, pushDeviceUpdateSchema, pushPublicKeySchema, pushSubscribeSchema } from '../schemas/push.js';
import { route } from './route.js';

export const PUSH_ROUTES = {
  publicKey: route({ method: 'GET', path: '/push/public-key', answer: pushPublicKeySchema }),
  list: route({ method: 'GET', path: '/push/subscriptions', answer: pushDevicesSchema }),
  /** Subscribes this device (or refreshes it: the endpoint is the device). */
  subscribe: route({ method: 'POST', path: '/push/subscriptions', body: pushSubscribeSchema, answer: pushDeviceSchema, status: 201 }),
  update: route({
    method: 'PUT',
    path: '/push/subscriptions/:id',
    params: dbIdParamSchema,
    body: pushDeviceUpdateSchema,
    answer: pushDeviceSchema,
  }),
  remove: route({ method: 'DELETE', path: '/push/subscriptions/:id', params: dbIdParamSchema, answer: messageResultSchema }),
};
