/**
 * The tickets routes (spec §7), and the ticket-scoped routes of the features that hang off a
 * ticket: its scheduled messages and, for WhatsApp Cloud connections, its service window and
 * message templates. (Notes are in notes.ts.)
 */
import { z } from 'zod';
import { messageResultSchema } from '../responses/common.js';
import { contactPanelSchema } from '../responses/contact-panel.js';
import { messageSchema } from '../responses/message.js';
import { scheduledMessageSchema } from '../responses/scheduled-message.js';
import { ticketEventsSchema } from '../responses/ticket-event.js';
import { ticketSchema, ticketsPageSchema } from '../responses/ticket.js';
import { cloudTemplatesSchema, sendTemplateSchema, serviceWindowSchema } from '../schemas/cloud.js';
import { idParamSchema } from '../schemas/common.js';
import { scheduledMessageSaveSchema, scheduledTicketParamSchema } from '../schemas/scheduled-message.js';
import { ticketCreateSchema, ticketsQuerySchema, ticketUpdateSchema } from '../schemas/ticket.js';
import { ticketIdParamSchema } from './notes.js';
import { route } from './route.js';

export const TICKET_ROUTES = {
  list: route({ method: 'GET', path: '/tickets', query: ticketsQuerySchema, answer: ticketsPageSchema }),
  show: route({ method: 'GET', path: '/tickets/:id', params: idParamSchema, answer: ticketSchema }),
  create: route({ method: 'POST', path: '/tickets', body: ticketCreateSchema, answer: ticketSchema, status: 201 }),
  /** Accept, return, resolve, finish, reopen or transfer, by the fields sent (modules/tickets/commands.ts). */
  update: route({ method: 'PUT', path: '/tickets/:id', params: idParamSchema, body: ticketUpdateSchema, answer: ticketSchema }),
  remove: route({ method: 'DELETE', path: '/tickets/:id', params: idParamSchema, answer: messageResultSchema }),
  /** The ticket's story: what happened to it, in order. */
  events: route({ method: 'GET', path: '/tickets/:id/events', params: idParamSchema, answer: ticketEventsSchema }),
  contactPanel: route({ method: 'GET', path: '/tickets/:id/contact-panel', params: idParamSchema, answer: contactPanelSchema }),
  scheduledMessages: route({
    method: 'GET',
    path: '/tickets/:ticketId/scheduledMessages',
    params: scheduledTicketParamSchema,
    answer: z.array(scheduledMessageSchema),
  }),
  schedule: route({
    method: 'POST',
    path: '/tickets/:ticketId/scheduledMessages',
    params: scheduledTicketParamSchema,
    body: scheduledMessageSaveSchema,
    answer: scheduledMessageSchema,
    status: 201,
  }),
  /** WhatsApp Cloud: whether free-form messages may go now (the 24-hour window). */
  serviceWindow: route({
    method: 'GET',
    path: '/tickets/:ticketId/service-window',
    params: ticketIdParamSchema,
    answer: serviceWindowSchema,
  }),
  templates: route({ method: 'GET', path: '/tickets/:ticketId/templates', params: ticketIdParamSchema, answer: cloudTemplatesSchema }),
  sendTemplate: route({
    method: 'POST',
    path: '/tickets/:ticketId/templates',
    params: ticketIdParamSchema,
    body: sendTemplateSchema,
    answer: messageSchema,
    status: 201,
  }),
};
