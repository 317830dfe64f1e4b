/**
 * Child process of the server's first start on a new data directory (db/pglite-engine.ts): creates
 * the embedded database (initdb), applies the migrations, checkpoints and exits. `node
 * pglite-first-start.js <pg data directory>`.
 */
import { openDatabase } from './client.js';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: pglite-first-start <data directory>');
  process.exit(2);
}
const database = await openDatabase({ dataDir, initialiseHere: true });
await database.migrate();
await database.close();
process.exit(0);
