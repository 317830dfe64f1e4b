import type { ErrorBody } from '@switchboard/shared';

/** A failed API call: the server's `{error, message, details}` plus the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: ErrorBody['details'];

  constructor(status: number, body: Partial<ErrorBody> | null) {
    const code = body?.error ?? (status === 0 ? 'ERR_NETWORK' : `HTTP_${status}`);
    super(body?.message ?? code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = body?.details;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
