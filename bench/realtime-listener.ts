/**
 * A realtime client in its own process (as a browser would be): connects with a token, counts
 * `appMessage` create events and reports to the parent when it has seen the expected number.
 */
import { io } from 'socket.io-client';

const [url, token, expected] = process.argv.slice(2);
const client = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
let received = 0;
client.on('connect', () => process.send?.({ type: 'ready' }));
client.on('connect_error', (err) => process.send?.({ type: 'error', message: err.message }));
client.on('appMessage', (e: { action: string }) => {
  if (e.action === 'create' && ++received === Number(expected)) {
    process.send?.({ type: 'done' });
    client.close();
    process.exit(0);
  }
});
