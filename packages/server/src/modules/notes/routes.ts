import { mentionsResponseSchema } from '@switchboard/shared';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

/** The signed-in user's unread mentions (private notes are added through POST /messages/:ticketId). */
export function registerMentionRoutes(app: App, { notes }: Services): void {
  app.get(
    '/mentions',
    { onRequest: app.authenticate, schema: { tags: ['messages'], response: { 200: mentionsResponseSchema } } },
    (req) => notes.unread(req.actor),
  );
}
