/** The audit log: writing a record, and the admins' list and CSV export of it. */
import { toCsv, type AuditPageDTO, type AuditQuery, type AuditRecordDTO } from '@switchboard/shared';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { authorize } from '../../access/authorize.js';
import type { AppContext } from '../../context.js';
import { auditLog } from '../../db/schema.js';
import type { CurrentUser } from '../../store/users.js';
import { summarize } from './summary.js';

const PAGE = 50;
/** The export's bound: a year of a busy installation's changes, and never an unbounded read. */
export const AUDIT_EXPORT_MAX = 50_000;
export const AUDIT_EXPORT_COLUMNS = [
  'at',
  'actorId',
  'actorName',
  'action',
  'targetType',
  'targetId',
  'address',
  'before',
  'after',
] as const;

export interface AuditEntry {
  actor: Pick<CurrentUser, 'id' | 'name'>;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  address: string;
}

type Row = typeof auditLog.$inferSelect;

const present = (r: Row): AuditRecordDTO => ({
  id: r.id,
  at: r.at.toISOString(),
  actorId: r.actorId,
  actorName: r.actorName,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  before: r.before ?? null,
  after: r.after ?? null,
  address: r.address,
});

export class AuditService {
  constructor(private readonly ctx: AppContext) {}

  /** Stores one record; what before and after hold is summarized here, secrets hidden. */
  async record(entry: AuditEntry): Promise<void> {
    await this.ctx.db.insert(auditLog).values({
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId.slice(0, 200),
      before: summarize(entry.before),
      after: summarize(entry.after),
      address: entry.address.slice(0, 100),
    });
  }

  async list(actor: CurrentUser, query: AuditQuery): Promise<AuditPageDTO> {
    this.assertAdmin(actor);
    const rows = await this.ctx.db
      .select()
      .from(auditLog)
      .where(this.filter(query))
      .orderBy(desc(auditLog.id))
      .limit(PAGE + 1)
      .offset((query.pageNumber - 1) * PAGE);
    return { records: rows.slice(0, PAGE).map(present), hasMore: rows.length > PAGE };
  }

  /** The filtered log as CSV (newest first), before and after as JSON text. */
  async exportCsv(actor: CurrentUser, query: AuditQuery): Promise<string> {
    this.assertAdmin(actor);
    const rows = await this.ctx.db.select().from(auditLog).where(this.filter(query)).orderBy(desc(auditLog.id)).limit(AUDIT_EXPORT_MAX);
    return toCsv(
      AUDIT_EXPORT_COLUMNS,
      rows.map((r) => ({
        ...present(r),
        actorId: r.actorId ?? '',
        before: r.before === null ? '' : JSON.stringify(r.before),
        after: r.after === null ? '' : JSON.stringify(r.after),
      })),
    );
  }

  /** Days are the configured time zone's, as everywhere else on screens (dashboard, reports). */
  private filter(query: AuditQuery): SQL | undefined {
    const tz = this.ctx.settings.timeZone();
    const conditions: SQL[] = [];
    if (query.actorId !== undefined) conditions.push(eq(auditLog.actorId, query.actorId));
    if (query.action !== undefined) conditions.push(eq(auditLog.action, query.action));
    if (query.dateFrom) conditions.push(gte(auditLog.at, sql`(${query.dateFrom}::date)::timestamp at time zone ${tz}`));
    if (query.dateTo) conditions.push(lt(auditLog.at, sql`(${query.dateTo}::date + 1)::timestamp at time zone ${tz}`));
    return conditions.length ? and(...conditions) : undefined;
  }

  private assertAdmin(actor: CurrentUser): void {
    authorize(actor, 'audit.read');
  }
}
