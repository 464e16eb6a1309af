import type { ErrorKey } from '../../contract/api.js';

/**
 * A request the server understood and refuses for a business reason. It answers HTTP 200
 * with code 0 (docs/architecture.md#api-envelope) unless `status` says otherwise (401, 404, 413, 429).
 */
export class ApiError extends Error {
  constructor(
    /** A key of contract/api.ts's ERROR_KEYS, so each has its message in locales/. */
    readonly key: ErrorKey,
    readonly status = 200,
    readonly fields?: Record<string, string>,
    readonly params: Record<string, string | number> = {},
    /** A more specific text than `api.errors.<key>`, for the same stable key. */
    readonly messageKey?: string,
    /** Seconds until trying again helps; sent as `Retry-After` (with 429). */
    readonly retryAfter?: number,
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

export class UnauthorizedError extends ApiError {
  constructor() {
    super('UNAUTHORIZED', 401);
    this.name = 'UnauthorizedError';
  }
}

export class NotFoundError extends ApiError {
  constructor() {
    super('NOT_FOUND', 404);
    this.name = 'NotFoundError';
  }
}
