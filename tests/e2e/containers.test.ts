import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matrixRow, type SignIn } from '../../contract/containers';
import type { Container } from '../../bridges/types';
import { expectAccessible, openPhone, settle, startHarness, type Harness, type PhonePage } from './helpers/harness';
import { customerWithOrder, placeOrder } from './helpers/orders';

// Issue 17: in each container a customer signs in and pays as that container allows
// (contract/containers.ts), with the sandbox and stand-in bridges playing the apps. One journey,
// a row per container: its user agent, how it signs in, the pay buttons it shows, how it pays.

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

/** Stands in for the Alipay app: getAuthCode and tradePay, answered as the app answers. */
function alipayApp() {
  const post = (url: string, body: string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  (window as unknown as { AlipayJSBridge: unknown }).AlipayJSBridge = {
    call(name: string, params: { tradeNO?: string }, callback: (r: Record<string, unknown>) => void) {
      if (name === 'getAuthCode')
        void post('/sandbox/alipay/auth_code', 'uid=2088e2e&nickname=alipayer')
          .then((r) => r.json())
          .then((r: { authCode: string }) => callback({ authCode: r.authCode }));
      else if (name === 'tradePay')
        void post('/sandbox/alipay/confirm', `trade=${encodeURIComponent(params.tradeNO ?? '')}&result=ok`).then(() =>
          callback({ resultCode: '9000' }),
        );
      else callback({ error: 1 });
    },
  };
}

async function openOrder(h: Harness, page: Page, orderNo: string) {
  await page.goto(`${h.baseUrl}/h5/pages/process/pay?orderNo=${orderNo}`);
  await page.locator('.pay-methods button').first().waitFor();
  await settle(page);
}

const paid = (page: Page) => page.getByRole('heading', { name: '购卡订单支付成功' }).waitFor();

/** Signs the row's customer in as the container does, and places their order; gives its number. */
const SIGN_IN: Record<SignIn, (h: Harness, phone: PhonePage, journey: Journey) => Promise<string>> = {
  async 'wechat-oauth'(h, { page }, { customer }) {
    await page.goto(`${h.baseUrl}/h5/pages/order/list`);
    // snsapi_base found no account, so WeChat's consent page (snsapi_userinfo) asks.
    await page.waitForURL(/\/sandbox\/wechat\/authorize\?.*scope=snsapi_userinfo/);
    await page.getByRole('button', { name: '允许' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/pages/order/list' && !url.searchParams.has('code'));
    return placeOrder(page.request, h.baseUrl, await tokenOf(page), customer);
  },
  async 'alipay-auth-code'(h, { page }, { customer }) {
    await page.addInitScript(alipayApp);
    await page.goto(`${h.baseUrl}/h5/pages/order/list`);
    await page.getByRole('heading', { name: '我的订单' }).first().waitFor();
    return placeOrder(page.request, h.baseUrl, await tokenOf(page), customer);
  },
  async 'mini-program-ticket'(h, phone, { container, customer, miniProgramUser }) {
    const platform = container === 'wechat-miniprogram' ? 'wechat' : 'alipay';
    // The Alipay web-view SDK loads only inside Alipay; here it is refused at once.
    if (platform === 'alipay') await phone.page.route('https://appx/**', (route) => route.abort());
    const token = await openMiniProgramWebView(h, phone, platform, miniProgramUser!);
    return placeOrder(phone.page.request, h.baseUrl, token, customer);
  },
  async email(h, { page }, { customer }) {
    const { orderNo } = await customerWithOrder(page.request, h.baseUrl, customer);
    await emailSignIn(h, page, customer);
    return orderNo;
  },
};

interface Journey {
  title: string;
  container: Container;
  desktop?: boolean;
  signIn: SignIn;
  /** Who signs in: the e-mail name, or the name the order is placed for. */
  customer: string;
  /** The mini-program's own user id, for a mini-program web view. */
  miniProgramUser?: string;
  payButtons: string[];
  /** From the pay page with its buttons shown to the order paid. */
  pay: (page: Page, phone: PhonePage) => Promise<void>;
  /** Console errors that are the stand-in's, not the app's. */
  notTheApp?: string;
}

/** Pays on the sandbox mini-program pay page that wx/my.miniProgram.navigateTo opened. */
const onMiniProgramPayPage = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button }).click();
  const payPage = page.getByRole('dialog', { name: '小程序支付页（沙箱：模拟小程序）' });
  await payPage.getByRole('button', { name: '确认支付' }).click();
};

const atAlipayCashier = (cashier: RegExp) => async (page: Page) => {
  await page.getByRole('button', { name: '支付宝支付' }).click();
  await page.waitForURL(cashier);
  await page.getByRole('button', { name: '确认支付' }).click();
};

const JOURNEYS: Journey[] = [
  {
    title: 'WeChat on a phone: silent sign-in then consent, WeChat Pay in the app, Alipay as a hand-off',
    container: 'wechat',
    signIn: 'wechat-oauth',
    customer: 'wxphone',
    payButtons: ['微信支付', '信用卡支付', '支付宝（在浏览器中继续）'],
    async pay(page) {
      await expectAccessible(page);
      // No WeChat client here: the sandbox's stand-in plays its payment sheet.
      await page.getByRole('button', { name: '微信支付' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '确认支付' }).click();
    },
  },
  {
    title: 'WeChat on a computer: pays by Native QR code, completed on the sandbox scanner page',
    container: 'wechat-desktop',
    desktop: true,
    signIn: 'wechat-oauth',
    customer: 'wxdesk',
    payButtons: ['微信支付（扫码）', '信用卡支付', '支付宝（在浏览器中继续）'],
    async pay(page, phone) {
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
    },
  },
  {
    title: 'a WeChat mini-program web view: ticket sign-in, WeChat Pay on the mini-program pay page, nothing else',
    container: 'wechat-miniprogram',
    signIn: 'mini-program-ticket',
    customer: 'wxmini',
    miniProgramUser: 'mp-wx-e2e',
    payButtons: ['微信支付'],
    pay: onMiniProgramPayPage('微信支付'),
  },
  {
    title: 'WeCom: e-mail sign-in, card, and the wallets through a hand-off that says why',
    container: 'wecom',
    signIn: 'email',
    customer: 'wecomer',
    payButtons: ['信用卡支付', '微信支付（在微信中继续）', '支付宝（在浏览器中继续）'],
    async pay(page) {
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
    },
  },
  {
    title: 'Alipay: auth-code sign-in, tradePay, and WeChat Pay explained',
    container: 'alipay',
    signIn: 'alipay-auth-code',
    customer: 'alipayapp',
    payButtons: ['支付宝支付', '信用卡支付'],
    async pay(page) {
      expect(await page.getByText('支付宝里不能使用微信支付').isVisible()).toBe(true);
      await page.getByRole('button', { name: '支付宝支付' }).click();
    },
  },
  {
    title: 'an Alipay mini-program web view: ticket sign-in and Alipay on the mini-program pay page',
    container: 'alipay-miniprogram',
    signIn: 'mini-program-ticket',
    customer: 'alimini',
    miniProgramUser: '2088mini',
    payButtons: ['支付宝支付'],
    pay: onMiniProgramPayPage('支付宝支付'),
    notTheApp: 'appx',
  },
  {
    title: 'AlipayHK: e-mail sign-in and the Alipay+ cashier, not mainland tradePay',
    container: 'alipay-hk',
    signIn: 'email',
    customer: 'hkpayer',
    payButtons: ['AlipayHK 支付', '信用卡支付'],
    async pay(page) {
      expect(await page.getByText('AlipayHK 里不能使用微信支付').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'AlipayHK 支付' }).click();
      await page.waitForURL(/\/sandbox\/alipay\/cashier\?.*wallet=ALIPAY_HK/);
      await page.getByRole('heading', { name: 'AlipayHK · Alipay+ 收银台（沙箱）' }).waitFor();
      await page.getByRole('button', { name: '确认支付' }).click();
    },
  },
  {
    title: 'a phone browser: e-mail sign-in, card and Alipay, and WeChat Pay to continue in WeChat',
    container: 'browser',
    signIn: 'email',
    customer: 'safari',
    payButtons: ['信用卡支付', '支付宝支付', '微信支付（在微信中继续）'],
    async pay(page) {
      await page.getByRole('button', { name: '微信支付（在微信中继续）' }).click();
      await page.getByText('这个浏览器不能使用微信支付').waitFor();
      await page.getByRole('button', { name: '复制链接' }).waitFor();
      await expectAccessible(page);
      await atAlipayCashier(/\/sandbox\/alipay\/cashier\?/)(page);
    },
  },
  {
    title: 'a computer browser: the Alipay page cashier and WeChat Pay by QR code are offered',
    container: 'browser',
    desktop: true,
    signIn: 'email',
    customer: 'desktopper',
    payButtons: ['信用卡支付', '支付宝支付', '微信支付（扫码）'],
    pay: atAlipayCashier(/\/sandbox\/alipay\/cashier\?/),
  },
];

describe('signing in and paying in each container, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it.each(JOURNEYS.map((journey) => [journey.title, journey] as const))('%s', async (_title, journey) => {
    // The row says what contract/containers.ts says this container signs in with.
    expect(matrixRow(journey.container, { desktop: !!journey.desktop, wechatH5: false }).signIn).toBe(journey.signIn);
    const phone = await openPhone(h, agentOf(journey.container, journey.desktop));
    const { page } = phone;
    const orderNo = await SIGN_IN[journey.signIn](h, phone, journey);
    await openOrder(h, page, orderNo);
    expect(await payButtons(page)).toEqual(journey.payButtons);
    await journey.pay(page, phone);
    await paid(page);
    const notTheApp = journey.notTheApp;
    expect(notTheApp ? phone.errors.filter((e) => !e.includes(notTheApp)) : phone.errors).toEqual([]);
    await phone.context.close();
  });
});
