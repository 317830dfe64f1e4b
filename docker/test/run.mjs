#!/usr/bin/env node
/**
 * `npm run test:docker`: the release as a self-hoster runs it. Builds the image from the
 * Dockerfile, starts docker-compose.yml (app + PostgreSQL + Redis; docker/test/compose.test.yml puts
 * them on the host's network, on loopback), then, as a user would: signs in, adds a simulator
 * connection, pairs a phone with it, has a customer write, answers from the ticket and sees the
 * answer reach the customer's phone. Tears everything down (volumes too) however it ends.
 *
 * Needs a running Docker daemon and the base image the Dockerfile names (docker/base-image.sh makes
 * it from Debian's packages). Slow (an image build): not part of .ci/run; run before a release.
 * Environment: SB_DOCKER_APP_PORT (38781), SB_DOCKER_PG_PORT (38782), SB_DOCKER_REDIS_PORT (38783),
 * SB_DOCKER_KEEP=1 to leave the containers running for a look, SB_DOCKER_SKIP_BUILD=1 to reuse the images,
 * SB_DOCKER_CA_FILE=<PEM file> when npm reaches its registry through a TLS-inspecting proxy (the
 * build stage trusts it; docker/ca/README.md).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const here = path.join(root, 'docker/test');
const env = {
  ...process.env,
  SB_DOCKER_APP_PORT: process.env.SB_DOCKER_APP_PORT ?? '38781',
  SB_DOCKER_PG_PORT: process.env.SB_DOCKER_PG_PORT ?? '38782',
  SB_DOCKER_REDIS_PORT: process.env.SB_DOCKER_REDIS_PORT ?? '38783',
  SB_DOCKER_ADMIN_EMAIL: 'admin@docker.test',
  SB_DOCKER_ADMIN_PASSWORD: `Docker-${randomBytes(6).toString('hex')}`,
};
const BASE_IMAGE = process.env.BASE_IMAGE ?? 'debian:trixie-slim';
const base = `http://127.0.0.1:${env.SB_DOCKER_APP_PORT}`;
const project = 'switchboard-docker-test';

function run(command, args, options = {}) {
  const started = Date.now();
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: options.capture ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (result.status !== 0 && !options.mayFail) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr ?? ''}`);
  }
  if (options.timed) console.log(`  took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return result;
}

/** `docker compose` (v2) where installed, else Debian's `docker-compose` (v1). */
function composeCommand() {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0) return ['docker', ['compose']];
  if (spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0) return ['docker-compose', []];
  throw new Error('Neither `docker compose` nor `docker-compose` is installed');
}
const [composeBin, composePrefix] = composeCommand();
/**
 * docker-compose.yml without its published ports: on the host's network there is nothing to
 * publish, and Compose refuses both together (an override file can only add ports, not drop them).
 */
function hostNetworkBase() {
  const file = YAML.parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
  for (const service of Object.values(file.services)) delete service.ports;
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-compose-')), 'docker-compose.yml');
  fs.writeFileSync(out, YAML.stringify(file));
  return out;
}
const baseFile = hostNetworkBase();
const compose = (args, options) =>
  run(
    composeBin,
    [...composePrefix, '-p', project, '--project-directory', root, '-f', baseFile, '-f', 'docker/test/compose.test.yml', ...args],
    options,
  );

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns something truthy, or fails with `what` after `seconds`. */
async function until(what, probe, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await sleep(500);
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
}

async function api(method, url, token, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

function imageSize(tag) {
  const bytes = Number(run('docker', ['image', 'inspect', tag, '--format', '{{.Size}}'], { capture: true }).stdout.trim());
  return `${(bytes / 1e6).toFixed(0)} MB`;
}

async function exercise() {
  await until('the app to answer /api/health', async () => (await fetch(`${base}/api/health`)).ok, 180);
  const { token } = await api('POST', '/api/auth/login', undefined, {
    email: env.SB_DOCKER_ADMIN_EMAIL,
    password: env.SB_DOCKER_ADMIN_PASSWORD,
  });
  console.log('signed in as the first administrator');

  const connection = await api('POST', '/api/whatsapp', token, { name: 'Docker phone', channel: 'simulator' });
  const phone = '5511970000001';
  const qrcode = await until('a QR code', async () => {
    const c = await api('GET', `/api/whatsapp/${connection.id}`, token);
    return c.status === 'qrcode' && c.qrcode;
  });
  await api('POST', '/api/simulator/scan', token, { qrcode, number: phone });
  await until(
    'the connection to be CONNECTED',
    async () => (await api('GET', `/api/whatsapp/${connection.id}`, token)).status === 'CONNECTED',
  );
  console.log('paired a simulator phone');

  const customer = '5521970000002';
  await api('POST', '/api/simulator/messages', token, {
    from: customer,
    to: phone,
    name: 'Docker customer',
    body: 'Hello from the container test',
  });
  const ticket = await until('the customer message to open a ticket', async () => {
    const { tickets } = await api('GET', `/api/tickets?status=pending&showAll=true&searchParam=${customer}`, token);
    return tickets.find((t) => t.lastMessage === 'Hello from the container test');
  });
  await api('POST', `/api/messages/${ticket.id}`, token, { body: 'Answered from the container' });
  await until('the answer to reach the customer', async () => {
    const chat = await api('GET', `/api/simulator/chats/${customer}?to=${phone}`, token);
    return chat.some((m) => m.sender === 'connection' && m.body === 'Answered from the container');
  });
  console.log(`a customer message became ticket ${ticket.id}; the answer reached the customer's phone`);

  // The app runs as the unprivileged user, on PostgreSQL and Redis, and reports itself healthy.
  const id = run(
    'docker',
    ['ps', '-q', '--filter', `label=com.docker.compose.project=${project}`, '--filter', 'label=com.docker.compose.service=app'],
    { capture: true },
  ).stdout.trim();
  const user = run('docker', ['exec', id, 'id', '-un'], { capture: true }).stdout.trim();
  if (user !== 'switchboard') throw new Error(`the app runs as ${user}, not switchboard`);
  const health = await api('GET', '/api/health');
  console.log(`app container runs as ${user}; health: ${JSON.stringify(health)}`);
}

async function main() {
  if (run('docker', ['info'], { capture: true, mayFail: true }).status !== 0) {
    throw new Error('No Docker daemon answers (start dockerd; see docs/operations.md "Docker")');
  }
  if (run('docker', ['image', 'inspect', BASE_IMAGE], { capture: true, mayFail: true }).status !== 0) {
    throw new Error(`The base image ${BASE_IMAGE} is not here: make it with \`sudo sh docker/base-image.sh\``);
  }
  if (process.env.SB_DOCKER_SKIP_BUILD !== '1') {
    const ca = path.join(root, 'docker/ca/build-ca.crt');
    if (process.env.SB_DOCKER_CA_FILE) fs.copyFileSync(process.env.SB_DOCKER_CA_FILE, ca);
    try {
      // The host's network for the builds: the daemon may run without a bridge (--bridge=none).
      run('docker', ['build', '--network', 'host', '--build-arg', `BASE_IMAGE=${BASE_IMAGE}`, '-t', 'switchboard:local', '.'], {
        timed: true,
      });
    } finally {
      if (process.env.SB_DOCKER_CA_FILE) fs.rmSync(ca, { force: true });
    }
    run('docker', [
      'build',
      '--network',
      'host',
      '--build-arg',
      `BASE_IMAGE=${BASE_IMAGE}`,
      '-t',
      'switchboard-test/postgres:debian',
      '-f',
      'docker/test/Dockerfile.postgres',
      here,
    ]);
    run('docker', [
      'build',
      '--network',
      'host',
      '--build-arg',
      `BASE_IMAGE=${BASE_IMAGE}`,
      '-t',
      'switchboard-test/redis:debian',
      '-f',
      'docker/test/Dockerfile.redis',
      here,
    ]);
  }
  console.log(`image switchboard:local: ${imageSize('switchboard:local')} (base ${BASE_IMAGE}: ${imageSize(BASE_IMAGE)})`);
  compose(['down', '-v', '--remove-orphans'], { capture: true, mayFail: true });
  let failed = false;
  try {
    compose(['up', '-d', '--no-build', 'app']);
    await exercise();
    console.log('test:docker passed');
  } catch (err) {
    failed = true;
    compose(['logs', '--no-color', '--tail', '80'], { mayFail: true });
    throw err;
  } finally {
    if (process.env.SB_DOCKER_KEEP === '1' && !failed)
      console.log(`left running (project ${project}); stop with: docker-compose -p ${project} down -v`);
    else compose(['down', '-v', '--remove-orphans'], { mayFail: true });
    fs.rmSync(path.dirname(baseFile), { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`test:docker failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
