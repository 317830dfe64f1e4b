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
 * The database refusing writes (read-only: 25006), out of disk (53100), shutting down or not taking
 * connections (57P01–57P03), or the connection lost (class 08): the request changed nothing the
 * database did not roll back, and it can be tried again later — a 503, not a 500.
 */
const UNAVAILABLE_ERRORS = new Set(['25006', '53100', '57P01', '57P02', '57P03']);
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = findPgError(err)?.code;
  return !!code && (UNAVAILABLE_ERRORS.has(code) || code.startsWith('08'));
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
