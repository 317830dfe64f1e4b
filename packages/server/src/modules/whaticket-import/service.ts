/**
 * The Whaticket import run from the admin page: one import at a time per server, in the
 * background, its progress and outcome kept for the page to show. A failure is a visible state
 * of the job (and a log line), never silence. An administrator can cancel the running import, and
 * the server's shutdown does: it stops between two rows, keeping the pages already committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type ImportJobDTO, type WhaticketImportStartInput } from '@switchboard/shared';
import type { AppContext } from '../../context.js';
import { ImportCancelledError, importWhaticket } from '../../import/whaticket/importer.js';
import { DEFAULT_SOURCE_TIMEOUTS, openSource } from '../../import/whaticket/source.js';
import { authorize } from '../../access/authorize.js';
import { AppError } from '../../lib/app-error.js';
import type { MediaStore } from '../../lib/media-store.js';
import type { CurrentUser } from '../../store/users.js';

/** The route's input; security settings are kept unless named. */
type StartInput = Omit<WhaticketImportStartInput, 'takeSettings' | 'sourceTimeZone'> &
  Partial<Pick<WhaticketImportStartInput, 'takeSettings' | 'sourceTimeZone'>>;

const SHOWN_SKIPPED = 200;
const SHOWN_NOTES = 100;

export class WhaticketImportService {
  private job: ImportJobDTO | null = null;
  private running: Promise<void> | null = null;
  private abort: AbortController | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly media: MediaStore,
    private readonly options: { pageSize?: number } = {},
  ) {}

  /** Where an administrator puts the old install's media folder for the page to use. */
  get mediaRoot(): string {
    return path.join(this.ctx.config.dataDir, 'import');
  }

  current(actor: CurrentUser): ImportJobDTO {
    authorize(actor, 'import.whaticket');
    if (!this.job) throw new AppError('ERR_NOT_FOUND', 404, 'No import has run since the server started');
    return this.job;
  }

  start(actor: CurrentUser, input: StartInput): ImportJobDTO {
    authorize(actor, 'import.whaticket');
    if (this.job?.status === 'running') throw new AppError('ERR_IMPORT_RUNNING', 409);
    const mediaFrom = input.media ? path.join(this.mediaRoot, input.media) : undefined;
    if (mediaFrom && !fs.existsSync(mediaFrom)) {
      throw new AppError('ERR_VALIDATION', 400, `No folder ${input.media} under the data directory's import folder`);
    }
    const job: ImportJobDTO = {
      status: 'running',
      dryRun: input.dryRun,
      startedAt: this.ctx.clock.now().toISOString(),
      finishedAt: null,
      progress: [],
      variant: null,
      sourceTimeZone: null,
      summary: [],
      unknownColumns: [],
      skipped: [],
      skippedTotal: 0,
      notes: [],
      changed: [],
      changedTotal: 0,
      settingChoices: [],
      error: null,
    };
    this.job = job;
    const abort = new AbortController();
    this.abort = abort;
    this.running = this.run(job, input, mediaFrom, abort.signal).catch((err: unknown) => {
      job.finishedAt = this.ctx.clock.now().toISOString();
      if (err instanceof ImportCancelledError) {
        job.status = 'cancelled';
        this.ctx.log.warn({ dryRun: job.dryRun, progress: job.progress }, 'whaticket import cancelled');
        return;
      }
      job.status = 'failed';
      job.error = err instanceof Error ? err.message : String(err);
      this.ctx.log.error({ err }, 'whaticket import failed');
    });
    return job;
  }

  /** Asks the running import to stop (admins only); it ends as 'cancelled' at its next row. */
  cancel(actor: CurrentUser): ImportJobDTO {
    authorize(actor, 'import.whaticket');
    if (this.job?.status !== 'running') throw new AppError('ERR_NOT_FOUND', 404, 'No import is running');
    this.abort?.abort();
    return this.job;
  }

  /** Stops a running import and waits for it to end: the server's shutdown. */
  async stop(): Promise<void> {
    this.abort?.abort();
    await this.running;
  }

  /** Resolves when the running import (if any) has ended: for tests and a clean shutdown. */
  async settled(): Promise<void> {
    await this.running;
  }

  private async run(job: ImportJobDTO, input: StartInput, mediaFrom: string | undefined, signal: AbortSignal): Promise<void> {
    const source = await openSource(input.from, DEFAULT_SOURCE_TIMEOUTS, { timeZone: input.sourceTimeZone });
    job.sourceTimeZone = source.timeZone;
    try {
      const result = await importWhaticket({
        source,
        db: this.ctx.db,
        media: mediaFrom ? { from: mediaFrom, store: this.media } : undefined,
        dryRun: job.dryRun,
        takeSettings: input.takeSettings,
        signal,
        pageSize: this.options.pageSize,
        onProgress: ({ table, done, total }) => {
          const row = job.progress.find((p) => p.table === table);
          if (row) Object.assign(row, { done, total });
          else job.progress.push({ table, done, total });
        },
      });
      job.variant = result.survey.variant;
      job.summary = Object.entries(result.tables).map(([table, s]) => ({ table, ...s }));
      job.unknownColumns = result.survey.unknownColumns;
      job.skipped = result.skipped.slice(0, SHOWN_SKIPPED);
      job.skippedTotal = result.skipped.length;
      job.notes = result.notes.slice(0, SHOWN_NOTES);
      job.changed = result.changed.slice(0, SHOWN_SKIPPED);
      job.changedTotal = result.changed.length;
      job.settingChoices = result.settingChoices;
      job.status = 'done';
      job.finishedAt = this.ctx.clock.now().toISOString();
      this.ctx.log.info({ dryRun: job.dryRun, summary: job.summary }, 'whaticket import finished');
    } finally {
      await source.close();
      // The settings pages show what the import wrote as soon as it ends (other processes re-read
      // on the notification written with each setting).
      if (!job.dryRun) await this.ctx.settings.reload();
    }
  }
}
