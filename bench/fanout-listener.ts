/**
 * Realtime clients in their own process (as browsers would be), for bench/cluster.ts: connects the
 * given attendants' sockets, and for every `appMessage` create whose body is `fan <run> <n> <sentAt>`
 * records how long after the send it arrived (same machine, so one clock). Answers how many so far
 * (`count`) and hands over the figures of a run (`report`). The parent ends it.
 */
import { io, type Socket } from 'socket.io-client';

interface Connect {
  type: 'connect';
  clients: { url: string; token: string }[];
}

/** Latencies per run (a late event of one run never counts in the next). */
const latencies = new Map<number, number[]>();
function ofRun(run: number): number[] {
  let list = latencies.get(run);
  if (!list) latencies.set(run, (list = []));
  return list;
}
const sockets: Socket[] = [];

process.on('message', (m: Connect | { type: 'count'; run: number } | { type: 'report'; run: number }) => {
  if (m.type === 'count') {
    process.send?.({ type: 'count', n: ofRun(m.run).length });
    return;
  }
  if (m.type === 'report') {
    process.send?.({ type: 'report', latencies: ofRun(m.run) });
    return;
  }
  let connected = 0;
  for (const { url, token } of m.clients) {
    const s = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    sockets.push(s);
    s.once('connect', () => {
      if (++connected === m.clients.length) process.send?.({ type: 'ready' });
    });
    s.on('connect_error', (err) => process.send?.({ type: 'error', message: err.message }));
    s.on('appMessage', (e: { action: string; message: { body: string } }) => {
      if (e.action !== 'create') return;
      const [tag, run, , sentAt] = e.message.body.split(' ');
      if (tag === 'fan') ofRun(Number(run)).push(Date.now() - Number(sentAt));
    });
  }
});
