import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPhone, settle, startHarness, type Harness } from './helpers/harness';

const fixtures = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { name: string; ua: string; expect: string }[];
};
const wechatIphone = fixtures.cases.find((c) => c.expect === 'wechat')!.ua;

describe('signing in inside WeChat', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('goes through the sandbox OAuth and arrives signed in, with no code left in the URL', async () => {
    const phone = await openPhone(h, wechatIphone);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/`);
    await settle(page);
    await page.goto(`${h.baseUrl}/h5/pages/user/index`);
    // The platform's consent page (the sandbox stand-in for open.weixin.qq.com).
    await page.waitForURL(/\/sandbox\/wechat\/authorize\?/);
    const authorizeUrl = new URL(page.url());
    expect(authorizeUrl.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(authorizeUrl.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
    await page.getByLabel('沙箱微信昵称').fill('微信小李');
    await page.getByRole('button', { name: '允许' }).click();

    await page.waitForURL((url) => url.pathname === '/h5/pages/user/index' && !url.searchParams.has('code'));
    await settle(page);
    await page.getByRole('heading', { name: '微信小李' }).waitFor();
    expect(page.url()).not.toMatch(/code=|state=/);
    await expectAccessible(page);

    // Back must not replay the used code or strand the customer.
    await page.goBack();
    await page.waitForLoadState('load');
    await settle(page);
    expect(page.url()).not.toMatch(/code=/);
    expect(await page.locator('main').count()).toBe(1);
    await page.goto(`${h.baseUrl}/h5/pages/user/index`);
    await settle(page);
    await page.getByRole('heading', { name: '微信小李' }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

describe('signing in inside Alipay', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('gets an auth code from AlipayJSBridge and arrives signed in', async () => {
    const alipayUa = fixtures.cases.find((c) => c.expect === 'alipay')!.ua;
    const phone = await openPhone(h, alipayUa);
    const { page } = phone;
    // Stands in for the Alipay client: getAuthCode answers with a sandbox code, as the app would get one.
    await page.addInitScript(() => {
      const bridge = {
        call(name: string, _params: unknown, callback: (result: Record<string, unknown>) => void) {
          if (name !== 'getAuthCode') return callback({ error: 1 });
          void fetch('/sandbox/alipay/auth_code', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'uid=2088000222&nickname=ali',
          })
            .then((r) => r.json())
            .then((r: { authCode: string }) => callback({ authcode: r.authCode }));
        },
      };
      setTimeout(() => {
        (window as unknown as { AlipayJSBridge: typeof bridge }).AlipayJSBridge = bridge;
        document.dispatchEvent(new Event('AlipayJSBridgeReady'));
      }, 50);
    });
    await page.goto(`${h.baseUrl}/h5/pages/user/index`);
    await page.getByRole('heading', { name: 'ali' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/h5/pages/user/index');
    await expectAccessible(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  // Issue 16: logging out inside WeChat signed the customer straight back in and left
  // #wechat_redirect in the address.
  it('logs out inside WeChat to home and stays out until a page needs the account', async () => {
    const phone = await openPhone(h, wechatIphone);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/user/index`);
    await page.waitForURL(/\/sandbox\/wechat\/authorize\?/);
    await page.getByRole('button', { name: '允许' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/pages/user/index');
    await settle(page);
    expect(page.url()).not.toContain('#');

    // A wrongly fired platform sign-in would ask for WeChat's authorization page.
    const authorizeAsked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/sandbox/wechat/authorize')) authorizeAsked.push(request.url());
    });
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/user/logout'));
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((url) => /^\/h5\/?$/.test(url.pathname));
    // The logout's last step is telling the server; the home page has drawn and loaded what it
    // shows, and one more frame has passed, by which a sign-in started here would have left.
    await loggedOut;
    await settle(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(authorizeAsked).toEqual([]);
    expect(new URL(page.url()).pathname).toMatch(/^\/h5\/?$/);

    // The account is linked now: WeChat signs it in silently (snsapi_base), no consent page.
    await page.goto(`${h.baseUrl}/h5/pages/user/index`);
    await page.getByRole('button', { name: '退出登录' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/h5/pages/user/index');
    expect(page.url()).not.toContain('wechat_redirect');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('logs out in a plain browser to home, and the personal center asks for sign-in', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    const signup = await page.request.post(`${h.baseUrl}/api/user/register`, {
      form: { username: 'leaver', email: 'leaver@example.com', password: 'leaver123', repassword: 'leaver123' },
    });
    const token = ((await signup.json()).data as { userinfo: { token: string } }).userinfo.token;
    await page.goto(`${h.baseUrl}/h5/`);
    await page.evaluate((t) => localStorage.setItem('token', JSON.stringify(t)), token);
    await page.goto(`${h.baseUrl}/h5/pages/user/index`);
    await settle(page);
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((url) => /^\/h5\/?$/.test(url.pathname));
    // Home comes first; the session ends as soon as the server heard the logout.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${h.baseUrl}/h5/pages/user/index`);
    await page.waitForURL(/\/pages\/public\/login\?redirect=/);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('offers sign-in with the app on the login page inside WeChat, and comes back to where the customer was going', async () => {
    const phone = await openPhone(h, wechatIphone);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/public/login?redirect=${encodeURIComponent('/pages/user/taocan')}`);
    await settle(page);
    await page.getByRole('button', { name: '微信一键登录' }).click();
    await page.waitForURL(/\/sandbox\/wechat\/authorize\?/);
    await page.getByRole('button', { name: '允许' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/pages/user/taocan');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
