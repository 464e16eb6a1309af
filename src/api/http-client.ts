import { TOKEN_PLACEHOLDER, type Envelope, type Lang } from '../../contract/api';
import { REQUEST_TIMEOUT_MS } from '../../contract/limits';
import { ApiRequestError, exchange, languageHeader, readBody } from '../lib/http-core';

// The error lives in the shared toolkit, beside the console's; callers keep importing it here.
export { ApiRequestError, type FailureKind } from '../lib/http-core';

export type FormValue = string | number | boolean | null | undefined;
export type FormFields = Record<string, FormValue>;

export interface RequestOptions {
  url: string;
  method?: 'GET' | 'POST';
  data?: FormFields;
  /** The caller deals with a 401 itself (launch), instead of the app signing out. */
  quietUnauthorized?: boolean;
  /** A session already forgotten here but still to be ended on the server (logout). */
  token?: string;
}

export interface HttpClientOptions {
  baseUrl?: string;
  getToken: () => string | null;
  getLang: () => Lang;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** Told about every 401 (docs/architecture.md#api-envelope: the app signs out and goes to login). */
  onUnauthorized?: () => void;
}

export interface HttpClient {
  request<T>(options: RequestOptions): Promise<Envelope<T>>;
  /** The one multipart call: a file upload, with the same headers, timeout and status rules. */
  upload<T>(url: string, body: globalThis.FormData): Promise<Envelope<T>>;
  /** Raw bytes of an authorized GET (an uploaded document shown back to its owner). */
  blob(url: string): Promise<Blob>;
}

export function encodeForm(data: FormFields | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  return params.toString();
}

function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl ?? '';
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  const headersFor = (extra: Record<string, string> = {}): Record<string, string> => ({
    token: options.getToken() || TOKEN_PLACEHOLDER,
    ...languageHeader(options.getLang()),
    ...extra,
  });

  async function send(
    target: string,
    init: RequestInit,
    quietUnauthorized: boolean | undefined,
    read: (r: Response) => Promise<unknown>,
  ) {
    const { response, body } = await exchange(
      target,
      init,
      { fetchImpl: options.fetchImpl, timeoutMs },
      (r) => (r.status === 200 ? read(r) : readBody(r)),
      (kind, cause) => new ApiRequestError(kind, 0, cause),
    );
    if (response.status === 401 && !quietUnauthorized) options.onUnauthorized?.();
    if (response.status !== 200)
      throw new ApiRequestError(
        'http',
        response.status,
        body,
        retryAfterOf(response),
        response.headers.get('x-request-id'),
      );
    return body;
  }

  return {
    async request<T>({ url, method = 'GET', data, quietUnauthorized, token }: RequestOptions): Promise<Envelope<T>> {
      const encoded = encodeForm(data);
      const target = method === 'GET' && encoded ? `${baseUrl}${url}?${encoded}` : `${baseUrl}${url}`;
      const headers = headersFor({
        ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        ...(token ? { token } : {}),
      });
      const init: RequestInit = { method, headers, body: method === 'POST' ? encoded : undefined };
      return (await send(target, init, quietUnauthorized, readBody)) as Envelope<T>;
    },
    async upload<T>(url: string, body: globalThis.FormData): Promise<Envelope<T>> {
      // No Content-Type: the browser writes the multipart boundary itself.
      const init: RequestInit = { method: 'POST', headers: headersFor(), body };
      return (await send(`${baseUrl}${url}`, init, false, readBody)) as Envelope<T>;
    },
    async blob(url: string): Promise<Blob> {
      return (await send(`${baseUrl}${url}`, { method: 'GET', headers: headersFor() }, false, (r) => r.blob())) as Blob;
    },
  };
}
