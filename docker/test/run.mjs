#!/usr/bin/env node
/**
 * `npm run test:docker`: the release as a self-hoster runs it. Builds the image from the
 * Dockerfile, starts docker-compose.yml (app + PostgreSQL + Redis; docker/test/compose.test.yml puts
 * them on the host's network, on loopback), then, as a user would: signs in, adds a simulator
 * connection, pairs a phone with it, has a customer write (a text, a photo), answers from the ticket
 * (a text, a document, a voice note the image's ffmpeg converts) and sees the answers reach the
 * customer's phone. Then the restore drill (docker/test/drill.mjs), for PostgreSQL and for the
 * one-container embedded database: a backup taken inside the running app container, restored by a
 * new container into a fresh volume (and a fresh database), the app started on it, and every
 * ticket, message and media file (sha256) found again. Tears everything down (volumes too) however
 * it ends.
 *
 * Needs a running Docker daemon and the base image the Dockerfile names (docker/base-image.sh makes
 * it from Debian's packages). Slow (an image build): not part of .ci/run; run before a release.
 * Environment: SB_DOCKER_APP_PORT (38781), SB_DOCKER_PG_PORT (38782), SB_DOCKER_REDIS_PORT (38783),
 * SB_DOCKER_RESTORED_PORT (38784), SB_DOCKER_EMBEDDED_PORT (38785), SB_DOCKER_EMBEDDED_RESTORED_PORT (38786),
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
import { assertSameInventory, client, fill, inventory } from './drill.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const here = path.join(root, 'docker/test');
const env = {
  ...process.env,
  SB_DOCKER_APP_PORT: process.env.SB_DOCKER_APP_PORT ?? '38781',
  SB_DOCKER_PG_PORT: process.env.SB_DOCKER_PG_PORT ?? '38782',
  SB_DOCKER_REDIS_PORT: process.env.SB_DOCKER_REDIS_PORT ?? '38783',
  SB_DOCKER_RESTORED_PORT: process.env.SB_DOCKER_RESTORED_PORT ?? '38784',
  SB_DOCKER_EMBEDDED_PORT: process.env.SB_DOCKER_EMBEDDED_PORT ?? '38785',
  SB_DOCKER_EMBEDDED_RESTORED_PORT: process.env.SB_DOCKER_EMBEDDED_RESTORED_PORT ?? '38786',
  SB_DOCKER_ADMIN_EMAIL: 'admin@docker.test',
  SB_DOCKER_ADMIN_PASSWORD: `Docker-${randomBytes(6).toString('hex')}`,
};
const BASE_IMAGE = process.env.BASE_IMAGE ?? 'debian:trixie-slim';
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

function imageSize(tag) {
  const bytes = Number(run('docker', ['image', 'inspect', tag, '--format', '{{.Size}}'], { capture: true }).stdout.trim());
  return `${(bytes / 1e6).toFixed(0)} MB`;
}

const credentials = () => [env.SB_DOCKER_ADMIN_EMAIL, env.SB_DOCKER_ADMIN_PASSWORD];
/** Containers and volumes the drills make outside the compose project, removed however the run ends. */
const made = { containers: [], volumes: [] };

/** `docker run -d` of the image on the host's network, on loopback at `port`, its data in `volume`. */
function startApp(name, port, volume, extraEnv = {}) {
  const vars = { HOST: '127.0.0.1', PORT: String(port), SIMULATOR: 'on', ...extraEnv };
  const container = `${project}-${name}`;
  made.containers.push(container);
  if (!made.volumes.includes(volume)) made.volumes.push(volume);
  run(
    'docker',
    [
      'run',
      '-d',
      '--name',
      container,
      '--network',
      'host',
      '-v',
      `${volume}:/data`,
      ...Object.entries(vars).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
      'switchboard:local',
    ],
    { capture: true },
  );
  return container;
}

/**
 * A backup taken inside the running container `container` (`node …/ops/cli.js backup`, what
 * `npm run backup` runs), copied out to a folder of the host the image's user can read.
 */
function backupFrom(container) {
  const inside = `/data/backups/drill-${Date.now()}`;
  const out = run('docker', ['exec', container, 'node', 'packages/server/dist/ops/cli.js', 'backup', inside], {
    capture: true,
  }).stdout.trim();
  console.log(`  ${out}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-drill-'));
  run('docker', ['cp', `${container}:${inside}`, path.join(dir, 'backup')], { capture: true });
  // `docker cp` writes the files as the host's user; the image's user (uid 10001) reads them.
  run('chmod', ['-R', 'a+rX', dir]);
  return { dir, folder: path.join(dir, 'backup') };
}

/** `npm run restore` in a new container, into the fresh volume `volume` (and `extraEnv`'s database). */
function restoreInto(folder, volume, extraEnv = {}) {
  made.volumes.push(volume);
  const out = run(
    'docker',
    [
      'run',
      '--rm',
      '--network',
      'host',
      '-v',
      `${volume}:/data`,
      '-v',
      `${folder}:/backup:ro`,
      ...Object.entries(extraEnv).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
      'switchboard:local',
      'node',
      'packages/server/dist/ops/cli.js',
      'restore',
      '/backup',
    ],
    { capture: true },
  ).stdout.trim();
  console.log(`  ${out}`);
}

function describe(inv) {
  return `${inv.tickets.length} tickets, ${inv.messages} messages, ${inv.media} media files`;
}

/** The compose installation (PostgreSQL + Redis): pairing, a conversation with media, the drill. */
async function composeInstallation() {
  const api = client(`http://127.0.0.1:${env.SB_DOCKER_APP_PORT}`);
  await api.healthy();
  await api.signIn(...credentials());
  console.log('signed in as the first administrator');
  const ticket = await fill(api, { phone: '5511970000001', customer: '5521970000002', label: 'the container test' });
  console.log(
    `paired a simulator phone; a customer's text and photo became ticket ${ticket.id}; the answers (text, document, voice note converted by ffmpeg) reached the customer`,
  );

  // The app runs as the unprivileged user, on PostgreSQL and Redis, and reports itself healthy.
  const service = (name) =>
    run(
      'docker',
      ['ps', '-q', '--filter', `label=com.docker.compose.project=${project}`, '--filter', `label=com.docker.compose.service=${name}`],
      { capture: true },
    ).stdout.trim();
  const app = service('app');
  const user = run('docker', ['exec', app, 'id', '-un'], { capture: true }).stdout.trim();
  if (user !== 'switchboard') throw new Error(`the app runs as ${user}, not switchboard`);
  console.log(`app container runs as ${user}; health: ${JSON.stringify(await api.call('GET', '/api/health'))}`);

  // Restore drill: back up inside the running app, restore into a new database and a new data
  // volume, start the app on them, find everything again.
  const before = await inventory(api);
  console.log(`restore drill (PostgreSQL): ${describe(before)} before the backup`);
  const backup = backupFrom(app);
  try {
    // The original stops: the restored copy is the same installation (same Redis channels).
    compose(['stop', 'app'], { capture: true });
    const restoredDb = 'switchboard_restored';
    run(
      'docker',
      [
        'exec',
        service('postgres'),
        'psql',
        '-p',
        env.SB_DOCKER_PG_PORT,
        '-U',
        'switchboard',
        '-d',
        'switchboard',
        '-c',
        `CREATE DATABASE ${restoredDb}`,
      ],
      {
        capture: true,
      },
    );
    const databaseUrl = `postgres://switchboard:switchboard@127.0.0.1:${env.SB_DOCKER_PG_PORT}/${restoredDb}`;
    restoreInto(backup.folder, `${project}_restored-postgres-data`, { DATABASE_URL: databaseUrl });
    startApp('restored-postgres', env.SB_DOCKER_RESTORED_PORT, `${project}_restored-postgres-data`, {
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${env.SB_DOCKER_REDIS_PORT}`,
    });
    const restored = client(`http://127.0.0.1:${env.SB_DOCKER_RESTORED_PORT}`);
    await restored.healthy();
    await restored.signIn(...credentials());
    const after = await inventory(restored);
    assertSameInventory(before, after, 'PostgreSQL');
    console.log(`restore drill (PostgreSQL): the restored app shows the same ${describe(after)} (media sha256 equal)`);
  } finally {
    fs.rmSync(backup.dir, { recursive: true, force: true });
  }
}

/** The one-container installation on the embedded database: a conversation, a live backup, the drill. */
async function embeddedInstallation() {
  const [email, password] = credentials();
  const container = startApp('embedded', env.SB_DOCKER_EMBEDDED_PORT, `${project}_embedded-data`, {
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
  });
  const api = client(`http://127.0.0.1:${env.SB_DOCKER_EMBEDDED_PORT}`);
  await api.healthy();
  await api.signIn(email, password);
  await fill(api, { phone: '5511970000003', customer: '5521970000004', label: 'the embedded container' });
  const before = await inventory(api);
  console.log(`restore drill (embedded PGlite): ${describe(before)} before the backup, taken while the app runs`);
  const backup = backupFrom(container);
  try {
    run('docker', ['stop', container], { capture: true });
    restoreInto(backup.folder, `${project}_restored-embedded-data`);
    startApp('restored-embedded', env.SB_DOCKER_EMBEDDED_RESTORED_PORT, `${project}_restored-embedded-data`);
    const restored = client(`http://127.0.0.1:${env.SB_DOCKER_EMBEDDED_RESTORED_PORT}`);
    await restored.healthy();
    await restored.signIn(email, password);
    const after = await inventory(restored);
    assertSameInventory(before, after, 'embedded PGlite');
    console.log(`restore drill (embedded PGlite): the restored app shows the same ${describe(after)} (media sha256 equal)`);
  } finally {
    fs.rmSync(backup.dir, { recursive: true, force: true });
  }
}

function removeDrillLeftovers() {
  for (const c of made.containers) run('docker', ['rm', '-f', '-v', c], { capture: true, mayFail: true });
  for (const v of made.volumes) run('docker', ['volume', 'rm', '-f', v], { capture: true, mayFail: true });
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
  // Where the image's bytes are (docs/operations.md "Docker", "Size").
  const du = run(
    'docker',
    [
      'run',
      '--rm',
      '--network',
      'none',
      '--user',
      'root',
      'switchboard:local',
      'du',
      '-sm',
      '/usr',
      '/etc',
      '/var',
      '/app/node_modules',
      '/app/packages',
    ],
    { capture: true },
  ).stdout;
  console.log(
    `  MB by folder: ${du
      .trim()
      .split('\n')
      .map((l) => l.split('\t').reverse().join(' '))
      .join(', ')}`,
  );
  compose(['down', '-v', '--remove-orphans'], { capture: true, mayFail: true });
  let failed = false;
  try {
    compose(['up', '-d', '--no-build', 'app']);
    await composeInstallation();
    await embeddedInstallation();
    console.log('test:docker passed');
  } catch (err) {
    failed = true;
    compose(['logs', '--no-color', '--tail', '80'], { mayFail: true });
    for (const c of made.containers) run('docker', ['logs', '--tail', '40', c], { mayFail: true });
    throw err;
  } finally {
    if (process.env.SB_DOCKER_KEEP === '1' && !failed)
      console.log(`left running (project ${project}); stop with: docker-compose -p ${project} down -v`);
    else {
      compose(['down', '-v', '--remove-orphans'], { mayFail: true });
      removeDrillLeftovers();
    }
    fs.rmSync(path.dirname(baseFile), { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`test:docker failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
