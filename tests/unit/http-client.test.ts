import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_PLACEHOLDER, type Lang } from '../../contract/api';
import { ApiRequestError, createHttpClient } from '../../src/api/http-client';
import { toResult } from '../../src/lib/action-result';
import { envelope, fakeFetch } from './helpers/fake-server';

function client(handler: Parameters<typeof fakeFetch>[0], token: string | null = null, lang: Lang = 'cn') {
  const fake = fakeFetch(handler);
  const http = createHttpClient({ fetchImpl: fake.fetch, getToken: () => token, getLang: () => lang });
  return { http, seen: fake.seen };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('API client', () => {
  it('sends the placeholder token and zh-cn when signed out in Chinese', async () => {
    const { http, seen } = client(() => ({ status: 200, body: envelope([]) }));
    await http.request({ url: '/api/banner/lists' });
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.headers.token).toBe(TOKEN_PLACEHOLDER);
    expect(seen[0]?.headers['accept-language']).toBe('zh-cn');
  });

  it('sends the stored token and ja in Japanese', async () => {
    const { http, seen } = client(() => ({ status: 200, body: envelope({}) }), 'tok-123', 'ja');
    await http.request({ url: '/api/user/userinfo' });
    expect(seen[0]?.headers.token).toBe('tok-123');
    expect(seen[0]?.headers['accept-language']).toBe('ja');
  });

  it('form-encodes POST bodies, skipping absent values', async () => {
    const { http, seen } = client(() => ({ status: 200, body: envelope(null) }));
    await http.request({
      url: '/api/user/login',
      method: 'POST',
      data: { email: 'a+b@example.com', password: 'p&ss=1 中', remember: true, skip: undefined, none: null },
    });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const body = new URLSearchParams(seen[0]?.body ?? '');
    expect(body.get('email')).toBe('a+b@example.com');
    expect(body.get('password')).toBe('p&ss=1 中');
    expect(body.get('remember')).toBe('true');
    expect(body.has('skip')).toBe(false);
    expect(body.has('none')).toBe(false);
  });

  it('puts GET data in the query string and sends no body', async () => {
    const { http, seen } = client(() => ({ status: 200, body: envelope(null) }));
    await http.request({ url: '/api/page/detail', data: { name: 'terms of use' } });
    expect(seen[0]?.url).toBe('/api/page/detail?name=terms+of+use');
    expect(seen[0]?.body).toBeNull();
  });

  it('resolves HTTP 200 with the envelope, even a refusal', async () => {
    const { http } = client(() => ({ status: 200, body: envelope({ error: 'X' }, 0, '不行') }));
    await expect(http.request({ url: '/api/x' })).resolves.toMatchObject({ code: 0, msg: '不行' });
  });

  it('rejects a 401 and passes its data on', async () => {
    const body = envelope({ error: 'UNAUTHORIZED' }, 0, '请先登录');
    const { http } = client(() => ({ status: 401, body }));
    const error = await http.request({ url: '/api/user/userinfo' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ kind: 'http', status: 401, data: body });
  });

  it('rejects any other non-200 status', async () => {
    for (const status of [201, 204, 400, 404, 413, 429, 500, 502]) {
      const { http } = client(() => ({ status, body: envelope(null, 0) }));
      await expect(http.request({ url: '/api/x' }), String(status)).rejects.toMatchObject({ kind: 'http', status });
    }
  });

  it('gives up after 60 seconds with a timeout', async () => {
    vi.useFakeTimers();
    const never = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof fetch;
    const http = createHttpClient({ fetchImpl: never, getToken: () => null, getLang: () => 'cn' });
    const pending = http.request({ url: '/api/slow' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'timeout' });
  });

  it('reports a network failure as such', async () => {
    const broken = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const http = createHttpClient({ fetchImpl: broken, getToken: () => null, getLang: () => 'cn' });
    await expect(http.request({ url: '/api/x' })).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('refusals from a limit (HTTP 429)', () => {
  const limited = (async () =>
    new Response(JSON.stringify(envelope({ error: 'RATE_LIMITED' }, 0, '登录失败次数过多，请 1 分钟后再试')), {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '42' },
    })) as typeof fetch;

  it('rejects with the envelope and how long to wait', async () => {
    const http = createHttpClient({ fetchImpl: limited, getToken: () => null, getLang: () => 'cn' });
    const error = await http.request({ url: '/api/user/login', method: 'POST' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'http',
      status: 429,
      retryAfter: 42,
      data: { data: { error: 'RATE_LIMITED' } },
    });
  });

  it("shows the server's localized message, not a network error", async () => {
    const http = createHttpClient({ fetchImpl: limited, getToken: () => null, getLang: () => 'cn' });
    const result = await toResult(
      () => http.request({ url: '/api/user/login', method: 'POST' }),
      () => undefined,
    );
    expect(result).toEqual({
      ok: false,
      msg: '登录失败次数过多，请 1 分钟后再试',
      error: 'RATE_LIMITED',
      fields: {},
      retryAfter: 42,
    });
  });
});
