// The part of an API call both apps share (issue 28): one timeout, one reading of the answer
// and one error class. Each app wraps it with its own headers and session (the customer's
// token, the console's cookie and CSRF header) in src/api/http-client.ts and src/admin/api/client.ts.
import { acceptLanguageFor, type Envelope, type Lang } from '../../contract/api';
import { REQUEST_TIMEOUT_MS } from '../../contract/limits';

export type FailureKind = 'http' | 'timeout' | 'network';

/**
 * A refused or failed call: the server's stable key (`NOT_FOUND`, `FORBIDDEN`, ..., or NETWORK /
 * TIMEOUT when it did not answer), its message in the reader's language, and the fields it names.
 */
export class ClientError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly text: string,
    readonly fields: Record<string, string> = {},
    message: string = key,
    /** The server's id of the failed request (`x-request-id`): the reference a customer gives support. */
    readonly requestId: string = '',
  ) {
    super(message);
    this.name = 'ClientError';
  }
}

/** The key a call that got no answer is known by. */
export function noAnswerKey(kind: 'timeout' | 'network'): 'TIMEOUT' | 'NETWORK' {
  return kind === 'timeout' ? 'TIMEOUT' : 'NETWORK';
}

/**
 * Any non-200 answer, a timeout or a network failure. For HTTP failures `data` is the
 * parsed response body when there is one (docs/requirements.md#calls: with 401 the data is passed on);
 * `key`, `text` and `fields` read it as the console's errors do.
 */
export class ApiRequestError extends ClientError {
  constructor(
    readonly kind: FailureKind,
    status: number,
    readonly data: unknown,
    /** From `Retry-After` (seconds), sent with 429: how long the refusal lasts. */
    readonly retryAfter?: number,
    /** The answer's `x-request-id`, when its envelope did not name the request itself (a proxy's 502). */
    requestIdHeader: string | null = null,
  ) {
    const refusal =
      kind === 'http' ? refusalOf(data, 'SERVER_ERROR') : { key: noAnswerKey(kind), text: '', fields: {} };
    super(
      status,
      refusal.key,
      refusal.text,
      refusal.fields,
      kind === 'http' ? `HTTP ${status}` : kind,
      kind === 'http' ? referenceOf(data, requestIdHeader) : '',
    );
    this.name = 'ApiRequestError';
  }
}

interface ErrorData {
  error?: string;
  fields?: Record<string, string>;
  requestId?: string;
}

// What the server makes or keeps (server/lib/request-id.ts); anything else is not shown as a reference.
const REFERENCE = /^[A-Za-z0-9._:-]{1,64}$/;

/** The failed request's id: from its envelope, else from its `x-request-id` header. */
function referenceOf(body: unknown, header: string | null): string {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : null;
  const fromBody = typeof data === 'object' && data !== null ? (data as ErrorData).requestId : undefined;
  const id = typeof fromBody === 'string' ? fromBody : (header ?? '');
  return REFERENCE.test(id) ? id : '';
}

/** What a refusal's envelope says; `fallback` names it when the server gave no key. */
export function refusalOf(
  body: unknown,
  fallback: string,
): { key: string; text: string; fields: Record<string, string> } {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Partial<Envelope<ErrorData | null>>;
  const data = typeof envelope.data === 'object' && envelope.data !== null ? envelope.data : {};
  return {
    key: data.error || fallback,
    text: typeof envelope.msg === 'string' ? envelope.msg : '',
    fields: data.fields ?? {},
  };
}

/** The body as JSON when it is JSON, as text otherwise, null when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function languageHeader(lang: Lang): Record<string, string> {
  return { 'Accept-Language': acceptLanguageFor(lang) };
}

export interface ExchangeOptions {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Sends one request and reads its answer under one timeout. When either fails, throws what
 * `fail` makes of it; any HTTP status is an answer, for the caller to judge.
 */
export async function exchange<B>(
  target: string,
  init: RequestInit,
  options: ExchangeOptions,
  read: (response: Response) => Promise<B>,
  fail: (kind: 'timeout' | 'network', cause: unknown) => Error,
): Promise<{ response: Response; body: B }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  // Read the fetch implementation per call: tests and web views may replace it late.
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  try {
    const response = await fetchImpl(target, { ...init, signal: controller.signal });
    return { response, body: await read(response) };
  } catch (error) {
    throw fail(controller.signal.aborted ? 'timeout' : 'network', error);
  } finally {
    clearTimeout(timer);
  }
}
