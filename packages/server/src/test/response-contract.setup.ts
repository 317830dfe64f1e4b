/** Vitest setup of the server tests: a test whose requests got an answer off its contract fails. */
import { afterEach } from 'vitest';
import { takeResponseMismatches } from './response-contract.js';

afterEach(() => {
  const found = takeResponseMismatches();
  if (found.length) throw new Error(`Answers that do not match their declared response schema:\n- ${found.join('\n- ')}`);
});
