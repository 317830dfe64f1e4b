/** The messages routes (spec §7): the paged conversation, its search, sending, reacting, editing, withdrawing and retrying. */
import { z } from 'zod';
import { messageSchema, messageSearchSchema, messagesPageSchema, sentMessagesSchema } from '../responses/message.js';
import {
  editMessageSchema,
  messageSearchQuerySchema,
  messagesQuerySchema,
  reactMessageSchema,
  sendMessageSchema,
} from '../schemas/message.js';
import { text } from '../schemas/primitives.js';
import { ticketIdParamSchema } from './notes.js';
import { route } from './route.js';

/** A message's id: the channel's (or our) string id, not a database serial. */
export const messageIdParamSchema = z.object({ id: text().min(1).max(100) });

export const MESSAGE_ROUTES = {
  list: route({
    method: 'GET',
    path: '/messages/:ticketId',
    params: ticketIdParamSchema,
    query: messagesQuerySchema,
    answer: messagesPageSchema,
  }),
  search: route({
    method: 'GET',
    path: '/messages/:ticketId/search',
    params: ticketIdParamSchema,
    query: messageSearchQuerySchema,
    answer: messageSearchSchema,
  }),
  /**
   * JSON, or multipart with `medias` files beside the same fields. The server checks the body itself
   * after who calls (a refused upload is never read), with this schema; it is named here for the
   * document and for the JSON form's type.
   */
  send: route({
    method: 'POST',
    path: '/messages/:ticketId',
    params: ticketIdParamSchema,
    body: sendMessageSchema,
    answer: sentMessagesSchema,
    status: 201,
  }),
  /** Withdraw for everyone (a private note: its author or an admin). */
  remove: route({ method: 'DELETE', path: '/messages/:id', params: messageIdParamSchema, answer: messageSchema }),
  /** The company's reaction on a message (an empty emoji takes it away); channels that have reactions only. */
  react: route({
    method: 'PUT',
    path: '/messages/:id/reaction',
    params: messageIdParamSchema,
    body: reactMessageSchema,
    answer: messageSchema,
  }),
  /** A new text for one of our sent texts, within the channel's edit window. */
  edit: route({ method: 'PUT', path: '/messages/:id', params: messageIdParamSchema, body: editMessageSchema, answer: messageSchema }),
  /** A failed message of ours goes back to the outbox. */
  retry: route({ method: 'POST', path: '/messages/:id/retry', params: messageIdParamSchema, answer: messageSchema }),
};
