/**
 * Graph API errors → what the product says and whether to try again. Meta's error-code reference
 * names the codes; retrying is only for those it documents as temporary (throttling, service
 * unavailable). Everything else needs a person to act (a new token, a template, another number).
 */
import type { CloudErrorCode } from '@switchboard/shared';
import { ChannelError } from '../driver.js';

/** The `error` object of a Graph API error answer (and of a failed status in the webhook). */
export interface GraphErrorBody {
  message?: string;
  title?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_data?: { details?: string } | string;
  fbtrace_id?: string;
}

export class GraphError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: GraphErrorBody,
  ) {
    super(`Graph API ${httpStatus}: (#${body.code ?? '?'}) ${body.message ?? body.title ?? 'error'}`);
  }
}

const RATE_LIMIT = new Set([4, 80007, 130429, 131048, 131056]);
const UNAVAILABLE = new Set([1, 2, 131000, 131016, 133004]);
const AUTH = new Set([0, 3, 10, 190]);
const UNDELIVERABLE = new Set([131026, 131021, 131030, 131049, 131050]);
const MEDIA = new Set([131052, 131053]);
const ACCOUNT = new Set([368, 131031, 131042, 131045, 133010, 130497]);

/** The product's code for a Graph API error code, and whether Meta says a retry may succeed. */
export function classifyGraphError(code: number | undefined, httpStatus = 400): { code: CloudErrorCode; retryable: boolean } {
  if (code !== undefined) {
    if (RATE_LIMIT.has(code)) return { code: 'ERR_CLOUD_RATE_LIMIT', retryable: true };
    if (UNAVAILABLE.has(code)) return { code: 'ERR_CLOUD_UNAVAILABLE', retryable: true };
    if (code === 131047) return { code: 'ERR_CLOUD_WINDOW_CLOSED', retryable: false };
    if (AUTH.has(code) || (code >= 200 && code <= 299)) return { code: 'ERR_CLOUD_AUTH', retryable: false };
    if (UNDELIVERABLE.has(code)) return { code: 'ERR_CLOUD_UNDELIVERABLE', retryable: false };
    if (MEDIA.has(code)) return { code: 'ERR_CLOUD_MEDIA', retryable: false };
    if (code >= 132000 && code < 133000) return { code: 'ERR_CLOUD_TEMPLATE', retryable: false };
    if (ACCOUNT.has(code)) return { code: 'ERR_CLOUD_ACCOUNT', retryable: false };
  }
  // No code Meta documents: a server-side failure may pass, a refused request will not.
  if (httpStatus >= 500) return { code: 'ERR_CLOUD_UNAVAILABLE', retryable: true };
  return { code: 'ERR_CLOUD_INVALID', retryable: false };
}

/** Any failure of a Graph API call as the ChannelError the outbox understands. */
export function toChannelError(err: unknown): ChannelError {
  if (err instanceof ChannelError) return err;
  if (err instanceof GraphError) {
    const { code, retryable } = classifyGraphError(err.body.code, err.httpStatus);
    return new ChannelError(code, err.message, retryable);
  }
  // The network failed (Meta unreachable, a timeout): the request may be tried again.
  return new ChannelError('ERR_CLOUD_UNAVAILABLE', err instanceof Error ? err.message : String(err), true);
}
