import { describe, expect, it } from 'vitest';
import { AdminApiError, createAdminClient } from '../../src/admin/api/client';
import { SessionStore } from '../../src/admin/stores/session-store';
import { adminApi } from '../../src/admin/api/endpoints';

type Call = { url: string; init: RequestInit };

/** A fetch answering from a table of (method, path) -> [status, body]. */
function fakeFetch(answers: Record<string, [number, unknown]>, calls: Call[]): typeof fetch {
  // The client calls fetch with a string URL.
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input as string;
    calls.push({ url, init });
    const [status, body] = answers[`${init.method ?? 'GET'} ${url.split('?')[0]}`] ?? [
      404,
      { code: 0, msg: '', data: { error: 'NOT_FOUND' } },
    ];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
}

const ok = (data: unknown) => ({ code: 1, msg: 'ok', time: 0, data });
const me = { stage: 'active', csrf: 'csrf-1', staff: { login: 'rev1', name: 'R', role: 'reviewer' } };

describe('the console API client', () => {
  it('sends JSON with the CSRF token and language on changes, and unwraps the envelope', async () => {
    const calls: Call[] = [];
    const client = createAdminClient({
      getLang: () => 'ja',
      getCsrf: () => 'csrf-1',
      onUnauthorized: () => undefined,
      fetchImpl: fakeFetch({ 'POST /api/admin/orders/SM1/approve': [200, ok({ done: true })] }, calls),
    });
    expect(await client.post('/api/admin/orders/SM1/approve', { checklist: {} })).toEqual({ done: true });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['x-csrf-token']).toBe('csrf-1');
    expect(headers['Accept-Language']).toBe('ja');
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.init.credentials).toBe('same-origin');
  });

  it('turns a refusal into its key, message and fields', async () => {
    const client = createAdminClient({
      getLang: () => 'cn',
      getCsrf: () => '',
      onUnauthorized: () => undefined,
      fetchImpl: fakeFetch(
        {
          'POST /api/admin/orders/SM1/activate': [
            200,
            {
              code: 0,
              msg: '号码不对',
              time: 0,
              data: { error: 'MSISDN_INVALID', fields: { msisdn: 'MSISDN_INVALID' } },
            },
          ],
          'GET /api/admin/documents/x': [403, { code: 0, msg: '', time: 0, data: { error: 'FORBIDDEN' } }],
        },
        [],
      ),
    });
    const refused = await client.post('/api/admin/orders/SM1/activate', {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AdminApiError);
    expect(refused).toMatchObject({ key: 'MSISDN_INVALID', text: '号码不对', fields: { msisdn: 'MSISDN_INVALID' } });
    expect(await client.blob('/api/admin/documents/x').catch((e: unknown) => e)).toMatchObject({
      status: 403,
      key: 'FORBIDDEN',
    });
  });

  it('returns to sign-in on any 401 and forgets who was signed in', async () => {
    const answers: Record<string, [number, unknown]> = { 'GET /api/admin/me': [200, ok(me)] };
    let forgotten = 0;
    let session: SessionStore | null = null;
    const api = adminApi(
      createAdminClient({
        getLang: () => 'cn',
        getCsrf: () => session?.csrf ?? '',
        onUnauthorized: () => session?.expire(),
        fetchImpl: fakeFetch(answers, []),
      }),
    );
    session = new SessionStore(api, () => (forgotten += 1));
    await session.check();
    expect(session.phase).toBe('active');
    expect(session.can('review')).toBe(true);
    expect(session.can('money')).toBe(false);

    answers['GET /api/admin/review'] = [401, { code: 0, msg: '', time: 0, data: { error: 'STAFF_SIGN_IN_FIRST' } }];
    await expect(api.reviewQueue()).rejects.toMatchObject({ status: 401 });
    expect(session.phase).toBe('signed-out');
    expect(session.notice).toBe('expired');
    expect(session.staff).toBeNull();
    expect(session.csrf).toBe('');
    expect(forgotten).toBe(1);
  });
});
