import type { FastifyError, FastifyInstance } from 'fastify';
import { refused } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';

function keyForStatus(status: number): string {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 404:
      return 'NOT_FOUND';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST';
  }
}

/**
 * The one place errors become envelopes: localized, with a stable key, never internals.
 * A request part that fails its zod schema arrives here as an ApiError already (code 0 for a
 * broken contract rule, 400 for a malformed part: lib/validate.ts); Fastify's own refusals
 * (unsupported media type, broken JSON, too large) keep their 4xx status.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfter))));
      return reply
        .status(error.status)
        .send(refused(request.lang, error.key, error.fields, error.params, error.messageKey));
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(refused(request.lang, keyForStatus(status)));
  });
}
