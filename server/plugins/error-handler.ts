import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { langFromAcceptLanguage } from '../../contract/api.js';
import { refused, type RefusedEnvelope } from '../lib/envelope.js';
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

/** A refusal carrying the request's id, for a customer to quote to support and support to find in the log. */
export function refusedWithId(
  request: FastifyRequest,
  key: string,
  fields?: Record<string, string>,
  params?: Record<string, string | number>,
  messageKey?: string,
): RefusedEnvelope {
  const envelope = refused(request.lang, key, fields, params, messageKey);
  envelope.data.requestId = request.id;
  return envelope;
}

const refusedPlain = (
  request: FastifyRequest,
  key: string,
  fields?: Record<string, string>,
  params?: Record<string, string | number>,
  messageKey?: string,
): RefusedEnvelope => refused(request.lang, key, fields, params, messageKey);

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
      // A refusal sent with HTTP 200 is an answer the page explains in words; a 4xx is a failure,
      // and a customer may need to tell support which one.
      const refusal = error.status >= 400 ? refusedWithId : refusedPlain;
      return reply.status(error.status).send(refusal(request, error.key, error.fields, error.params, error.messageKey));
    }
    // Percent-encoding that does not decode (a cookie, a query a handler decodes itself) is
    // the client's: decodeURIComponent is the only thing that throws it.
    const fromClient = error instanceof URIError ? 400 : error.statusCode;
    const status = typeof fromClient === 'number' && fromClient >= 400 ? fromClient : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(refusedWithId(request, keyForStatus(status)));
  });
}

/**
 * Fastify's own refusals before a route is found (`frameworkErrors`): a path whose
 * percent-encoding does not decode (400), a route parameter past its length (414). The
 * envelope too, in the request's language; the request's hooks never ran.
 */
export function frameworkRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  const lang = langFromAcceptLanguage(request.headers['accept-language']);
  const envelope = refused(lang, keyForStatus(status));
  envelope.data.requestId = request.id;
  // The request's hooks never ran: the header the onRequest hook adds is added here.
  void reply.status(status).header('x-request-id', request.id).send(envelope);
}
