/**
 * Requests built from the route table: parameters filled in and encoded, query and body passed
 * on. The `@ts-expect-error` lines are the point of the table: `npm run typecheck:tests` fails if
 * a wrong path parameter, a missing one or a body of the wrong shape were ever accepted.
 */
import { describe, expect, it } from 'vitest';
import { requestOf } from './route.js';
import { TAG_ROUTES } from './tags.js';
import { WEBHOOK_ROUTES } from './webhooks.js';

describe('requests from the route table', () => {
  it('fills in the path parameters and passes the query and the body', () => {
    expect(requestOf(WEBHOOK_ROUTES.retry, { params: { id: 3, deliveryId: 'a/b' } })).toEqual({
      method: 'POST',
      path: '/webhooks/3/deliveries/a%2Fb/retry',
    });
    expect(requestOf(TAG_ROUTES.list, { query: { searchParam: 'vip', pageNumber: 2 } })).toEqual({
      method: 'GET',
      path: '/tags',
      query: { searchParam: 'vip', pageNumber: 2 },
    });
    expect(requestOf(TAG_ROUTES.update, { params: { id: 1 }, body: { name: 'VIP', color: '#fff000' } })).toEqual({
      method: 'PUT',
      path: '/tags/1',
      body: { name: 'VIP', color: '#fff000' },
    });
    expect(requestOf(TAG_ROUTES.removeAll)).toEqual({ method: 'DELETE', path: '/tags' });
  });

  it('the typecheck refuses a wrong call', () => {
    const wrong = [
      // @ts-expect-error a route with a path parameter needs it
      () => requestOf(TAG_ROUTES.show),
      // @ts-expect-error the parameter is `id`
      () => requestOf(TAG_ROUTES.show, { params: { tagId: 1 } }),
      // @ts-expect-error a tag's name is text
      () => requestOf(TAG_ROUTES.create, { body: { name: 5, color: '#fff000' } }),
      // @ts-expect-error this route takes no body
      () => requestOf(TAG_ROUTES.remove, { params: { id: 1 }, body: {} }),
      // @ts-expect-error the webhook needs its url, events and secret
      () => requestOf(WEBHOOK_ROUTES.create, { body: { url: 'https://example.com' } }),
    ];
    expect(wrong).toHaveLength(5);
  });
});
