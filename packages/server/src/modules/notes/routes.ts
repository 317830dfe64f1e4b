import { mentionsResponseSchema } from '@switchboard/shared';
import { answers, SIGNED_IN } from '../../http/responses.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

/** The signed-in user's unread mentions (private notes are added through POST /messages/:ticketId). */
export function registerMentionRoutes(app: App, { notes }: Services): void {
  app.get(
    '/mentions',
    { onRequest: app.authenticate, schema: { tags: ['messages'], response: answers({ 200: mentionsResponseSchema }, SIGNED_IN) } },
    (req) => notes.unread(req.actor),
  );
}
