/**
 * Builds widget.js, the chat widget websites embed: one small IIFE file (no React, plain DOM and
 * the Socket.IO client) next to the app in dist/, served by the server at /widget.js. Runs after
 * the app's build, which empties dist/.
 */
import path from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist'),
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2019',
    lib: {
      entry: path.resolve(import.meta.dirname, 'src/widget/main.ts'),
      formats: ['iife'],
      name: 'SwitchboardWidget',
      fileName: () => 'widget.js',
    },
  },
});
