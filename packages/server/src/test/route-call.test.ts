/**
 * The tests' typed caller builds the request the table describes (path parameters encoded, query,
 * JSON body, bearer token), and the typecheck refuses a call the table does not describe: the
 * `@ts-expect-error` lines fail `npm run typecheck:tests` the day such a call is accepted.
 */
import { CONTACT_ROUTES, DASHBOARD_ROUTES, TAG_ROUTES } from '@switchboard/shared';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { routeCallOn } from './route-call.js';

describe('the tests’ route caller', () => {
  // A bare app that answers what it received, at the table's paths under /api.
  const app = Fastify();
  const echo = (req: { params: unknown; query: unknown; body: unknown; headers: { authorization?: string } }) => ({
    params: req.params,
    query: req.query,
    body: req.body ?? null,
    authorization: req.headers.authorization ?? null,
  });
  app.put(`/api${TAG_ROUTES.update.path}`, (req) => echo(req));
  app.get(`/api${DASHBOARD_ROUTES.show.path}`, (req) => echo(req));
  app.get(`/api${CONTACT_ROUTES.show.path}`, (req) => echo(req));
  const call = routeCallOn(() => app);
  afterAll(() => app.close());

  it('sends the parameters, the query and the body the table names, with the token', async () => {
    const res = await call(TAG_ROUTES.update, 'tok', { params: { id: 7 }, body: { name: 'VIP', color: '#fff000' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ params: { id: '7' }, query: {}, body: { name: 'VIP', color: '#fff000' }, authorization: 'Bearer tok' });

    const dash = await call(DASHBOARD_ROUTES.show, null, { query: { days: 7, userId: 3, queueId: undefined } });
    expect(dash.json()).toEqual({ params: {}, query: { days: '7', userId: '3' }, body: null, authorization: null });
  });

  it('the typecheck refuses a wrong path parameter or a body of the wrong shape', () => {
    const wrong = [
      // @ts-expect-error a contact's parameter is `id`
      () => call(CONTACT_ROUTES.show, null, { params: { contactId: 1 } }),
      // @ts-expect-error a tag's name is text
      () => call(TAG_ROUTES.update, null, { params: { id: 1 }, body: { name: 5, color: '#fff000' } }),
      // @ts-expect-error the dashboard takes no body
      () => call(DASHBOARD_ROUTES.show, null, { body: { days: 7 } }),
    ];
    // Built, never called: they are for the typecheck.
    expect(wrong).toHaveLength(3);
  });
});
