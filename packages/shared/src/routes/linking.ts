/** Linking a connection by pairing code, and the connections' health record (spec §4). */
import { connectionHealthListSchema, pairingCodeRequestSchema, pairingCodeSchema } from '../linking.js';
import { idParamSchema } from '../schemas/common.js';
import { route } from './route.js';

export const LINKING_ROUTES = {
  // First the pairing code: the route-table test reads a feature's path prefix from its first entry.
  /** The answer is the code to type on the phone with this number. */
  pairingCode: route({
    method: 'POST',
    path: '/whatsappsession/:id/pairing-code',
    params: idParamSchema,
    body: pairingCodeRequestSchema,
    answer: pairingCodeSchema,
  }),
  health: route({ method: 'GET', path: '/whatsapp-health', answer: connectionHealthListSchema }),
};
