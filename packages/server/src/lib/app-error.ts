import type { ErrorCode } from '@switchboard/shared';

/** A failure the client should see: HTTP status + spec §8 code (+ optional human message). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status = 400,
    message?: string,
  ) {
    super(message ?? code);
  }
}

export const notFound = (code: ErrorCode = 'ERR_NOT_FOUND') => new AppError(code, 404);
export const forbidden = () => new AppError('ERR_NO_PERMISSION', 403);
export const conflict = (code: ErrorCode) => new AppError(code, 409);

/** PostgreSQL unique violation, whatever the driver wraps it in. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

/** A deadlock (40P01) or serialization failure (40001): the transaction may simply be run again. */
export function isRetryableConflict(err: unknown): boolean {
  const code = findPgError(err)?.code;
  return code === '40P01' || code === '40001';
}

export function isForeignKeyViolation(err: unknown): boolean {
  return findPgError(err)?.code === '23503';
}

/**
 * PostgreSQL "data exception" codes caused by a value the client sent (a number beyond the column's
 * range, text that is not a number or a date, too long for the column): a 400, not a 500.
 */
// 22021 and 22P05: text with a byte sequence the database cannot hold (a NUL that reached it).
const CLIENT_DATA_ERRORS = new Set(['22001', '22003', '22007', '22008', '22P02', '22021', '22P05']);
export function isClientDataError(err: unknown): boolean {
  const code = findPgError(err)?.code;
  return !!code && CLIENT_DATA_ERRORS.has(code);
}

/**
 * The database refusing writes (read-only: 25006), out of resources (class 53: disk full 53100,
 * out of memory 53200, too many clients 53300), shutting down or not taking connections
 * (57P01–57P03), an I/O error on its files (58030), or the connection lost (class 08); and the
 * same faults as the drivers report them before PostgreSQL can (a refused or dropped socket, a
 * full or read-only disk under the embedded database): the request changed nothing the database
 * did not roll back, and it can be tried again later — a 503, not a 500.
 */
const UNAVAILABLE_ERRORS = new Set(['25006', '57P01', '57P02', '57P03', '58030']);
const UNAVAILABLE_SYSTEM_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOSPC',
  'EDQUOT',
  'EIO',
  'EROFS',
]);
/** node-postgres and its pool say a lost or impossible connection in words, without a code. */
const UNAVAILABLE_DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /Cannot use a pool after calling end on the pool/,
  /^PGlite is closed/,
];
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = findPgError(err)?.code;
  if (code) return UNAVAILABLE_ERRORS.has(code) || code.startsWith('08') || code.startsWith('53');
  // An outbound HTTP call (Graph API, a webhook test) that could not connect is not the database.
  if (err instanceof Error && err.message === 'fetch failed') return false;
  for (let cur: unknown = err, i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && UNAVAILABLE_SYSTEM_ERRORS.has(c.code)) return true;
    if (typeof c.message === 'string' && UNAVAILABLE_DRIVER_MESSAGES.some((re) => re.test(c.message as string))) return true;
    cur = c.cause;
  }
  return false;
}

function findPgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^\d{5}$|^[0-9A-Z]{5}$/.test(c.code)) {
      return { code: c.code, constraint: c.constraint };
    }
    cur = c.cause;
  }
  return undefined;
}
