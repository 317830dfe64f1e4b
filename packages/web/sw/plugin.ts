/**
 * Emits /sw.js from sw/service-worker.js at build time, filled in with what it must keep for
 * offline use (the app shell: index.html, every built file, the manifest and icons) and a build
 * id that changes whenever any of them does — so each release installs a new worker and the page
 * can announce it. Not used by `vite dev` (the app registers the worker only in production).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const TEMPLATE = path.resolve(import.meta.dirname, 'service-worker.js');
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../public');

function publicFiles(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? publicFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
    );
}

export function serviceWorker(): Plugin {
  return {
    name: 'switchboard-service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const hash = crypto.createHash('sha256');
      const built = Object.keys(bundle).filter((file) => !file.startsWith('.vite/') && !file.endsWith('.map'));
      for (const file of built.sort()) {
        const item = bundle[file];
        hash.update(file);
        // Hashed names already change with their content; index.html's name does not.
        if (item.type === 'asset') hash.update(typeof item.source === 'string' ? item.source : Buffer.from(item.source));
      }
      const fromPublic = publicFiles(PUBLIC_DIR);
      for (const file of fromPublic.sort()) hash.update(file).update(fs.readFileSync(path.join(PUBLIC_DIR, file)));
      const shell = ['/index.html', ...[...built, ...fromPublic].filter((file) => file !== 'index.html').map((file) => `/${file}`)];
      const source = fs
        .readFileSync(TEMPLATE, 'utf8')
        .replace('__BUILD_ID__', JSON.stringify(hash.digest('hex').slice(0, 16)))
        .replace('__SHELL_FILES__', JSON.stringify(shell));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
