/**
 * Requests are logged at debug, not info: at the default level the first start's banner (the
 * administrator's generated password) is not scrolled away by the browser's first requests.
 */
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.js';

describe('request logs', () => {
  let s: TestServer | undefined;
  afterEach(async () => {
    await s?.stop();
    s = undefined;
  });

  /** The lines the server's logger writes while `run` runs. */
  async function linesDuring(level: string, run: (server: TestServer) => Promise<unknown>): Promise<string[]> {
    s = await createTestServer({ env: { LOG_LEVEL: level } });
    const stream = (s.app.log as unknown as Record<symbol, { write(chunk: string): unknown }>)[pino.symbols.streamSym];
    const written: string[] = [];
    const spy = vi.spyOn(stream, 'write').mockImplementation((chunk: string) => {
      written.push(chunk);
      return true;
    });
    try {
      await run(s);
    } finally {
      spy.mockRestore();
    }
    return written;
  }

  it('at info, a request writes no line', async () => {
    const lines = await linesDuring('info', (server) => server.app.inject({ method: 'GET', url: '/api/health' }));
    expect(lines.filter((l) => l.includes('/api/health'))).toEqual([]);
  });

  it('at debug, each request writes one line with its status', async () => {
    const lines = await linesDuring('debug', (server) => server.app.inject({ method: 'GET', url: '/api/health' }));
    const requests = lines.filter((l) => l.includes('request completed'));
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0])).toMatchObject({ url: '/api/health', statusCode: 200 });
  });
});
