import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { logUnhandledRejections } from './unhandled-rejections.js';

describe('the process-level policy for unhandled rejections', () => {
  it('logs the rejection with its error instead of leaving it to end the process', () => {
    const proc = new EventEmitter();
    const logged: { obj: unknown; msg?: string }[] = [];
    logUnhandledRejections(proc as unknown as NodeJS.Process, { error: (obj, msg) => void logged.push({ obj, msg }) });
    const failure = new Error('database unavailable');
    proc.emit('unhandledRejection', failure, Promise.resolve());
    expect(logged).toEqual([{ obj: { err: failure }, msg: expect.stringContaining('unhandled promise rejection') }]);
  });
});
