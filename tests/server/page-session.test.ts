import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PAGE_SESSION_COOKIE } from '../../contract/page-render';
import { userTokens } from '../../server/db/schema';
import { hashToken } from '../../server/lib/sessions';
import { bootOf, servedBuild } from './helpers/page-build';
import { postForm, type SignedInBody } from './helpers/requests';

/** The page-session cookie a reply sets, with its attributes as the browser reads them. */
function pageCookie(res: LightMyRequestResponse) {
  const set = res.headers['set-cookie'];
  const all = Array.isArray(set) ? set : set ? [set] : [];
  const line = all.find((c) => c.startsWith(`${PAGE_SESSION_COOKIE}=`));
  if (!line) return null;
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const attrs = new Map(attributes.map((a) => [a.split('=')[0]!.toLowerCase(), a.split('=').slice(1).join('=')]));
  return { value: pair.slice(PAGE_SESSION_COOKIE.length + 1), attrs };
}

describe('the page-session cookie', () => {
  const served = servedBuild();
  const register = (username: string) =>
    postForm<SignedInBody>(served.t.app, '/api/user/register', {
      username,
      email: `${username.toLowerCase()}@example.com`,
      password: 'sakura2024',
      repassword: 'sakura2024',
    });

  it('is the token, for pages only, never readable by scripts, sent only over HTTPS, ended with the token', async () => {
    await register('Ayaka');
    const signedIn = await served.t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ayaka%40example.com&password=sakura2024',
    });
    const set = pageCookie(signedIn);
    const token = signedIn.json<{ data: SignedInBody }>().data.userinfo.token;
    expect(set?.value).toBe(token);
    expect(set?.attrs.get('path')).toBe('/h5/');
    expect(set?.attrs.has('httponly')).toBe(true);
    expect(set?.attrs.has('secure')).toBe(true);
    expect(set?.attrs.get('samesite')?.toLowerCase()).toBe('lax');
    // No longer than a token left unused lives (30 days).
    expect(Number(set?.attrs.get('max-age'))).toBeGreaterThan(0);
    expect(Number(set?.attrs.get('max-age'))).toBeLessThanOrEqual(30 * 24 * 60 * 60);
  });

  it('is set when registering, and on request for a customer signed in before it existed', async () => {
    const res = await served.t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=Bo&email=bo%40example.com&password=sakura2024&repassword=sakura2024',
    });
    const token = res.json<{ data: SignedInBody }>().data.userinfo.token;
    expect(pageCookie(res)?.value).toBe(token);
    const asked = await served.t.app.inject({ method: 'POST', url: '/api/user/page_session', headers: { token } });
    expect(asked.statusCode).toBe(200);
    expect(pageCookie(asked)?.value).toBe(token);
    const stranger = await served.t.app.inject({ method: 'POST', url: '/api/user/page_session' });
    expect(stranger.statusCode).toBe(401);
    expect(pageCookie(stranger)).toBeNull();
  });

  it('is no credential for the API, which keeps the token header', async () => {
    const token = (await register('Chen')).body.data.userinfo.token;
    const withHeader = await served.t.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { token } });
    expect(withHeader.statusCode).toBe(200);
    const cookieOnly = await served.t.app.inject({
      method: 'GET',
      url: '/api/user/userinfo',
      headers: { cookie: `${PAGE_SESSION_COOKIE}=${token}` },
    });
    expect(cookieOnly.statusCode).toBe(401);
  });

  it('is cleared by logout', async () => {
    const token = (await register('Dai')).body.data.userinfo.token;
    const res = await served.t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token } });
    expect(res.statusCode).toBe(200);
    const cleared = pageCookie(res);
    expect(cleared?.value).toBe('');
    expect(cleared?.attrs.get('path')).toBe('/h5/');
    expect(new Date(cleared?.attrs.get('expires') ?? '').getTime()).toBeLessThan(Date.now());
  });
});

describe('personal pages drawn with the page-session cookie', () => {
  const served = servedBuild();
  const register = async (username: string) =>
    (
      await postForm<SignedInBody>(served.t.app, '/api/user/register', {
        username,
        email: `${username.toLowerCase()}@example.com`,
        password: 'sakura2024',
        repassword: 'sakura2024',
      })
    ).body.data.userinfo.token;
  const page = (token: string, url = '/h5/pages/user/index') =>
    served.get(url, { cookie: `lang=cn; ${PAGE_SESSION_COOKIE}=${token}` });

  it("arrive with the customer's own data, kept by no cache", async () => {
    const token = await register('Emi');
    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Emi</h1>');
    expect(res.body).toContain('emi@example.com');
    expect(bootOf(res.body).personal).toBe(true);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it('are drawn for each customer, never one for another at the same address', async () => {
    const [fei, gao] = [await register('Fei'), await register('Gao')];
    for (let i = 0; i < 3; i += 1) {
      const [a, b] = [await page(fei), await page(gao)];
      expect(a.body).toContain('<h1>Fei</h1>');
      expect(a.body).not.toContain('Gao');
      expect(b.body).toContain('<h1>Gao</h1>');
      expect(b.body).not.toContain('Fei');
    }
  });

  it('show nothing of anyone for a signed-out, expired or unknown token, and end the cookie', async () => {
    const template = (await served.get('/h5/pages/user/index')).body;
    const out = await register('Hana');
    await served.t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token: out } });
    const expired = await register('Ito');
    await served.t.database.handle.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashToken(expired)));
    for (const [token, name] of [
      [out, 'Hana'],
      [expired, 'Ito'],
      ['not-a-token', ''],
    ] as const) {
      const res = await page(token);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(template);
      if (name) expect(res.body).not.toContain(name);
      expect(pageCookie(res)?.value, token).toBe('');
    }
  });

  it('leave public pages as they are kept for everyone', async () => {
    const token = await register('Jun');
    const res = await page(token, '/h5/pages/public/login');
    expect(res.body).not.toContain('Jun');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('drawn pages sent from memory, compressed', () => {
  const served = servedBuild({ SANDBOX: '1' });

  it('sends a kept page as brotli or gzip, the same page once decoded, ribbon included', async () => {
    for (const url of ['/h5/', '/h5/pages/user/index']) {
      const plain = await served.get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toContain('id="test-ribbon"');
      const br = await served.get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8'), url).toBe(plain.body);
      const gz = await served.get(url, { 'accept-encoding': 'gzip, br;q=0' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString('utf8'), url).toBe(plain.body);
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
    }
  });
});
