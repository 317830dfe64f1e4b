/**
 * Scale-out under failure: three server processes (the built packages/server/dist/main.js) on one
 * fresh PostgreSQL database and Redis, behind nginx (Debian's package, started here with the
 * configuration of docs/operations.md: WebSocket upgrade, round robin, no sticky sessions).
 * Attendants in Chromium and the simulator's customer work through nginx; while messages flow both
 * ways the process owning the channel session is killed with SIGKILL — at the worst moment, every
 * run: it kills itself right after storing a customer's message, before announcing it
 * (FAULT_KILL_AFTER_STORING), while one browser's socket is on it and another's on a process that
 * survives (that socket never reconnects, so only an announcement can bring it). Then: the session is taken
 * over within the lease time, every inbound and outbound message exists exactly once, a reply the
 * killed process had claimed is sent by the new owner without waiting for the claim to expire, the
 * scheduler's leadership moves on and automatic replies go out once per customer, and every
 * browser (an attendant's and an administrator's) still receives events — its socket reconnects
 * through nginx, and the open chat shows what arrived while it was away and what arrives after.
 *
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both) and nginx (.ci/run installs it).
 */
import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ADMIN, Api, freePort, pairSimulator, phoneNumber, signedInPage } from './helpers';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.resolve(here, '../../packages/server/dist/main.js');
const LEASE_SECONDS = 30; // channels/manager.ts (and the scheduler's lease, automation/index.ts)
const GREETING = 'Welcome to Cluster';
const PROCESSES = 3;
/** The customer message whose storing the session owner does not survive. */
const FATAL = 'in-8';

test.skip(!DATABASE_URL || !REDIS_URL, 'The cluster test needs TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL and Redis).');

/** The nginx configuration docs/operations.md shows, with this run's ports and paths. */
export function nginxConfig(listen: number, upstreams: number[], dir: string): string {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 210m;

  map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      close;
  }
  upstream switchboard {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://switchboard;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 120s;
    }
  }
}
`;
}

interface ServerProcess {
  child: ChildProcess;
  port: number;
  log: string[];
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-cluster-'));
const dbName = `sb_cluster_${randomBytes(5).toString('hex')}`;
let dbUrl = '';
const servers: ServerProcess[] = [];
let nginx: ChildProcess | null = null;
let balancer = '';

async function startServer(index: number, common: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // Each process has its own data directory (it is locked per process) and shares the media.
  const dataDir = path.join(dir, `data-${index}`);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.mkdirSync(path.join(dir, 'media'), { recursive: true });
  fs.symlinkSync(path.join(dir, 'media'), path.join(dataDir, 'media'));
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...common, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  const server = { child, port, log };
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
    .toBe(200);
  return server;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  if (!NGINX) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  const common = {
    DATABASE_URL: dbUrl,
    REDIS_URL: REDIS_URL!,
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: 'true',
    SIMULATOR: 'on',
    LOG_LEVEL: 'warn',
    FAULT_KILL_AFTER_STORING: FATAL,
  };
  // The first process migrates the fresh database; the others start on a migrated one.
  servers.push(await startServer(0, common));
  for (let i = 1; i < PROCESSES; i++) servers.push(await startServer(i, common));
  const port = await freePort();
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    nginxConfig(
      port,
      servers.map((s) => s.port),
      dir,
    ),
  );
  const check = spawnSync(NGINX, ['-t', '-c', path.join(dir, 'nginx.conf'), '-p', dir], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx configuration refused: ${check.stderr}`);
  nginx = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  balancer = `http://127.0.0.1:${port}`;
  await expect.poll(async () => (await fetch(`${balancer}/api/health`).catch(() => null))?.status ?? 0).toBe(200);
});

test.afterAll(async () => {
  nginx?.kill('SIGTERM');
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
  await Promise.all(
    servers.map((s) =>
      s.child.exitCode === null && s.child.signalCode === null ? new Promise((r) => s.child.once('exit', r)) : Promise.resolve(),
    ),
  );
  if (dbUrl) {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Socket.IO WebSockets each page opened and saw closed (a reconnect opens a new one). */
const websockets = new Map<Page, { opened: number; closed: number }>();

/** Signed in through nginx, on the ticket's chat; its Socket.IO WebSockets are counted from the start. */
async function attendantPage(browser: Browser, email: string, password: string, ticketId: number): Promise<Page> {
  const counts = { opened: 0, closed: 0 };
  const page = await signedInPage(browser, email, password, {
    path: `/tickets/${ticketId}`,
    // Tall enough that the virtualised chat renders every message of this conversation.
    options: { baseURL: balancer, viewport: { width: 1280, height: 3200 } },
    watch: (opened) => {
      websockets.set(opened, counts);
      opened.on('websocket', (ws) => {
        if (!ws.url().includes('/socket.io')) return;
        counts.opened += 1;
        ws.on('close', () => (counts.closed += 1));
      });
    },
  });
  await expect(page.getByTestId('chat-pane')).toBeVisible({ timeout: 30_000 });
  return page;
}

/**
 * Open WebSocket tunnels from nginx to a server process (nginx keeps no idle HTTP connections to
 * its upstreams, so an established connection from nginx to a process's port is a browser's socket).
 */
function socketsTo(port: number): number {
  const out = spawnSync('ss', ['-Htnp', 'state', 'established', `( dport = :${port} )`], { encoding: 'utf8' });
  return out.stdout.split('\n').filter((l) => l.includes('"nginx"')).length;
}

async function rows<T>(query: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    return (await c.query(query, params)).rows as T[];
  } finally {
    await c.end();
  }
}

test('three processes behind nginx: one killed under load, nothing lost or doubled, browsers keep up', async ({ browser }) => {
  test.setTimeout(200_000);
  const request = await playwrightRequest.newContext({ baseURL: balancer });
  const admin = await Api.login(request, ADMIN.email, ADMIN.password);
  const hours = { startWork: '00:00', endWork: '23:59' };
  // The sector greets each new customer: an automatic reply, sent at once or — when its process
  // died before sending it — by the scheduler's leader; either way exactly once.
  const sector = await admin.call<{ id: number }>('POST', '/api/queue', {
    name: 'Cluster',
    color: '#3366cc',
    greetingMessage: GREETING,
    ...hours,
  });
  const password = 'attendant-pass';
  const attendants = [{ name: 'Ana Cluster', email: 'ana@cluster.local' }];
  for (const a of attendants) await admin.call('POST', '/api/users', { ...a, password, profile: 'user', queueIds: [sector.id] });

  // The scheduler's leader is the process that started first; the connection is created on it, so
  // its session runs there too and one SIGKILL takes both the session and the scheduler away.
  const holderPid = (holder: string) => Number(holder.split(':').at(-2));
  const [schedulerLease] = await rows<{ holder: string }>("select holder from leases where name = 'automation-scheduler'");
  const leader = servers.find((s) => s.child.pid === holderPid(schedulerLease.holder));
  expect(leader, 'the scheduler leader is one of the three processes').toBeTruthy();

  // A simulator connection paired through the balancer (the QR is shown by whichever process owns it).
  const connectionNumber = phoneNumber('5511');
  const connection = await admin.call<{ id: number }>('POST', `http://127.0.0.1:${leader!.port}/api/whatsapp`, {
    name: 'Cluster sim',
    channel: 'simulator',
    queueIds: [sector.id],
  });
  await pairSimulator(admin, connection.id, connectionNumber);

  const customer = phoneNumber('5521');
  // A request in flight to the killed process gets 502 from nginx: like a phone or a browser, the
  // sender retries with the same message id / idempotency key, and the message exists once.
  const withRetry = async (label: string, attempt: () => Promise<{ status(): number; text(): Promise<string> }>, ok: number[]) => {
    for (let tries = 1; ; tries++) {
      const res = await attempt();
      if ([502, 503, 504].includes(res.status()) && tries < 6) {
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      expect(ok, `${label}: ${res.status()} ${await res.text()}`).toContain(res.status());
      return;
    }
  };
  // 201 stored by the product; 202 waiting on the network while the session is taken over.
  const customerSends = (body: string, from = customer) =>
    withRetry(
      `customer sends ${body}`,
      () => admin.raw('POST', '/api/simulator/messages', { id: `cluster-${body}`, from, to: connectionNumber, name: 'Carla', body }),
      [201, 202],
    );
  await customerSends('in-0');
  let ticketId = 0;
  await expect
    .poll(async () => {
      const found = await rows<{ id: number }>('select t.id from tickets t join contacts c on c.id = t.contact_id where c.number = $1', [
        customer,
      ]);
      ticketId = found[0]?.id ?? 0;
      return ticketId;
    })
    .toBeGreaterThan(0);
  const ana = await Api.login(request, attendants[0].email, password);
  const [anaUser] = await rows<{ id: number }>('select id from users where email = $1', [attendants[0].email]);
  await admin.call('PUT', `/api/tickets/${ticketId}`, { status: 'open', userId: anaUser.id, queueId: sector.id });

  // The attendant who has the ticket follows it live, and so does an administrator (who sees every
  // attendant's tickets with "show all").
  const pages = [
    await attendantPage(browser, attendants[0].email, password, ticketId),
    await attendantPage(browser, ADMIN.email, ADMIN.password, ticketId),
  ];
  await pages[1].getByTestId('show-all').check();
  const bubble = (page: Page, text: string) => page.getByTestId('chat-pane').getByText(text, { exact: true });
  for (const page of pages) await expect(bubble(page, 'in-0')).toBeVisible({ timeout: 20_000 });
  for (const page of pages) await expect(page.getByTestId(`ticket-item-${ticketId}`)).toBeVisible({ timeout: 20_000 });

  // Which process runs the session: the holder of its lease (pid:uuid) — the scheduler's leader.
  const [lease] = await rows<{ holder: string }>('select holder from leases where name = $1', [`channel:${connection.id}`]);
  const owner = servers.find((s) => s.child.pid === Number(lease.holder.split(':')[0]));
  expect(owner, 'the session runs on the scheduler leader').toBe(leader);

  // One browser's socket must be on the process to be killed (its reconnect is tested) and one on
  // a process that survives (it is never disconnected, so it gets what it missed only if the
  // message is announced): reload the pages (each load connects again, round robin) until so.
  const survivors = () => servers.filter((s) => s !== owner).reduce((n, s) => n + socketsTo(s.port), 0);
  for (let attempt = 0; socketsTo(owner!.port) === 0 || survivors() === 0; attempt++) {
    expect(attempt, 'browser sockets reached the session owner and a survivor').toBeLessThan(24);
    const page = pages[attempt % pages.length];
    await page.reload();
    await expect(bubble(page, 'in-0')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => servers.reduce((n, s) => n + socketsTo(s.port), 0), { timeout: 10_000 }).toBeGreaterThanOrEqual(pages.length);
  }

  // Messages both ways at a steady pace; the owner is killed in the middle.
  const inbound: string[] = [];
  const outbound: string[] = [];
  const sends: Promise<void>[] = [];
  let killedAt = 0;
  let atKill = new Map<Page, { opened: number; closed: number }>();
  const greeted = Array.from({ length: 8 }, (_, i) => `5531${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}${i}`);
  for (let i = 1; i <= 20; i++) {
    if (i === 8) atKill = new Map(pages.map((p) => [p, { ...websockets.get(p)! }]));
    inbound.push(`in-${i}`);
    sends.push(customerSends(`in-${i}`));
    outbound.push(`out-${i}`);
    sends.push(
      withRetry(
        `reply out-${i}`,
        () => ana.raw('POST', `/api/messages/${ticketId}`, { body: `out-${i}` }, { 'Idempotency-Key': `cluster-out-${i}` }),
        [201],
      ),
    );
    // New customers keep writing across the kill; each is greeted once.
    if (i >= 5 && i <= 12) sends.push(customerSends(`hello-${i}`, greeted[i - 5]));
    if (i === 8) {
      // The owner stores in-8 and kills itself before announcing it.
      const child = owner!.child;
      const signal =
        child.signalCode ?? (await new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, sig) => resolve(sig))));
      expect(signal).toBe('SIGKILL');
      killedAt = Date.now();
      expect(
        (await rows<{ n: number }>('select count(*)::int as n from messages where ticket_id = $1 and body = $2', [ticketId, FATAL]))[0].n,
      ).toBe(1);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await Promise.all(sends);
  // The customer writes last, so the ticket waits on the attendant (no inactivity close).
  inbound.push('in-21');
  await customerSends('in-21');

  // Taken over by another process within the lease time (plus one renewal period).
  await expect
    .poll(
      async () => (await rows<{ holder: string }>('select holder from leases where name = $1', [`channel:${connection.id}`]))[0].holder,
      {
        timeout: (LEASE_SECONDS + 20) * 1000,
      },
    )
    .not.toBe(lease.holder);
  await expect.poll(async () => (await admin.call<{ status: string }>('GET', `/api/whatsapp/${connection.id}`)).status).toBe('CONNECTED');
  expect(Date.now() - killedAt).toBeLessThan((LEASE_SECONDS + 20) * 1000);

  // Every inbound message stored exactly once; every outbound message on the customer's phone exactly once.
  await expect
    .poll(
      async () =>
        (
          await rows<{ n: number }>(
            "select count(*)::int as n from messages where ticket_id = $1 and body like 'in-%' and from_me = false",
            [ticketId],
          )
        )[0].n,
      {
        timeout: 30_000,
      },
    )
    .toBe(inbound.length + 1);
  const storedIn = await rows<{ body: string; n: number }>(
    "select body, count(*)::int as n from messages where ticket_id = $1 and body like 'in-%' group by body",
    [ticketId],
  );
  expect(storedIn.filter((r) => r.n !== 1)).toEqual([]);
  expect(storedIn.map((r) => r.body).sort()).toEqual(['in-0', ...inbound].sort());
  await expect
    .poll(
      async () =>
        (
          await rows<{ n: number }>(
            "select count(*)::int as n from simulator_messages where customer = $1 and sender = 'connection' and body like 'out-%'",
            [customer],
          )
        )[0].n,
      // A reply the killed process had claimed is sent by the new owner at once (the claim is the
      // dead holder's), well before the 60 s claim would expire.
      { timeout: 45_000 },
    )
    .toBe(outbound.length);
  const phone = await rows<{ body: string; n: number }>(
    "select body, count(*)::int as n from simulator_messages where customer = $1 and sender = 'connection' group by body",
    [customer],
  );
  expect(phone.filter((r) => r.n !== 1)).toEqual([]);

  // The scheduler's leadership moved to a live process, and every customer was greeted once.
  await expect
    .poll(
      async () => holderPid((await rows<{ holder: string }>("select holder from leases where name = 'automation-scheduler'"))[0].holder),
      {
        timeout: (LEASE_SECONDS + 20) * 1000,
      },
    )
    .not.toBe(owner!.child.pid);
  await expect
    .poll(
      async () =>
        (
          await rows<{ customer: string; n: number }>(
            "select customer, count(*)::int as n from simulator_messages where connection_number = $1 and sender = 'connection' and body = $2 group by customer",
            [connectionNumber, GREETING],
          )
        ).sort((a, b) => a.customer.localeCompare(b.customer)),
      { timeout: 45_000 },
    )
    .toEqual([customer, ...greeted].sort().map((c) => ({ customer: c, n: 1 })));

  // A browser whose socket was on the killed process lost it and connected again through nginx.
  await expect
    .poll(() => pages.some((p) => websockets.get(p)!.closed > atKill.get(p)!.closed && websockets.get(p)!.opened > atKill.get(p)!.opened), {
      timeout: 30_000,
    })
    .toBe(true);
  // Every browser still receives events: a message sent after the takeover appears live, in the
  // ticket's row and in the open chat — which also shows everything that arrived meanwhile.
  await customerSends('after-takeover');
  for (const page of pages) {
    await expect(page.getByTestId(`ticket-item-${ticketId}`)).toContainText('after-takeover', { timeout: 20_000 });
    await expect(bubble(page, 'after-takeover')).toBeVisible({ timeout: 20_000 });
    for (const body of [...inbound, ...outbound]) await expect(bubble(page, body)).toBeAttached({ timeout: 20_000 });
  }
  await request.dispose();
});
