import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@switchboard/shared': path.resolve(import.meta.dirname, '../shared/src/index.ts') } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Files share a worker's loaded modules and page; src/test/file-isolation.setup.ts resets the page
    // between them. Importing the app again for every file took half of this project's time.
    isolate: false,
    setupFiles: ['src/test/file-isolation.setup.ts'],
    passWithNoTests: true,
    // Rendering MUI forms in jsdom on a busy two-core machine can take seconds; slow is not wrong.
    testTimeout: 20_000,
  },
});
