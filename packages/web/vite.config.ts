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
        // Libraries in chunks of their own: no single file over Vite's 500 kB warning, and an app
        // release leaves the (cached) library chunks unchanged.
        manualChunks(id) {
          if (!id.includes('/node_modules/')) return undefined;
          if (/\/node_modules\/(@mui|@emotion)\//.test(id)) return 'mui';
          if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return 'vendor';
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
