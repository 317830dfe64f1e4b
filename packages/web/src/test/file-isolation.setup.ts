/**
 * Test files share a worker and the modules it loaded (vitest.config.ts, `isolate: false`): importing
 * React, MUI and the pages again for every file cost as much as the tests themselves. What a file can
 * leave in that shared page is reset before the next one starts: the language (i18next is one
 * instance), storage, whatever is still rendered, stubbed globals, fake timers and spies.
 */
import { cleanup } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';
import i18n from '../i18n';

beforeAll(async () => {
  localStorage.clear();
  sessionStorage.clear();
  // What a fresh page starts in: jsdom's navigator says en-US and nothing is stored.
  await i18n.changeLanguage('en');
});

afterAll(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
