/**
 * Child process of the WhatsApp memory benchmark: opens N baileys driver sessions against the test
 * server the parent runs (argv: server URL, N), asking the parent to scan each QR, and reports its
 * RSS before (modules loaded) and after (all sessions open), both after garbage collection.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createWhatsappDriver } from '../packages/server/src/channels/whatsapp/driver.js';
import { MemoryAuthStore, RecordingContext } from '../packages/server/src/channels/contract/recording-context.js';
import type { ChannelDriver, DriverEvent } from '../packages/server/src/channels/driver.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function settledRss(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 300));
  }
  return process.memoryUsage().rss;
}

const [url, count] = [process.argv[2], Number(process.argv[3])];
const scanned = new Map<string, () => void>();
process.on('message', (m: { type: string; qr: string }) => {
  if (m.type === 'scanned') scanned.get(m.qr)?.();
});

const before = await settledRss();
const drivers: ChannelDriver[] = [];
for (let i = 0; i < count; i++) {
  const ctx = new RecordingContext(i + 1, new MemoryAuthStore());
  const driver = createWhatsappDriver(ctx, { waWebSocketUrl: url });
  await driver.start();
  const qr = await ctx.waitFor((e): e is Extract<DriverEvent, { type: 'qr' }> => e.type === 'qr', 'QR', 120_000);
  await new Promise<void>((resolve) => {
    scanned.set(qr.qrcode, resolve);
    process.send!({ type: 'qr', qr: qr.qrcode });
  });
  await ctx.waitFor((e) => e.type === 'status' && e.status === 'CONNECTED', 'CONNECTED', 120_000);
  drivers.push(driver);
}
const after = await settledRss();
process.send!({ type: 'done', before, after });
process.on('disconnect', () => process.exit(0));
