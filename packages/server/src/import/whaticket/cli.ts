/**
 * npm run import:whaticket -- --from <mysql://… | postgres://…> [--media <dir>] [--dry-run] [--report <file>]
 *                             [--take-setting <key>]… [--source-timeout <seconds>] [--source-timezone <offset>] [--verify]
 *
 * Imports a Whaticket-family install into this Switchboard's database (DATABASE_URL, or the
 * embedded one in DATA_DIR — stop the server first: the embedded database has one user at a time).
 * Prints progress and a summary; every skipped row goes to the report file with its reason.
 * Security settings keep their current value unless named with --take-setting. Ctrl-C or SIGTERM
 * stops the import at its next row; what was committed stays, and running it again continues.
 * --verify then compares every imported row with its source and prints each difference, saying
 * which the import meant to make; the exit status is 1 when any difference is unexplained.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { lockDataDir } from '../../lib/data-dir.js';
import { MediaStore } from '../../lib/media-store.js';
import { SECURITY_SETTING_KEYS, isSecuritySettingKey } from '@switchboard/shared';
import { ImportCancelledError, importWhaticket } from './importer.js';
import { summaryText } from './summary.js';
import { verifyImport, verifyText, type VerifyResult } from './verify.js';
import { DEFAULT_MYSQL_TIMEZONE, DEFAULT_SOURCE_TIMEOUTS, TIMEZONE_OFFSET_PATTERN, openSource } from './source.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      media: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      report: { type: 'string', default: 'whaticket-import-report.json' },
      'take-setting': { type: 'string', multiple: true, default: [] },
      'source-timeout': { type: 'string', default: String(DEFAULT_SOURCE_TIMEOUTS.statementMs / 1000) },
      'source-timezone': { type: 'string', default: DEFAULT_MYSQL_TIMEZONE },
      verify: { type: 'boolean', default: false },
    },
  });
  if (!values.from) {
    console.error(
      'Usage: npm run import:whaticket -- --from <mysql://user:pass@host/db | postgres://…> [--media <public folder>] [--dry-run] [--report <file>] [--take-setting <key>]… [--source-timeout <seconds>] [--source-timezone <offset, default -03:00>] [--verify]',
    );
    return 64;
  }
  const takeSettings = values['take-setting'];
  const unknown = takeSettings.filter((key) => !isSecuritySettingKey(key));
  if (unknown.length > 0) {
    console.error(`--take-setting takes one of ${SECURITY_SETTING_KEYS.join(', ')} (got ${unknown.join(', ')})`);
    return 64;
  }
  const timeoutSeconds = Number(values['source-timeout']);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
    console.error('--source-timeout takes a number of seconds greater than 0');
    return 64;
  }
  if (values.media && !fs.existsSync(values.media)) {
    console.error(`--media ${values.media}: no such folder`);
    return 66;
  }
  if (!TIMEZONE_OFFSET_PATTERN.test(values['source-timezone'])) {
    console.error('--source-timezone takes an offset such as -03:00, +05:30 or Z');
    return 64;
  }
  if (values.verify && values['dry-run']) {
    console.error('--verify compares what an import wrote: it cannot follow a --dry-run');
    return 64;
  }
  const config = loadConfig();
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir, () => process.exit(75));
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pg') });
  const source = await openSource(
    values.from,
    { connectMs: DEFAULT_SOURCE_TIMEOUTS.connectMs, statementMs: timeoutSeconds * 1000 },
    { timeZone: values['source-timezone'] },
  );
  // A signal stops the import at its next row; the database is then closed as usual.
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await database.migrate();
    const store = new MediaStore(path.join(config.dataDir, 'media'), config.mediaMaxBytes);
    const media = values.media ? { from: values.media, store } : undefined;
    const result = await importWhaticket({
      source,
      db: database.db,
      media,
      dryRun: values['dry-run'],
      takeSettings: takeSettings.filter(isSecuritySettingKey),
      signal: abort.signal,
      onProgress: progressBar(),
    });
    process.stderr.write('\n');
    console.log(summaryText(result));
    let verification: VerifyResult | undefined;
    if (values.verify) {
      verification = await verifyImport({ source, db: database.db, result, media });
      console.log(verifyText(verification));
    }
    fs.writeFileSync(
      values.report,
      JSON.stringify({ ...result, survey: { ...result.survey, tables: Object.fromEntries(result.survey.tables) }, verification }, null, 2),
    );
    console.log(`Report with every skipped row and changed value: ${path.resolve(values.report)}`);
    return verification && verification.unexplained > 0 ? 1 : 0;
  } catch (err) {
    if (!(err instanceof ImportCancelledError)) throw err;
    process.stderr.write('\n');
    console.error('Import cancelled: what was committed stays; running it again continues where it stopped.');
    return 130;
  } finally {
    await source.close();
    await database.close();
    lock?.release();
  }
}

function progressBar() {
  let last = '';
  return ({ table, done, total }: { table: string; done: number; total: number }) => {
    const width = 30;
    const filled = total > 0 ? Math.round((done / total) * width) : width;
    const line = `${table.padEnd(20)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}`);
    else if (line !== last && done === total) process.stderr.write(`${line}\n`);
    last = line;
  };
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
