/**
 * Serves the built web app from the same origin. Every client route (spec §2) answers index.html
 * so a reload works; /api and /socket.io never fall through to it.
 */
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from './types.js';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export async function registerSpa(app: App, webDist = WEB_DIST): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // Our own Cache-Control below; the plugin's default (max-age=0) would overwrite it.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // Hashed assets never change; index.html must always be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  });
  return true;
}

export function isSpaRoute(url: string): boolean {
  // The API lives under "/api/"; the screens /api, /apidocs and /apikey (spec §2) are client routes.
  const path = url.split(/[?#]/)[0];
  return !path.startsWith('/api/') && !path.startsWith('/socket.io');
}
