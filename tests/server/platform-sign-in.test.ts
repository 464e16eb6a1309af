import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSandboxCode } from '../../server/accounts/providers/sandbox-oauth';
import { backends } from './helpers/databases';
import { getJson, postForm, type SignedInBody } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

describe.each(backends)('WeChat and Alipay sign-in on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const exchange = (code: string, platform = 'wechat') =>
    postForm<SignedInBody>(t.app, '/api/user/auth_code', { auth_code: code, platform });

  it('creates an account for a new WeChat identity and finds it again next time', async () => {
    const db = t.database.handle.db;
    const first = await exchange(await issueSandboxCode(db, 'wechat', { subject: 'o-abc', nickname: '小明' }));
    expect(first.body.code).toBe(1);
    expect(first.body.data.userinfo).toMatchObject({ username: '小明', email: null, hasPassword: false });
    const second = await exchange(await issueSandboxCode(db, 'wechat', { subject: 'o-abc', nickname: '小明' }));
    expect(second.body.data.userinfo.id).toBe(first.body.data.userinfo.id);
    expect(second.body.data.userinfo.token).not.toBe(first.body.data.userinfo.token);
  });

  it('refuses a code used twice', async () => {
    const code = await issueSandboxCode(t.database.handle.db, 'wechat', { subject: 'o-twice', nickname: '' });
    expect((await exchange(code)).body.code).toBe(1);
    const again = await exchange(code);
    expect(again.body).toMatchObject({ code: 0, msg: '授权登录失败，请重试', data: { error: 'OAUTH_FAILED' } });
  });

  it('keeps WeChat and Alipay identities apart', async () => {
    const code = await issueSandboxCode(t.database.handle.db, 'wechat', { subject: 'same-id', nickname: '' });
    expect((await exchange(code, 'alipay')).body.data).toMatchObject({ error: 'OAUTH_FAILED' });
    const alipay = await postForm<{ authCode: string }>(t.app, '/sandbox/alipay/auth_code', { uid: '2088000111' });
    const signed = await exchange((alipay.body as unknown as { authCode: string }).authCode, 'alipay');
    expect(signed.body.code).toBe(1);
  });

  it('refuses an unknown platform with a field error', async () => {
    const res = await postForm(t.app, '/api/user/auth_code', { auth_code: 'x', platform: 'facebook' });
    expect(res.body.data).toMatchObject({ error: 'BAD_REQUEST' });
  });

  describe('sandbox authorize page', () => {
    const authorize = (query: Record<string, string>, cookie?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/sandbox/wechat/authorize?${new URLSearchParams(query).toString()}`,
        headers: cookie ? { cookie } : {},
      });
    const good = {
      appid: 'wx-sandbox-app',
      redirect_uri: 'http://localhost:80/h5/pages/user/index',
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state: 's1',
    };

    it('refuses a redirect to another site', async () => {
      const res = await authorize({ ...good, redirect_uri: 'https://evil.example/steal' });
      expect(res.statusCode).toBe(400);
    });

    it('asks for consent first, then returns with code and state, and later skips the question', async () => {
      const page = await authorize(good);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<form method="post"');
      const allow = await t.app.inject({
        method: 'POST',
        url: '/sandbox/wechat/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:80' },
        payload: new URLSearchParams({
          redirect_uri: 'http://localhost:80/h5/pages/user/index',
          state: 's1',
          nickname: '阿华',
        }).toString(),
      });
      expect(allow.statusCode).toBe(302);
      const target = new URL(String(allow.headers.location));
      expect(target.pathname).toBe('/h5/pages/user/index');
      expect(target.searchParams.get('state')).toBe('s1');
      const signed = await exchange(target.searchParams.get('code')!);
      expect(signed.body.data.userinfo.username).toBe('阿华');

      const cookies = ([] as string[])
        .concat(allow.headers['set-cookie'] ?? [])
        .map((c) => c.split(';')[0])
        .join('; ');
      const silent = await authorize({ ...good, state: 's2' }, cookies);
      expect(silent.statusCode).toBe(302);
      const back = new URL(String(silent.headers.location));
      const again = await exchange(back.searchParams.get('code')!);
      expect(again.body.data.userinfo.id).toBe(signed.body.data.userinfo.id);
    });
  });

  it('serves the development outbox outside production', async () => {
    const res = await getJson(t.app, '/dev/outbox.json');
    expect(res.status).toBe(200);
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Stand-in providers run in production only on a staging site that says so.
    t = await createTestApp('pglite', {
      env: { NODE_ENV: 'production', SANDBOX: '1', DOCUMENT_KEY: Buffer.alloc(32, 7).toString('base64') },
    });
  });
  afterAll(() => t.close());

  it('refuses to start without a document encryption key', async () => {
    await expect(createTestApp('pglite', { env: { NODE_ENV: 'production' } })).rejects.toThrow(/DOCUMENT_KEY/);
  });

  it('has no development outbox', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404);
  });
});
