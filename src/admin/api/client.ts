import { acceptLanguageFor, CODE_OK, type Envelope, type Lang } from '../../../contract/api';
import { REQUEST_TIMEOUT_MS } from '../../../contract/limits';
import type { CSRF_HEADER } from '../../../contract/staff-rules';

// The header's name, checked against the contract's by type: importing the value would bring
// staff-rules.ts's zod schemas (and zod) into the console for one string.
const CSRF: typeof CSRF_HEADER = 'x-csrf-token';

/**
 * A refused or failed call of the staff API: the server's stable key (`FORBIDDEN`,
 * `STAFF_BAD_CODE`, ..., or NETWORK / TIMEOUT when it did not answer), its message in the
 * staff member's language, and the fields it names.
 */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly text: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(key);
    this.name = 'AdminApiError';
  }
}

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

interface ErrorData {
  error?: string;
  fields?: Record<string, string>;
}

function refusal(status: number, body: unknown): AdminApiError {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Partial<Envelope<ErrorData>>;
  const data = envelope.data ?? {};
  const key = data.error ?? (status === 403 ? 'FORBIDDEN' : status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST');
  return new AdminApiError(status, key, envelope.msg ?? '', data.fields ?? {});
}

/** JSON calls of /api/admin with the session cookie (sent by the browser) and the CSRF header. */
export function createAdminClient(options: AdminClientOptions): AdminClient {
  async function send(url: string, init: RequestInit): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
    try {
      const response = await fetchImpl(url, {
        ...init,
        credentials: 'same-origin',
        signal: controller.signal,
        headers: {
          'Accept-Language': acceptLanguageFor(options.getLang()),
          ...(init.method === 'POST' ? { [CSRF]: options.getCsrf() } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
      });
      if (response.status === 401) options.onUnauthorized();
      return response;
    } catch {
      throw new AdminApiError(0, controller.signal.aborted ? 'TIMEOUT' : 'NETWORK', '');
    } finally {
      clearTimeout(timer);
    }
  }

  async function json<T>(url: string, init: RequestInit): Promise<T> {
    const response = await send(url, init);
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    const envelope = body as Envelope<T> | null;
    if (response.status === 200 && envelope?.code === CODE_OK) return envelope.data;
    throw refusal(response.status, body);
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
      const response = await send(url, { method: 'GET' });
      if (response.status === 200) return response.blob();
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        body = null;
      }
      throw refusal(response.status, body);
    },
  };
}
