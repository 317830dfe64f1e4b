import { describe, expect, it } from 'vitest';
import { isSpaRoute } from './spa.js';

describe('isSpaRoute', () => {
  it('serves the screens /api, /apidocs and /apikey from the web app, and nothing under /api/', () => {
    for (const url of ['/', '/api', '/api?x=1', '/apidocs', '/apikey', '/tickets/3', '/Settings']) expect(isSpaRoute(url), url).toBe(true);
    for (const url of ['/api/', '/api/send', '/api/docs', '/api/nope', '/socket.io/?EIO=4']) expect(isSpaRoute(url), url).toBe(false);
  });
});
