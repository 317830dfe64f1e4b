import path from 'node:path';
import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorker } from './sw/plugin';

const packageJson = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8')) as {
  version: string;
};

/** The server `vite` (dev) and `vite preview` forward API and realtime traffic to. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), serviceWorker()],
  resolve: {
    // Shared code is compiled with the app, so the web never depends on a prebuilt shared package.
    alias: { '@switchboard/shared': path.resolve(import.meta.dirname, '../shared/src/index.ts') },
  },
  define: {
    __APP_VERSION__: JSON.stringify(packageJson.version),
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    // scripts/bundle-size.mjs reads the manifest to measure what the login page downloads.
    manifest: true,
    rollupOptions: {
      output: {
        // React and the router, and zod (the shared schemas), which every screen needs, in chunks of
        // their own (cached across app releases; the entry stays under Vite's 500 kB warning). Every
        // other library is left to
        // Rollup, which places it with the lazy screens that use it: forcing them all into shared
        // chunks made the sign-in page download every screen's libraries (BENCHMARKS.md).
        manualChunks(id) {
          if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (id.includes('/node_modules/zod/')) return 'zod';
          // Named for what it holds (Rollup would name it after a module it happens to import).
          if (/\/node_modules\/(react-hook-form|@hookform)\//.test(id)) return 'forms';
          return undefined;
        },
      },
      onwarn(warning, warn) {
        // zod 4 ships explanatory comments next to its /*#__PURE__*/ annotations; Rollup drops them
        // and says so. Harmless, and nothing this project can change: silence only that one.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
});
