/** Signed-in Socket.IO clients of a test server, as a browser would hold them. */
import { io as ioClient, type Socket } from 'socket.io-client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a socket payload as the client receives it: raw JSON, read field by field
export type Payload = any;
export interface ReceivedEvent {
  event: string;
  payload: Payload;
}

/**
 * A client of the server at `base` signed in with `token`, connected, recording every event it
 * receives from the first one on; added to `opened` so the test can close it.
 */
export async function connectedClient(base: string, token: string, opened: Socket[]): Promise<{ socket: Socket; events: ReceivedEvent[] }> {
  const socket = ioClient(base, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, auth: { token } });
  opened.push(socket);
  const events: ReceivedEvent[] = [];
  socket.onAny((event: string, payload: Payload) => events.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, events };
}
