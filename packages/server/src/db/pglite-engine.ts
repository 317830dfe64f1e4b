/**
 * The embedded PostgreSQL (PGlite) sized for a support inbox rather than for PGlite's defaults.
 *
 * Where an idle embedded server's memory went (BENCHMARKS.md "Memory"): PGlite starts its backend
 * with a fixed `shared_buffers=128MB`, and the backend writes all of it at start, so it is resident
 * for good (WASM memory never shrinks). No option, configuration file or ALTER SYSTEM changes it:
 * the value is a start-up argument compiled into pglite.wasm. We compile the module ourselves with
 * a smaller value in that argument and hand it to PGlite (its `wasmModule` option). Everything
 * else in the binary is untouched; if the argument is not found as expected (another PGlite
 * version), the stock module is used and the server runs as before, with a warning.
 *
 * The first start of a data directory also runs initdb, which leaves ~100 MB behind in the process
 * (optimised WASM code of initdb's hot paths, allocator arenas): that start is done by a
 * short-lived child process (db/pglite-first-start.ts), so the server itself always opens an
 * existing directory — first start and restart cost the same.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The buffer pool of the embedded database. The working set of a support inbox fits; pages beyond
 * it are read from the operating system's file cache.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

const STOCK_ARGUMENT = 'shared_buffers=128MB';

type WasmModule = NonNullable<PGliteOptions['wasmModule']>;
/** The WebAssembly global (Node has it; the server's type library, without DOM, does not declare it). */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;

let compiled: Promise<{ module: WasmModule; sized: boolean }> | null = null;

/** The PGlite module with our shared_buffers, compiled once per process and shared by every instance. */
export function pgliteModule(): Promise<{ module: WasmModule; sized: boolean }> {
  compiled ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm');
    const bytes = await fs.promises.readFile(wasmPath);
    const sized = resizeArgument(bytes, STOCK_ARGUMENT, `shared_buffers=${PGLITE_SHARED_BUFFERS}`);
    return { module: await wasm.compile(bytes), sized };
  })();
  return compiled;
}

/**
 * Replaces a NUL-terminated string constant in place by a shorter one (padded with NULs), only when
 * it occurs exactly once. Returns whether it did.
 */
export function resizeArgument(bytes: Buffer, from: string, to: string): boolean {
  const needle = Buffer.from(`${from}\0`);
  const at = bytes.indexOf(needle);
  if (at < 0 || bytes.indexOf(needle, at + 1) >= 0 || to.length > from.length) return false;
  const replacement = Buffer.alloc(needle.length);
  replacement.write(to, 'latin1');
  replacement.copy(bytes, at);
  return true;
}

export interface OpenPgliteOptions {
  /** Data directory; absent → in memory (tests). */
  dataDir?: string;
  /** Where to report that the stock module had to be used. */
  warn?: (message: string) => void;
  /** A dump of a data directory (PGlite's dumpDataDir) to start from instead of a new database. */
  loadDataDir?: Blob;
}

/** Opens PGlite with our sizing (pg_trgm loaded: it backs substring search with indexes). */
export async function openPglite(options: OpenPgliteOptions = {}): Promise<PGlite> {
  const { module, sized } = await pgliteModule();
  if (!sized)
    (options.warn ?? console.warn)(
      `PGlite's ${STOCK_ARGUMENT} argument was not found; the embedded database keeps its default buffer pool`,
    );
  const settings = { extensions: { pg_trgm }, wasmModule: module, loadDataDir: options.loadDataDir };
  const client = options.dataDir ? new PGlite(options.dataDir, settings) : new PGlite(settings);
  await client.waitReady;
  shareTheEventLoop(client);
  return client;
}

/** How long the embedded database may keep the event loop to itself. */
export const YIELD_EVERY_MS = 10;

/**
 * PGlite runs each statement synchronously on the main thread and answers through promises only,
 * so a stream of queries (an ingest burst: many chats, each awaiting the next statement) is one
 * unbroken chain of microtasks. The event loop never reaches its I/O phase meanwhile: Socket.IO
 * cannot finish a write (realtime events pile up and leave in lumps), requests and pings are not
 * read, timers do not fire. Before a statement or transaction starts, once YIELD_EVERY_MS have
 * passed since the last turn, the caller waits for one turn of the event loop (setImmediate runs
 * after pending I/O), so the database never holds the process for long.
 */
export function shareTheEventLoop(client: PGlite): void {
  let lastTurn = performance.now();
  const turn = async (): Promise<void> => {
    if (performance.now() - lastTurn < YIELD_EVERY_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    lastTurn = performance.now();
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = async (...args: Parameters<typeof query>) => {
    await turn();
    return query(...args);
  };
  client.exec = async (...args: Parameters<typeof exec>) => {
    await turn();
    return exec(...args);
  };
  client.transaction = async <T>(callback: Parameters<PGlite['transaction']>[0]) => {
    await turn();
    return (await transaction(callback)) as T;
  };
}

/** Whether the directory holds a database already (PostgreSQL writes PG_VERSION at initdb). */
export function isInitialised(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Creates and migrates the database of a new data directory in a child process, which exits
 * afterwards and takes initdb's left-overs with it. Rejects with the child's output on failure.
 */
export async function initialiseInChildProcess(dataDir: string): Promise<void> {
  const here = fileURLToPath(import.meta.url);
  // Built: dist/db/pglite-first-start.js; from sources (tsx, tests): the .ts beside this file.
  const script = path.join(path.dirname(here), `pglite-first-start${path.extname(here)}`);
  const fromSources = script.endsWith('.ts');
  const child = fork(script, [dataDir], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    ...(fromSources ? { execArgv: ['--import', 'tsx'] } : {}),
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Creating the embedded database in ${dataDir} failed (exit code ${code}):\n${output.trim()}`);
}
