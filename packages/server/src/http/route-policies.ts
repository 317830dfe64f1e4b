/**
 * Which access rule each API route answers to (the table in packages/shared/src/access/policy.ts),
 * so "who may call this route" is read here and "who may do X to Y" there. Routes not for signed-in
 * users say who they are for instead. http/route-policy.test.ts calls every registered route as
 * each role and compares the refusal with this table and the policy; a route missing here fails it.
 */
import type { AccessAction } from '@switchboard/shared';

/** Callers that are not signed-in users, each authorised its own way. */
export type RouteAudience =
  /** Anyone (sign-in, health, the documentation). */
  | 'public'
  /** The API token setting (external API). */
  | 'api-token'
  /** Meta's webhook: verify token and body signature. */
  | 'meta-webhook'
  /** The website widget's visitor token and the page's origin. */
  | 'webchat-visitor';

export const ROUTE_POLICIES: Record<string, AccessAction | RouteAudience> = {
  'GET /api/health': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/refresh_token': 'public',
  'DELETE /api/auth/logout': 'public',
  'GET /api/auth/config': 'public',
  'POST /api/auth/signup': 'public',
  'GET /api/auth/me': 'user.read',

  'GET /api/users': 'user.list',
  'GET /api/users/:id': 'user.read',
  'POST /api/users': 'user.create',
  'PUT /api/users/:id': 'user.update',
  'DELETE /api/users/:id': 'user.delete',

  'GET /api/settings': 'setting.list',
  'GET /api/settings/:key': 'setting.read',
  'PUT /api/settings/:key': 'setting.update',
  'POST /api/settings/userApiToken/regenerate': 'setting.update',

  'GET /api/contacts': 'contact.list',
  'GET /api/contacts/:id': 'contact.list',
  'POST /api/contacts': 'contact.create',
  'POST /api/contact': 'contact.create',
  'PUT /api/contacts/:id': 'contact.update',
  'DELETE /api/contacts/:id': 'contact.delete',
  'DELETE /api/contacts': 'contact.deleteAll',
  'GET /api/contacts/export': 'contact.export',
  'POST /api/contacts/import/csv': 'contact.import',
  'POST /api/contacts/import': 'contact.import',

  'GET /api/tags': 'tag.list',
  'GET /api/tags/list': 'tag.list',
  'GET /api/tags/:id': 'tag.list',
  'POST /api/tags': 'tag.create',
  'POST /api/tags/sync': 'tag.update',
  'PUT /api/tags/:id': 'tag.update',
  'DELETE /api/tags/:id': 'tag.delete',
  'DELETE /api/tags': 'tag.deleteAll',
  'GET /api/tags/export': 'tag.export',

  'GET /api/quickAnswers': 'quickAnswer.list',
  'GET /api/quickAnswers/:id': 'quickAnswer.list',
  'POST /api/quickAnswers': 'quickAnswer.create',
  'PUT /api/quickAnswers/:id': 'quickAnswer.update',
  'DELETE /api/quickAnswers/:id': 'quickAnswer.delete',
  'DELETE /api/quickAnswers': 'quickAnswer.deleteAll',

  'GET /api/queue': 'sector.list',
  'GET /api/queue/:id': 'sector.list',
  'POST /api/queue': 'sector.manage',
  'PUT /api/queue/:id': 'sector.manage',
  'DELETE /api/queue/:id': 'sector.manage',

  'GET /api/whatsapp': 'connection.list',
  'GET /api/whatsapp/:id': 'connection.details',
  'POST /api/whatsapp': 'connection.manage',
  'PUT /api/whatsapp/:id': 'connection.manage',
  'DELETE /api/whatsapp/:id': 'connection.manage',
  'POST /api/whatsappsession/:id': 'connection.session',
  'PUT /api/whatsappsession/:id': 'connection.session',
  'DELETE /api/whatsappsession/:id': 'connection.session',
  'POST /api/whatsappsession/:id/pairing-code': 'connection.session',
  'GET /api/whatsapp-health': 'connection.health',
  'GET /api/channels/whatsapp-cloud/:connectionId/webhook': 'meta-webhook',
  'POST /api/channels/whatsapp-cloud/:connectionId/webhook': 'meta-webhook',

  'GET /api/tickets': 'ticket.list',
  'GET /api/tickets/:id': 'ticket.read',
  'POST /api/tickets': 'ticket.create',
  // The body names the action (accept, return, transfer, resolve, finish, reopen): each its rule.
  'PUT /api/tickets/:id': 'ticket.resolve',
  'DELETE /api/tickets/:id': 'ticket.delete',
  'GET /api/tickets/:ticketId/service-window': 'ticket.reply',
  'GET /api/tickets/:ticketId/templates': 'ticket.reply',
  'POST /api/tickets/:ticketId/templates': 'ticket.reply',

  'GET /api/messages/:ticketId': 'ticket.read',
  'GET /api/messages/:ticketId/search': 'ticket.read',
  // A reply, or a private note (isPrivate) which the ticket's readers may add.
  'POST /api/messages/:ticketId': 'ticket.reply',
  'POST /api/tickets/:ticketId/notes': 'ticket.note',
  'DELETE /api/messages/:id': 'message.delete',
  'PUT /api/messages/:id': 'message.edit',
  'PUT /api/messages/:id/reaction': 'message.react',
  'POST /api/messages/:id/retry': 'ticket.reply',
  'GET /api/messages/:id/media': 'ticket.read',
  'GET /api/mentions': 'ticket.list',

  'GET /api/webhooks': 'webhook.manage',
  'POST /api/webhooks': 'webhook.manage',
  'PUT /api/webhooks/:id': 'webhook.manage',
  'DELETE /api/webhooks/:id': 'webhook.manage',
  'GET /api/webhooks/:id/deliveries': 'webhook.manage',
  'POST /api/webhooks/:id/deliveries/:deliveryId/retry': 'webhook.manage',
  'POST /api/webhooks/:id/test': 'webhook.manage',

  'GET /api/dashboard': 'dashboard.read',
  'POST /api/imports/whaticket': 'import.whaticket',
  'POST /api/imports/whaticket/cancel': 'import.whaticket',
  'POST /api/imports/whaticket/verify': 'import.whaticket',
  'GET /api/imports/whaticket': 'import.whaticket',
  'GET /api/inbound-failures': 'inboundFailure.manage',
  'POST /api/inbound-failures/:id/retry': 'inboundFailure.manage',

  'POST /api/send': 'api-token',
  // The reference products' send paths (docs/decisions.md, reference clients).
  'POST /api/messages/send': 'api-token',
  'POST /api/api/send': 'api-token',
  'POST /api/api/messages/send': 'api-token',
  // A signed, expiring link is its own authorisation (docs/operations.md, media links).
  'GET /api/media/:id/:expires/:signature/:name': 'public',

  'POST /api/contacts/:id/opt-in': 'contact.optIn',
  'GET /api/tickets/:id/events': 'ticket.read',
  'GET /api/tickets/:id/contact-panel': 'ticket.read',
  'GET /api/scheduledMessages': 'ticket.list',
  'GET /api/tickets/:ticketId/scheduledMessages': 'ticket.schedule',
  'POST /api/tickets/:ticketId/scheduledMessages': 'ticket.schedule',
  'PUT /api/scheduledMessages/:id': 'ticket.schedule',
  'DELETE /api/scheduledMessages/:id': 'ticket.schedule',
  'PUT /api/scheduledMessages/:id/media': 'ticket.schedule',
  'DELETE /api/scheduledMessages/:id/media': 'ticket.schedule',
  'GET /api/campaigns': 'campaign.manage',
  'GET /api/campaigns/:id': 'campaign.manage',
  'GET /api/campaigns/:id/recipients': 'campaign.manage',
  'GET /api/campaigns/:id/recipients/export': 'campaign.manage',
  'POST /api/campaigns': 'campaign.manage',
  'PUT /api/campaigns/:id': 'campaign.manage',
  'PUT /api/campaigns/:id/media': 'campaign.manage',
  'DELETE /api/campaigns/:id/media': 'campaign.manage',
  'POST /api/campaigns/:id/start': 'campaign.manage',
  'POST /api/campaigns/:id/pause': 'campaign.manage',
  'POST /api/campaigns/:id/resume': 'campaign.manage',
  'POST /api/campaigns/:id/cancel': 'campaign.manage',
  'GET /api/audit-log': 'audit.read',
  'GET /api/audit-log/export': 'audit.read',
  'GET /api/push/public-key': 'push.subscribe',
  'GET /api/push/subscriptions': 'push.subscribe',
  'POST /api/push/subscriptions': 'push.subscribe',
  'PUT /api/push/subscriptions/:id': 'push.device',
  'DELETE /api/push/subscriptions/:id': 'push.device',

  'OPTIONS /api/webchat/*': 'webchat-visitor',
  'GET /api/webchat/:channel/config': 'webchat-visitor',
  'POST /api/webchat/:channel/visitors': 'webchat-visitor',
  'GET /api/webchat/messages': 'webchat-visitor',
  'POST /api/webchat/messages': 'webchat-visitor',
  'POST /api/webchat/attachments': 'webchat-visitor',
  'GET /api/webchat/media/:id': 'webchat-visitor',

  'GET /api/simulator/pending': 'simulator.use',
  'POST /api/simulator/scan': 'simulator.use',
  'POST /api/simulator/pairing-code': 'simulator.use',
  'POST /api/simulator/messages': 'simulator.use',
  'GET /api/simulator/chats/:customer': 'simulator.use',
  'GET /api/simulator/customers': 'simulator.use',
  'POST /api/simulator/messages/:id/revoke': 'simulator.use',
  'POST /api/simulator/messages/:id/edit': 'simulator.use',
  'POST /api/simulator/messages/:id/react': 'simulator.use',
  'POST /api/simulator/read': 'simulator.use',
  'POST /api/simulator/calls': 'simulator.use',
  'POST /api/simulator/connection-lost': 'simulator.use',
  'POST /api/simulator/disconnect': 'simulator.use',
  'GET /api/simulator/customers/:customer/behaviour': 'simulator.use',
  'PUT /api/simulator/customers/:customer/behaviour': 'simulator.use',
  'GET /api/simulator/media/:id': 'simulator.use',
};
