/** Test helpers that drive the simulator's HTTP API like a person on the simulator page would. */
import { CONNECTION_ROUTES, SIMULATOR_ROUTES, type ConnectionCreateBody, type SimulatorSendInput } from '@switchboard/shared';
import { expect } from 'vitest';
import type { TestServer } from './harness.js';

let numberSeq = 0;
/** A fresh simulated phone number (valid on the simulated network). */
export function phoneNumber(): string {
  numberSeq += 1;
  return `55119${String(Date.now() % 1e4).padStart(4, '0')}${String(numberSeq).padStart(4, '0')}`;
}

let inboundSeq = 0;
/**
 * A customer's text reaching connection `connectionId` through the real inbound pipeline, as its
 * channel would deliver it (no phone involved): answers the stored message, contact and ticket.
 */
export function customerWrites(s: TestServer, connectionId: number, number: string, body: string, name = 'Cliente') {
  inboundSeq += 1;
  return s.services.inbound.message(connectionId, {
    externalId: `IN${inboundSeq}-${number}`,
    chat: { id: number, isGroup: false },
    sender: { number, name },
    fromMe: false,
    // Sent now by the app's clock: under a TestClock the message is as old as the test says.
    timestamp: s.clock.now(),
    kind: 'chat',
    body,
  });
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 5000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error('waitFor: condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Creates a simulator connection, scans its QR and waits until it is CONNECTED. */
export async function connectSimulator(s: TestServer, fields: Partial<ConnectionCreateBody> = {}, number = phoneNumber()) {
  const created = await s.call(CONNECTION_ROUTES.create, s.adminToken, {
    body: { name: `Sim ${number}`, channel: 'simulator', ...fields },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.answer();
  const connection = () => s.call(CONNECTION_ROUTES.show, s.adminToken, { params: { id } }).then((r) => r.answer());
  const qrcode = await waitFor(async () => {
    const c = await connection();
    return c.status === 'qrcode' && c.qrcode;
  });
  const scan = await s.call(SIMULATOR_ROUTES.scan, s.adminToken, { body: { qrcode, number } });
  expect(scan.statusCode, scan.body).toBe(200);
  await waitFor(async () => (await connection()).status === 'CONNECTED');
  return { id, number };
}

export async function customerSends(s: TestServer, payload: SimulatorSendInput) {
  const res = await s.call(SIMULATOR_ROUTES.send, s.adminToken, { body: payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.answer();
}

export async function customerChat(s: TestServer, customer: string, to: string) {
  const res = await s.call(SIMULATOR_ROUTES.chat, s.adminToken, { params: { customer }, query: { to } });
  expect(res.statusCode, res.body).toBe(200);
  return res.answer();
}
