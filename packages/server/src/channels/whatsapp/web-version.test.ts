/** The WhatsApp Web version: pinned by the operator, read from WhatsApp Web, or baileys' own. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { fetchWebVersion, parseWebVersion, WebVersionSource } from './web-version.js';

const log = { info: () => undefined, warn: () => undefined };

describe('WhatsApp Web version', () => {
  let server: http.Server;
  let base: string;
  let page = '';
  let requests = 0;
  const hung: http.ServerResponse[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests++;
      if (req.url === '/hang') return void hung.push(res);
      if (req.url === '/missing') return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(page);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of hung) res.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('WHATSAPP_WEB_VERSION is validated at start and parsed', () => {
    expect(loadConfig({ WHATSAPP_WEB_VERSION: '2.3000.1027934701' }).whatsappWebVersion).toEqual([2, 3000, 1027934701]);
    expect(loadConfig({}).whatsappWebVersion).toBeUndefined();
    for (const bad of ['2.3000', 'latest', '2.3000.1027934701.1', '2.3000.-1']) {
      expect(() => loadConfig({ WHATSAPP_WEB_VERSION: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ WHATSAPP_WEB_VERSION: bad })).toThrow(/WHATSAPP_WEB_VERSION/);
    }
    expect(parseWebVersion(' 2.3000.5 ')).toEqual([2, 3000, 5]);
  });

  it('reads the client revision from the service worker script, quotes escaped or not', async () => {
    page = 'self.__swData=JSON.parse("{\\"dynamic_data\\":{\\"SiteData\\":{\\"client_revision\\":1027934701}}}");';
    expect(await fetchWebVersion(`${base}/sw.js`)).toEqual([2, 3000, 1027934701]);
    page = '{"client_revision": 1030000000}';
    expect(await fetchWebVersion(`${base}/sw.js`)).toEqual([2, 3000, 1030000000]);
    page = 'nothing here';
    await expect(fetchWebVersion(`${base}/sw.js`)).rejects.toThrow(/client_revision/);
    await expect(fetchWebVersion(`${base}/missing`)).rejects.toThrow(/404/);
  });

  it('gives up on a page that does not answer in time', async () => {
    await expect(fetchWebVersion(`${base}/hang`, 50)).rejects.toThrow();
  });

  it('is fetched once for all sessions; a pinned version is used without asking; unreachable falls back', async () => {
    page = '"client_revision":1040000000';
    const before = requests;
    const source = new WebVersionSource({ url: `${base}/sw.js` });
    const [a, b] = await Promise.all([source.current(log), source.current(log)]);
    expect(a).toEqual([2, 3000, 1040000000]);
    expect(b).toEqual(a);
    expect(await source.current(log)).toEqual(a);
    expect(requests).toBe(before + 1);

    const pinned = new WebVersionSource({ url: `${base}/sw.js`, configured: [2, 3000, 7] });
    expect(await pinned.current(log)).toEqual([2, 3000, 7]);
    expect(requests).toBe(before + 1);
    // After a 405 it asks WhatsApp Web; the same version again means there is nothing newer.
    expect(await pinned.refresh(log, [2, 3000, 7])).toEqual([2, 3000, 1040000000]);
    expect(await pinned.refresh(log, [2, 3000, 1040000000])).toBeUndefined();

    // Unreachable: baileys' bundled version, and no new attempt for every reconnect.
    let clock = 1_000_000;
    const unreachable = new WebVersionSource({ url: `${base}/missing`, retryAfterMs: 60_000, now: () => clock });
    const asked = requests;
    expect(await unreachable.current(log)).toBeUndefined();
    expect(await unreachable.current(log)).toBeUndefined();
    expect(requests).toBe(asked + 1);
    clock += 60_000;
    expect(await unreachable.current(log)).toBeUndefined();
    expect(requests).toBe(asked + 2);
  });
});
