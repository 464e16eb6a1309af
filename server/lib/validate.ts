import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  preValidationHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fieldErrors, validate } from '../../contract/account-rules.js';
import { ERROR_KEYS, type ErrorKey } from '../../contract/api.js';
import { ApiError } from './errors.js';
import { replyWriter, type ReplyWriter } from './reply-serializer.js';

/** A route plugin's instance once `withContract` made its schemas zod. */
export type ZodApp = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** Applies a contract rule set; a broken rule becomes a localized code-0 answer naming the field. */
export function parseWith<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = validate(schema, input ?? {});
  if (!result.ok) throw new ApiError(isErrorKey(result.first) ? result.first : 'BAD_REQUEST', 200, result.fields);
  return result.value;
}

const RULE_KEYS: ReadonlySet<string> = new Set(ERROR_KEYS);
function isErrorKey(message: string): message is ErrorKey {
  return RULE_KEYS.has(message);
}

/**
 * A request part that fails its schema. The contract's messages are stable keys: breaking
 * such a rule is the customer's mistake, answered with code 0 and the field's key
 * (docs/architecture.md#api-envelope). Anything else (a number where a string goes, a string past its length cap, a
 * JSON array for a form) is a malformed request: 400 naming the fields, never zod's text.
 */
export function refusalOf(error: z.ZodError): ApiError {
  if (error.issues.every((issue) => isErrorKey(issue.message))) {
    const fields = fieldErrors(error);
    const first = Object.values(fields)[0] ?? 'BAD_REQUEST';
    return new ApiError(isErrorKey(first) ? first : 'BAD_REQUEST', 200, fields);
  }
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('/');
    if (path) fields[path] = 'invalid';
  }
  return new ApiError('BAD_REQUEST', 400, fields);
}

/** Body, query and params through their zod schema; a form may arrive empty, so no body is `{}`. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    const result = schema.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    return result.success ? { value: result.data } : { error: refusalOf(result.error) };
  };

/**
 * Replies are written by fast-json-stringify from the JSON Schema of their zod schema, built
 * once per schema (the error envelope is shared by every route). It writes only the keys a
 * schema declares, so a field a route must not send (a password hash, an internal id) never
 * leaves; a reply that lacks a required field or fits no branch throws, and the error handler
 * answers 500 (logged) with no word of the reply. The few schemas JSON Schema cannot hold
 * stay on zod's parse (lib/reply-serializer.ts).
 */
const writers = new WeakMap<z.ZodType, ReplyWriter>();
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url, httpStatus }) => {
  // Compiled on a route's first reply, not at startup: all of them take about 400 ms.
  let writer = writers.get(schema);
  return (data) => {
    if (!writer) {
      writer = writers.get(schema) ?? replyWriter(schema, `${method} ${url} ${httpStatus}`);
      writers.set(schema, writer);
    }
    // Fastify's type says text; at run time it sends a Buffer as it is (lib/reply-serializer.ts).
    return writer(data) as string;
  };
};

/**
 * Call first in a route plugin: its routes then declare body, querystring, params and response
 * as zod schemas (from contract/) and get typed `request.body` / `request.query`. Set per
 * plugin (each is its own encapsulation context), so a plugin works on any Fastify instance.
 */
export function withContract(app: FastifyInstance): ZodApp {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app.withTypeProvider<ZodTypeProvider>();
}

/**
 * Text the database cannot hold: NUL (PostgreSQL text refuses it) and half a surrogate pair
 * (UTF-8 has no encoding for it, so the driver's bytes are refused). Both only come from a
 * client that means harm or is broken; neither is a customer's mistake.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path (`a/0/b`) of a string or key in `value` the database could not hold, '' when it is
 * `value` itself or a key at its top, null when there is none. Walked with a list rather
 * than recursion: a 1 MB JSON body can nest deeper than the call stack goes.
 */
export function unstorableAt(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return path;
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (UNSTORABLE.test(key)) return path;
        // A path past a sane depth stays at the last one named: it is echoed in the answer.
        pending.push([inner, !path ? key : path.length < 200 ? `${path}/${key}` : path]);
      }
    }
  }
  return null;
}

/**
 * Whether a flat part (headers, cookies, route parameters, a query) holds text the database
 * could not hold, without building paths: the answer on nearly every request is no. Nested
 * values (a query of objects) take the full walk.
 */
function flatPartIsClean(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return typeof value !== 'string' || !UNSTORABLE.test(value);
  if (Buffer.isBuffer(value)) return true;
  const part = value as Record<string, unknown>;
  for (const key in part) {
    if (UNSTORABLE.test(key)) return false;
    const inner = part[key];
    if (typeof inner === 'string') {
      if (UNSTORABLE.test(inner)) return false;
    } else if (Array.isArray(inner)) {
      for (const item of inner) if (typeof item !== 'string' || UNSTORABLE.test(item)) return false;
    } else if (inner !== undefined && inner !== null && typeof inner !== 'number' && typeof inner !== 'boolean') {
      return false;
    }
  }
  return true;
}

/** A 400 naming the field (as refusalOf names a malformed one), or null when all of it can be stored. */
export function unstorableRefusal(part: string, value: unknown): ApiError | null {
  if (value === undefined || flatPartIsClean(value)) return null;
  const path = unstorableAt(value);
  return path === null ? null : new ApiError('BAD_REQUEST', 400, { [path || part]: 'invalid' });
}

/** Every part of a request a handler can read before its body: route parameters, query, headers, cookies. */
const headRefusal = (request: FastifyRequest): ApiError | undefined =>
  unstorableRefusal('params', request.params) ??
  unstorableRefusal('query', request.query) ??
  unstorableRefusal('headers', request.headers) ??
  unstorableRefusal('cookies', request.cookies) ??
  undefined;

/**
 * The one rule for text from outside, on the root instance before any route is added so it
 * holds for every route, with a schema or without: the URL, headers and cookies when the
 * request arrives (the not-found handler included), the body (JSON, form, or text kept raw)
 * once parsed and before any schema, guard or handler sees it. A multipart body is a stream its handler
 * reads; the one field it takes is checked against a list there.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => done(headRefusal(request)));
  // Only where a body can arrive: Fastify parses none for GET and HEAD, and a hook run for
  // nothing on every read is a cost the reads are measured by (docs/performance.md). First
  // of the route's own preValidation hooks, as a root hook would be.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    const own = route.preValidation;
    route.preValidation = [bodyRefusal, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}

const bodyRefusal: preValidationHookHandler = (request, _reply, done) =>
  done(unstorableRefusal('body', request.body) ?? undefined);
