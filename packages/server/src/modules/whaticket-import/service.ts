/**
 * The Whaticket import run from the admin page: one import at a time per server, in the
 * background, its progress and outcome kept for the page to show. A failure is a visible state
 * of the job (and a log line), never silence. An administrator can cancel the running import, and
 * the server's shutdown does: it stops between two rows, keeping the pages already committed.
 * A real import that finishes is then verified against its source (the CLI's --verify), and an
 * administrator can verify the last one again; the page shows the counts and each difference.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type ImportJobDTO, type ImportVerificationDTO, type WhaticketImportStartInput } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { importJobs } from '../../db/schema.js';
import { ImportCancelledError, importWhaticket, type ImportResult } from '../../import/whaticket/importer.js';
import { DEFAULT_SOURCE_TIMEOUTS, openSource, type SourceDb } from '../../import/whaticket/source.js';
import { verifyImport } from '../../import/whaticket/verify.js';
import { authorize } from '../../access/authorize.js';
import { AppError } from '../../lib/app-error.js';
import type { MediaStore } from '../../lib/media-store.js';
import type { CurrentUser } from '../../store/users.js';

/** The route's input; security settings are kept unless named. */
type StartInput = Omit<WhaticketImportStartInput, 'takeSettings' | 'sourceTimeZone'> &
  Partial<Pick<WhaticketImportStartInput, 'takeSettings' | 'sourceTimeZone'>>;

const SHOWN_SKIPPED = 200;
/** The row of import_jobs this import keeps its last job in. */
const JOB_KIND = 'whaticket';
const SHOWN_NOTES = 100;
const SHOWN_DIFFERENCES = 200;

/** The last real import that finished: what verifying it again needs. */
interface FinishedImport {
  input: StartInput;
  mediaFrom: string | undefined;
  result: ImportResult;
}

/**
 * The source as an import from the page reads it — and its verification, then or later, reads it
 * again the same way (same zone for its DATETIMEs, same limits).
 */
function openImportSource(input: Pick<StartInput, 'from' | 'sourceTimeZone'>): Promise<SourceDb> {
  return openSource(input.from, DEFAULT_SOURCE_TIMEOUTS, { timeZone: input.sourceTimeZone });
}

export class WhaticketImportService {
  private job: ImportJobDTO | null = null;
  private running: Promise<void> | null = null;
  private abort: AbortController | null = null;
  private finished: FinishedImport | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly media: MediaStore,
    private readonly options: { pageSize?: number } = {},
  ) {}

  /** Where an administrator puts the old install's media folder for the page to use. */
  get mediaRoot(): string {
    return path.join(this.ctx.config.dataDir, 'import');
  }

  /** The running import or the last one of this process. */
  current(actor: CurrentUser): ImportJobDTO {
    authorize(actor, 'import.whaticket');
    if (!this.job) throw new AppError('ERR_NOT_FOUND', 404, 'No import has run since the server started');
    return this.job;
  }

  /** The running import, or the last one — kept in the database, so also the one before a restart. */
  async last(actor: CurrentUser): Promise<ImportJobDTO> {
    authorize(actor, 'import.whaticket');
    if (this.job) return this.job;
    const [stored] = await this.ctx.db.select({ job: importJobs.job }).from(importJobs).where(eq(importJobs.kind, JOB_KIND));
    if (!stored) throw new AppError('ERR_NOT_FOUND', 404, 'No import has run here');
    return stored.job;
  }

  start(actor: CurrentUser, input: StartInput): ImportJobDTO {
    authorize(actor, 'import.whaticket');
    if (this.busy()) throw new AppError('ERR_IMPORT_RUNNING', 409);
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
      verification: null,
    };
    this.job = job;
    // Verifying again means this job's import: none until it has finished.
    this.finished = null;
    const abort = new AbortController();
    this.abort = abort;
    this.running = this.run(job, input, mediaFrom, abort.signal)
      .catch((err: unknown) => {
        job.finishedAt = this.ctx.clock.now().toISOString();
        if (err instanceof ImportCancelledError) {
          job.status = 'cancelled';
          this.ctx.log.warn({ dryRun: job.dryRun, progress: job.progress }, 'whaticket import cancelled');
          return;
        }
        job.status = 'failed';
        job.error = err instanceof Error ? err.message : String(err);
        this.ctx.log.error({ err }, 'whaticket import failed');
      })
      .then(() => this.keep(job));
    return job;
  }

  /**
   * Compares the last real import with its source again (admins only), in the background: after
   * a change here, or when the verification that followed the import failed or was cancelled.
   */
  verify(actor: CurrentUser): ImportJobDTO {
    authorize(actor, 'import.whaticket');
    if (this.busy()) throw new AppError('ERR_IMPORT_RUNNING', 409);
    const job = this.job;
    const finished = this.finished;
    if (!job || !finished) throw new AppError('ERR_NOT_FOUND', 404, 'No import has been made since the server started');
    const abort = new AbortController();
    this.abort = abort;
    job.verification = this.verificationStarted();
    this.running = this.verifyAgain(job, finished, abort.signal).then(() => this.keep(job));
    return job;
  }

  /** Asks the running import or verification to stop (admins only); it ends as 'cancelled' at its next row or page. */
  cancel(actor: CurrentUser): ImportJobDTO {
    authorize(actor, 'import.whaticket');
    if (!this.job || !this.busy()) throw new AppError('ERR_NOT_FOUND', 404, 'No import is running');
    this.abort?.abort();
    return this.job;
  }

  /**
   * Stores the job as it ended (its verification included) for the page after a restart. A
   * failure to store is logged: the job itself stays as it is in this process.
   */
  private async keep(job: ImportJobDTO): Promise<void> {
    try {
      const now = this.ctx.clock.now();
      await this.ctx.db
        .insert(importJobs)
        .values({ kind: JOB_KIND, job, updatedAt: now })
        .onConflictDoUpdate({ target: importJobs.kind, set: { job, updatedAt: now } });
    } catch (err) {
      this.ctx.log.error({ err }, 'whaticket import: could not store the finished job');
    }
  }

  private busy(): boolean {
    return this.job?.status === 'running' || this.job?.verification?.status === 'running';
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
    const source = await openImportSource(input);
    job.sourceTimeZone = source.timeZone;
    try {
      const result = await this.importFrom(source, job, input, mediaFrom, signal);
      if (job.dryRun) return;
      this.finished = { input, mediaFrom, result };
      job.verification = this.verificationStarted();
      await this.verifyInto(job.verification, source, this.finished, signal);
    } finally {
      await source.close();
    }
  }

  private async importFrom(
    source: SourceDb,
    job: ImportJobDTO,
    input: StartInput,
    mediaFrom: string | undefined,
    signal: AbortSignal,
  ): Promise<ImportResult> {
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
      return result;
    } finally {
      // The settings pages show what the import wrote as soon as it ends (other processes re-read
      // on the notification written with each setting).
      if (!job.dryRun) await this.ctx.settings.reload();
    }
  }

  private verificationStarted(): ImportVerificationDTO {
    return {
      status: 'running',
      startedAt: this.ctx.clock.now().toISOString(),
      finishedAt: null,
      tables: [],
      media: { compared: 0, identical: 0 },
      differences: [],
      differencesTotal: 0,
      unexplained: 0,
      error: null,
    };
  }

  private async verifyAgain(job: ImportJobDTO, finished: FinishedImport, signal: AbortSignal): Promise<void> {
    const verification = job.verification!;
    let source: SourceDb;
    try {
      source = await openImportSource(finished.input);
    } catch (err) {
      this.verificationFailed(verification, err);
      return;
    }
    try {
      await this.verifyInto(verification, source, finished, signal);
    } finally {
      await source.close();
    }
  }

  /** Fills the job's verification; its failure is the verification's state, never the import's. */
  private async verifyInto(verification: ImportVerificationDTO, source: SourceDb, finished: FinishedImport, signal: AbortSignal) {
    try {
      const result = await verifyImport({
        source,
        db: this.ctx.db,
        result: finished.result,
        media: finished.mediaFrom ? { from: finished.mediaFrom, store: this.media } : undefined,
        pageSize: this.options.pageSize,
        signal,
      });
      verification.tables = result.tables.map((t) => ({
        table: t.table,
        sourceRows: t.sourceRows,
        imported: t.imported,
        notImported: t.notImported,
        timesSame: t.times.source === t.times.imported,
        textsSame: t.texts.source === t.texts.imported,
      }));
      verification.media = result.media;
      const unexplainedFirst = [...result.differences.filter((d) => !d.explained), ...result.differences.filter((d) => d.explained)];
      verification.differences = unexplainedFirst
        .slice(0, SHOWN_DIFFERENCES)
        .map((d) => ({ ...d, explained: d.explained ?? null, reason: d.reason ?? null }));
      verification.differencesTotal = result.differences.length;
      verification.unexplained = result.unexplained;
      verification.status = 'done';
      verification.finishedAt = this.ctx.clock.now().toISOString();
      const counts = { differences: result.differences.length, unexplained: result.unexplained };
      if (result.unexplained > 0) this.ctx.log.warn(counts, 'whaticket import verified: unexplained differences');
      else this.ctx.log.info(counts, 'whaticket import verified');
    } catch (err) {
      if (err instanceof ImportCancelledError) {
        verification.status = 'cancelled';
        verification.finishedAt = this.ctx.clock.now().toISOString();
        this.ctx.log.warn('whaticket import verification cancelled');
        return;
      }
      this.verificationFailed(verification, err);
    }
  }

  private verificationFailed(verification: ImportVerificationDTO, err: unknown): void {
    verification.status = 'failed';
    verification.error = err instanceof Error ? err.message : String(err);
    verification.finishedAt = this.ctx.clock.now().toISOString();
    this.ctx.log.error({ err }, 'whaticket import verification failed');
  }
}
