import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPhone, settle, startHarness, type Harness, type PhonePage } from './helpers/harness';
import { customerWithOrder, placeOrder } from './helpers/orders';

// Issue 17: in each container a customer signs in and pays as that container allows
// (bridges/matrix.ts), with the sandbox and stand-in bridges playing the apps.

const fixtures = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { ua: string; expect: string; desktop: boolean }[];
};
const agentOf = (container: string, desktop = false) =>
  fixtures.cases.find((c) => c.expect === container && c.desktop === desktop)!.ua;

/** The pay buttons, in order, as the customer sees them. */
const payButtons = (page: Page) => page.locator('.pay-methods button').allTextContents();

const tokenOf = async (page: Page) =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('token'))) ?? '""') as string;

/** Signs in on the login page with the e-mail and password the customer registered with. */
async function emailSignIn(h: Harness, page: Page, name: string) {
  await page.goto(`${h.baseUrl}/h5/pages/public/login`);
  await settle(page);
  // No platform sign-in is offered where there is none.
  expect(await page.locator('.platform-sign-in').count()).toBe(0);
  await page.getByLabel('邮箱').fill(`${name}@example.com`);
  await page.getByLabel('密码', { exact: true }).fill('buyer1234');
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/\/h5\/pages\/user\/index$/);
}

/** What the mini-program does: logs its user in and opens its web view with the ticket it got. */
async function openMiniProgramWebView(h: Harness, phone: PhonePage, platform: 'wechat' | 'alipay', uid: string) {
  const login = await phone.page.request.post(`${h.baseUrl}/sandbox/miniprogram/login`, { form: { platform, uid } });
  const { authCode } = (await login.json()) as { authCode: string };
  const issued = await phone.page.request.post(`${h.baseUrl}/api/miniprogram/ticket`, {
    form: { platform, code: authCode },
  });
  const { path } = ((await issued.json()) as { data: { path: string } }).data;
  await phone.page.goto(`${h.baseUrl}${path}`);
  await settle(phone.page);
  await phone.page.waitForURL((url) => !url.searchParams.has('mpticket'));
  const token = await tokenOf(phone.page);
  expect(token).not.toBe('');
  return token;
}

async function openOrder(h: Harness, page: Page, orderNo: string) {
  await page.goto(`${h.baseUrl}/h5/pages/process/pay?orderNo=${orderNo}`);
  await page.locator('.pay-methods button').first().waitFor();
  await settle(page);
}

const paid = (page: Page) => page.getByRole('heading', { name: '购卡订单支付成功' }).waitFor();

describe('signing in and paying in each container, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('WeChat on a phone: silent sign-in then consent, WeChat Pay in the app, Alipay as a hand-off', async () => {
    const phone = await openPhone(h, agentOf('wechat'));
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/order/list`);
    // snsapi_base found no account, so WeChat's consent page (snsapi_userinfo) asks.
    await page.waitForURL(/\/sandbox\/wechat\/authorize\?.*scope=snsapi_userinfo/);
    await page.getByRole('button', { name: '允许' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/pages/order/list' && !url.searchParams.has('code'));
    const orderNo = await placeOrder(page.request, h.baseUrl, await tokenOf(page), 'wxphone');
    await openOrder(h, page, orderNo);
    expect(await payButtons(page)).toEqual(['微信支付', '信用卡支付', '支付宝（在浏览器中继续）']);
    await expectAccessible(page);
    // No WeChat client here: the sandbox's stand-in plays its payment sheet.
    await page.getByRole('button', { name: '微信支付' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认支付' }).click();
    await paid(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('WeChat on a computer: pays by Native QR code, completed on the sandbox scanner page', async () => {
    const phone = await openPhone(h, agentOf('wechat-desktop', true));
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/order/list`);
    await page.waitForURL(/\/sandbox\/wechat\/authorize\?/);
    await page.getByRole('button', { name: '允许' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/pages/order/list' && !url.searchParams.has('code'));
    const orderNo = await placeOrder(page.request, h.baseUrl, await tokenOf(page), 'wxdesk');
    await openOrder(h, page, orderNo);
    expect(await payButtons(page)).toEqual(['微信支付（扫码）', '信用卡支付', '支付宝（在浏览器中继续）']);
    await page.getByRole('button', { name: '微信支付（扫码）' }).click();
    const code = page.getByRole('img', { name: '微信支付二维码' });
    await code.waitFor();
    await expectAccessible(page);
    // While the code waits to be scanned, the other ways stay usable and the panel says so.
    expect(await page.getByRole('button', { name: '信用卡支付' }).isEnabled()).toBe(true);
    await page.getByText('可以直接选择上方的其他支付方式').waitFor();
    const codeUrl = (await code.getAttribute('data-code-url'))!;
    // The customer's phone scans the code: here a second page opens what it encodes.
    const scanner = await phone.context.newPage();
    await scanner.goto(codeUrl);
    await scanner.getByRole('button', { name: '确认支付' }).click();
    await scanner.getByText('付款已完成').waitFor();
    await scanner.close();
    await paid(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('a WeChat mini-program web view: ticket sign-in, WeChat Pay on the mini-program pay page, nothing else', async () => {
    const phone = await openPhone(h, agentOf('wechat-miniprogram'));
    const { page } = phone;
    const token = await openMiniProgramWebView(h, phone, 'wechat', 'mp-wx-e2e');
    const orderNo = await placeOrder(page.request, h.baseUrl, token, 'wxmini');
    await openOrder(h, page, orderNo);
    expect(await payButtons(page)).toEqual(['微信支付']);
    await page.getByRole('button', { name: '微信支付' }).click();
    // wx.miniProgram.navigateTo opened the pay page (the sandbox's stand-in for the mini-program).
    const payPage = page.getByRole('dialog', { name: '小程序支付页（沙箱：模拟小程序）' });
    await payPage.getByRole('button', { name: '确认支付' }).click();
    await paid(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('WeCom: e-mail sign-in, card, and the wallets through a hand-off that says why', async () => {
    const phone = await openPhone(h, agentOf('wecom'));
    const { page } = phone;
    const { orderNo } = await customerWithOrder(page.request, h.baseUrl, 'wecomer');
    await emailSignIn(h, page, 'wecomer');
    await openOrder(h, page, orderNo);
    expect(await payButtons(page)).toEqual(['信用卡支付', '微信支付（在微信中继续）', '支付宝（在浏览器中继续）']);
    await page.getByRole('button', { name: '微信支付（在微信中继续）' }).click();
    await page.getByText('企业微信里不能使用微信支付').waitFor();
    await page.getByTestId('handoff-link').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: '信用卡支付' }).click();
    await page.getByLabel('卡号').fill('4111111111111111');
    await page.getByLabel('有效期').fill('1228');
    await page.getByLabel('安全码').fill('123');
    await page.getByLabel('持卡人姓名').fill('wang fang');
    await page.getByRole('button', { name: '确认支付' }).click();
    await paid(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('Alipay: auth-code sign-in, tradePay, and WeChat Pay explained', async () => {
    const phone = await openPhone(h, agentOf('alipay'));
    const { page } = phone;
    // Stands in for the Alipay app: getAuthCode and tradePay, answered as the app answers.
    await page.addInitScript(() => {
      const post = (url: string, body: string) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      (window as unknown as { AlipayJSBridge: unknown }).AlipayJSBridge = {
        call(name: string, params: { tradeNO?: string }, callback: (r: Record<string, unknown>) => void) {
          if (name === 'getAuthCode')
            void post('/sandbox/alipay/auth_code', 'uid=2088e2e&nickname=alipayer')
              .then((r) => r.json())
              .then((r: { authCode: string }) => callback({ authCode: r.authCode }));
          else if (name === 'tradePay')
            void post('/sandbox/alipay/confirm', `trade=${encodeURIComponent(params.tradeNO ?? '')}&result=ok`).then(
              () => callback({ resultCode: '9000' }),
            );
          else callback({ error: 1 });
        },
      };
    });
    await page.goto(`${h.baseUrl}/h5/pages/order/list`);
    await page.getByRole('heading', { name: '我的订单' }).first().waitFor();
    const orderNo = await placeOrder(page.request, h.baseUrl, await tokenOf(page), 'alipayapp');
    await openOrder(h, page, orderNo);
    expect(await payButtons(page)).toEqual(['支付宝支付', '信用卡支付']);
    expect(await page.getByText('支付宝里不能使用微信支付').isVisible()).toBe(true);
    await page.getByRole('button', { name: '支付宝支付' }).click();
    await paid(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('an Alipay mini-program web view: ticket sign-in and Alipay on the mini-program pay page', async () => {
    const phone = await openPhone(h, agentOf('alipay-miniprogram'));
    const { page } = phone;
    // The Alipay web-view SDK loads only inside Alipay; here it is refused at once.
    await page.route('https://appx/**', (route) => route.abort());
    const token = await openMiniProgramWebView(h, phone, 'alipay', '2088mini');
    const orderNo = await placeOrder(page.request, h.baseUrl, token, 'alimini');
    await openOrder(h, page, orderNo);
    expect(await payButtons(page)).toEqual(['支付宝支付']);
    await page.getByRole('button', { name: '支付宝支付' }).click();
    const payPage = page.getByRole('dialog', { name: '小程序支付页（沙箱：模拟小程序）' });
    await payPage.getByRole('button', { name: '确认支付' }).click();
    await paid(page);
    expect(phone.errors.filter((e) => !e.includes('appx'))).toEqual([]);
    await phone.context.close();
  });

  it('AlipayHK: e-mail sign-in and the Alipay+ cashier, not mainland tradePay', async () => {
    const phone = await openPhone(h, agentOf('alipay-hk'));
    const { page } = phone;
    const { orderNo } = await customerWithOrder(page.request, h.baseUrl, 'hkpayer');
    await emailSignIn(h, page, 'hkpayer');
    await openOrder(h, page, orderNo);
    expect(await payButtons(page)).toEqual(['AlipayHK 支付', '信用卡支付']);
    expect(await page.getByText('AlipayHK 里不能使用微信支付').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'AlipayHK 支付' }).click();
    await page.waitForURL(/\/sandbox\/alipay\/cashier\?.*wallet=ALIPAY_HK/);
    await page.getByRole('heading', { name: 'AlipayHK · Alipay+ 收银台（沙箱）' }).waitFor();
    await page.getByRole('button', { name: '确认支付' }).click();
    await paid(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('a phone browser: e-mail sign-in, card and Alipay, and WeChat Pay to continue in WeChat', async () => {
    const phone = await openPhone(h, agentOf('browser'));
    const { page } = phone;
    const { orderNo } = await customerWithOrder(page.request, h.baseUrl, 'safari');
    await emailSignIn(h, page, 'safari');
    await openOrder(h, page, orderNo);
    expect(await payButtons(page)).toEqual(['信用卡支付', '支付宝支付', '微信支付（在微信中继续）']);
    await page.getByRole('button', { name: '微信支付（在微信中继续）' }).click();
    await page.getByText('这个浏览器不能使用微信支付').waitFor();
    await page.getByRole('button', { name: '复制链接' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: '支付宝支付' }).click();
    await page.waitForURL(/\/sandbox\/alipay\/cashier\?/);
    await page.getByRole('button', { name: '确认支付' }).click();
    await paid(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('a computer browser: the Alipay page cashier and WeChat Pay by QR code are offered', async () => {
    const phone = await openPhone(h, agentOf('browser', true));
    const { page } = phone;
    const { orderNo } = await customerWithOrder(page.request, h.baseUrl, 'desktopper');
    await emailSignIn(h, page, 'desktopper');
    await openOrder(h, page, orderNo);
    expect(await payButtons(page)).toEqual(['信用卡支付', '支付宝支付', '微信支付（扫码）']);
    await page.getByRole('button', { name: '支付宝支付' }).click();
    await page.waitForURL(/\/sandbox\/alipay\/cashier\?/);
    await page.getByRole('button', { name: '确认支付' }).click();
    await paid(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

describe('shared links and share cards, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('a shared plan link opens with that plan chosen', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/process/setmeal?plan=3`);
    await settle(page);
    const chosen = page.locator('.plan-selected');
    await chosen.waitFor();
    const plans = (await (await page.request.get(`${h.baseUrl}/api/setmeal/lists`)).json()) as {
      data: { id: number; name: string }[];
    };
    expect(await chosen.locator('h3').textContent()).toBe(plans.data.find((p) => p.id === 3)!.name);
    // The choice is the customer's from here: a reload keeps it, the link's parameter is gone.
    await page.waitForURL((url) => !url.searchParams.has('plan'));
    await page.reload();
    await settle(page);
    await page.locator('.plan-selected').waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('inside WeChat every route sets a localized share card, and drawn pages carry Open Graph tags', async () => {
    const phone = await openPhone(h, agentOf('wechat'));
    const { page } = phone;
    // Stands in for the JS-SDK (wx): records what the page asks WeChat to share.
    await page.addInitScript(() => {
      const shared: { title: string; desc?: string; link: string; imgUrl: string }[] = [];
      const configs: unknown[] = [];
      (window as unknown as Record<string, unknown>).__shared = shared;
      (window as unknown as Record<string, unknown>).__configs = configs;
      (window as unknown as Record<string, unknown>).wx = {
        config: (options: unknown) => configs.push(options),
        ready: (callback: () => void) => setTimeout(callback, 0),
        error: () => undefined,
        openLocation: () => undefined,
        updateAppMessageShareData: (data: { title: string; desc: string; link: string; imgUrl: string }) =>
          shared.push(data),
        updateTimelineShareData: () => undefined,
        miniProgram: { navigateTo: () => undefined, redirectTo: () => undefined },
      };
    });
    const lastShare = () =>
      page.evaluate(() => {
        const shared = (window as unknown as { __shared: { title: string; link: string; imgUrl: string }[] }).__shared;
        return shared[shared.length - 1] ?? null;
      });
    await page.goto(`${h.baseUrl}/h5/`);
    await settle(page);
    await expect.poll(async () => (await lastShare())?.title).toBe('樱花移动 · 在日本用的手机卡');
    expect((await lastShare())!.link).toBe(`${h.baseUrl}/h5/`);
    expect((await lastShare())!.imgUrl).toBe(`${h.baseUrl}/h5/share-card.png`);
    const configs = await page.evaluate(() => (window as unknown as { __configs: unknown[] }).__configs);
    expect(configs.length).toBeGreaterThan(0);

    await page.goto(`${h.baseUrl}/h5/pages/process/setmeal?plan=2`);
    await settle(page);
    await expect.poll(async () => (await lastShare())?.title).toMatch(/首期 ¥[\d,]+（含税）$/);
    expect((await lastShare())!.link).toBe(`${h.baseUrl}/h5/pages/process/setmeal?plan=2`);

    // In Japanese, the card speaks Japanese.
    await page.getByRole('button', { name: '切换为日语' }).first().click();
    await expect.poll(async () => (await lastShare())?.title).toMatch(/初回 ¥[\d,]+（税込）$/);

    // What a link preview reads from the drawn page, in the visitor's language.
    const drawn = await page.request.get(`${h.baseUrl}/h5/`, { headers: { cookie: 'lang=ja' } });
    const html = await drawn.text();
    expect(html).toContain('<meta property="og:title" content="さくらモバイル · 日本で使える SIM カード">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/h5\/share-card\.png">/);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
