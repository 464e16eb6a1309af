import { CODE_OK, type Envelope, type Lang } from '../../../contract/api';
import type { CSRF_HEADER } from '../../../contract/staff-rules';
import {
  ClientError as AdminApiError,
  exchange,
  languageHeader,
  noAnswerKey,
  readBody,
  refusalOf,
} from '../../lib/http-core';

// The header's name, checked against the contract's by type: importing the value would bring
// staff-rules.ts's zod schemas (and zod) into the console for one string.
const CSRF: typeof CSRF_HEADER = 'x-csrf-token';

/**
 * A refused or failed call of the staff API: the shared toolkit's error (src/lib/http-core.ts),
 * by the name the console has always used.
 */
export { ClientError as AdminApiError } from '../../lib/http-core';

export type Query = Record<string, string | number | boolean | undefined>;

export interface AdminClient {
  get<T>(url: string, query?: Query): Promise<T>;
  post<T>(url: string, body?: unknown): Promise<T>;
  /** A document's bytes (the image the server watermarked), for an object URL. */
  blob(url: string): Promise<Blob>;
}

export interface AdminClientOptions {
  getLang: () => Lang;
  /** The session's CSRF token, echoed by every change. */
  getCsrf: () => string;
  /** Any 401: the session is over, the console goes back to sign-in. */
  onUnauthorized: () => void;
  fetchImpl?: typeof fetch;
}

export function withQuery(url: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

function refusal(status: number, body: unknown): AdminApiError {
  const fallback = status === 403 ? 'FORBIDDEN' : status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST';
  const { key, text, fields } = refusalOf(body, fallback);
  return new AdminApiError(status, key, text, fields);
}

/** JSON calls of /api/admin with the session cookie (sent by the browser) and the CSRF header. */
export function createAdminClient(options: AdminClientOptions): AdminClient {
  /** Sends with the console's headers; reads the body as a blob only when asked and answered. */
  async function send(url: string, init: RequestInit, asBlob = false): Promise<{ status: number; body: unknown }> {
    const { response, body } = await exchange(
      url,
      {
        ...init,
        credentials: 'same-origin',
        headers: {
          ...languageHeader(options.getLang()),
          ...(init.method === 'POST' ? { [CSRF]: options.getCsrf() } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
      },
      { fetchImpl: options.fetchImpl },
      (r) => (asBlob && r.status === 200 ? r.blob() : readBody(r)),
      (kind) => new AdminApiError(0, noAnswerKey(kind), ''),
    );
    if (response.status === 401) options.onUnauthorized();
    return { status: response.status, body };
  }

  async function json<T>(url: string, init: RequestInit): Promise<T> {
    const { status, body } = await send(url, init);
    const envelope = body as Envelope<T> | null;
    if (status === 200 && envelope?.code === CODE_OK) return envelope.data;
    throw refusal(status, body);
  }

  return {
    get: <T>(url: string, query?: Query) => json<T>(withQuery(url, query), { method: 'GET' }),
    post: <T>(url: string, body: unknown = {}) =>
      json<T>(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    async blob(url: string): Promise<Blob> {
      const { status, body } = await send(url, { method: 'GET' }, true);
      if (status === 200) return body as Blob;
      throw refusal(status, body);
    },
  };
}
