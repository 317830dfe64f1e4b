/**
 * A realtime client in its own process (as a browser would be): connects with a token, records when
 * each `appMessage` create arrives (by the number in the benchmark's message text), reports its
 * progress every second and, once it has seen the expected number, the arrival times.
 */
import { io } from 'socket.io-client';

const [url, token, expected] = process.argv.slice(2);
const client = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
const arrivals: [number, number][] = [];
let disconnects = 0;
let connectedOnce = false;
client.on('connect', () => {
  if (!connectedOnce) process.send?.({ type: 'ready' });
  connectedOnce = true;
});
// Before the first connection an error ends the run; afterwards the client keeps trying, and the
// parent's watchdog reports the disconnects if events went missing meanwhile.
client.on('connect_error', (err) => {
  if (!connectedOnce) process.send?.({ type: 'error', message: err.message });
  else process.send?.({ type: 'disconnect', reason: `reconnect failed: ${err.message}`, received: arrivals.length });
});
client.on('disconnect', (reason) => {
  disconnects += 1;
  process.send?.({ type: 'disconnect', reason, received: arrivals.length });
});
const progress = setInterval(() => {
  // The parent is gone (it failed or finished): nothing left to report to.
  if (!process.connected) process.exit(0);
  process.send?.({ type: 'progress', received: arrivals.length, disconnects });
}, 1000);
client.on('appMessage', (e: { action: string; message: { body: string } }) => {
  if (e.action !== 'create') return;
  const n = /^message (\d+) /.exec(e.message.body)?.[1];
  arrivals.push([n === undefined ? -1 : Number(n), Date.now()]);
  if (arrivals.length === Number(expected)) {
    clearInterval(progress);
    process.send?.({ type: 'done', arrivals }, () => {
      client.close();
      process.exit(0);
    });
  }
});
