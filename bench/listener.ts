/**
 * The benchmarks' realtime client (realtime-listener.ts) in a process of its own, as a browser
 * would be: the server under test is served on a free local port and the client counts the
 * `appMessage` events it receives until it has seen the expected number.
 */
import path from 'node:path';
import { fork } from 'node:child_process';
import type { BuiltApp } from '../packages/server/src/app.js';

/** What the listener process reports. */
export type ListenerReport =
  | { type: 'ready' }
  | { type: 'progress'; received: number; disconnects: number }
  | { type: 'disconnect'; reason: string; received: number }
  | { type: 'done'; arrivals: [number, number][] }
  | { type: 'error'; message: string };

export interface RealtimeListener {
  /** Every expected event seen: when each arrived, as [message number, epoch ms]. */
  done: Promise<[number, number][]>;
  stop(): void;
}

/** Resolves once the client is connected; `onReport` sees every report (progress, disconnects) as it comes. */
export async function startRealtimeListener(
  built: BuiltApp,
  token: string,
  expected: number,
  onReport?: (report: ListenerReport) => void,
): Promise<RealtimeListener> {
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (built.app.server.address() as { port: number }).port;
  const child = fork(path.join(import.meta.dirname, 'realtime-listener.ts'), [`http://127.0.0.1:${port}`, token, String(expected)], {
    execArgv: ['--import', 'tsx'],
  });
  const done = new Promise<[number, number][]>((resolve, reject) => {
    child.on('message', (report: ListenerReport) => {
      onReport?.(report);
      if (report.type === 'done') resolve(report.arrivals);
      if (report.type === 'error') reject(new Error(report.message));
    });
    child.on('error', reject);
    child.on('exit', (code) => code !== 0 && reject(new Error(`listener exited with ${code}`)));
  });
  // Awaited by the caller; a failure before then must not surface as an unhandled rejection.
  done.catch(() => undefined);
  await Promise.race([
    new Promise<void>((resolve) => child.on('message', (report: ListenerReport) => report.type === 'ready' && resolve())),
    done,
  ]);
  return { done, stop: () => child.kill() };
}
