/**
 * The visitor API the website widget calls (another site, the visitor's token). The widget imports
 * this table as types only and `route.ts` (free of zod at run time), so it stays small.
 */
import { z } from 'zod';
import {
  webchatConfigSchema,
  webchatMessageSchema,
  webchatMessagesSchema,
  webchatSendSchema,
  webchatVisitorSchema,
  webchatVisitorStartSchema,
} from '../schemas/webchat.js';
import { route } from './route.js';

/** A connection's public chat id (`wc_…`), or its number for older embeds. */
export const webchatChannelParamsSchema = z.object({ channel: z.string().regex(/^(\d{1,9}|wc_[0-9a-f]{24})$/, 'Invalid channel') });

export const WEBCHAT_ROUTES = {
  config: route({ method: 'GET', path: '/webchat/:channel/config', params: webchatChannelParamsSchema, answer: webchatConfigSchema }),
  startVisitor: route({
    method: 'POST',
    path: '/webchat/:channel/visitors',
    params: webchatChannelParamsSchema,
    body: webchatVisitorStartSchema,
    answer: webchatVisitorSchema,
    status: 201,
  }),
  history: route({ method: 'GET', path: '/webchat/messages', answer: webchatMessagesSchema }),
  /** The body is checked by the handler, after the visitor's token (a stranger learns nothing of the rules). */
  send: route({
    method: 'POST',
    path: '/webchat/messages',
    body: webchatSendSchema,
    bodyCheckedByHandler: true,
    answer: webchatMessageSchema,
    status: 201,
  }),
};
