import path from 'node:path';
import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const packageJson = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8')) as {
  version: string;
};

/** The server `vite` (dev) and `vite preview` forward API and realtime traffic to. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
  },
});
