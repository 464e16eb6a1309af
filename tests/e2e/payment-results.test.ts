import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPhone, settle, startHarness, type Harness, type PhonePage } from './helpers/harness';
import { customerWithOrder } from './helpers/orders';

// Issue 16: the result screen says what really happened, in the words of the method used,
// and a wait that gets no answer ends in words instead of a spinner forever.

const fixtures = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { ua: string; expect: string }[];
};
const uaOf = (platform: string) => fixtures.cases.find((c) => c.expect === platform)!.ua;

async function signedIn(_h: Harness, phone: PhonePage, token: string, lang: 'cn' | 'ja' = 'cn') {
  // Before any script of the app runs: a page still starting up would write its own language back.
  await phone.context.addInitScript(
    ([t, l]) => {
      if (localStorage.getItem('token') === null) localStorage.setItem('token', JSON.stringify(t));
      localStorage.setItem('lang', JSON.stringify(l));
    },
    [token, lang] as const,
  );
}

async function payByCard(page: Page, number: string, labels: Record<string, string>) {
  await page.getByLabel(labels.number!).fill(number);
  await page.getByLabel(labels.expiry!).fill('1228');
  await page.getByLabel(labels.code!).fill('123');
  await page.getByLabel(labels.holder!).fill('wang fang');
  await page.getByRole('button', { name: labels.submit! }).click();
}

/** A bridge stand-in that answers as the WeChat client does when the customer does `result`. */
function wechatBridge(page: Page, result: 'ok' | 'fail' | 'cancel') {
  return page.addInitScript((answer) => {
    (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
      invoke(name: string, params: Record<string, string>, callback: (r: { err_msg: string }) => void) {
        // The JS-SDK's own calls (wx.config for the share card) are not payments.
        if (name !== 'getBrandWCPayRequest') return;
        void fetch('/sandbox/wechat/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `trade=${encodeURIComponent(params.package!.replace('prepay_id=', ''))}&result=${answer}`,
        }).then(() => callback({ err_msg: `get_brand_wcpay_request:${answer}` }));
      },
    };
  }, result);
}

describe('what a payment came to, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    // This merchant has WeChat Pay H5, so a phone browser can pay by it (contract/containers.ts).
    h = await startHarness({ WECHAT_H5_PAY: 'on' });
  });
  afterAll(() => h?.close());

  it('cancelling in the Alipay cashier says cancelled at once, with what it was for and "pay again"; a cashier left without a word is still confirming after the limit', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    const { token, orderNo } = await customerWithOrder(page.request, h.baseUrl, 'leaver');
    await signedIn(h, phone, token);
    await page.clock.install();
    await page.goto(`${h.baseUrl}/h5/pages/process/pay`);
    await page.getByRole('button', { name: '支付宝支付' }).click();
    await page.waitForURL(/\/sandbox\/alipay\/cashier\?/);
    await page.getByRole('button', { name: '取消支付' }).click();
    await page.waitForURL(/\/h5\/pages\/public\/success\?paymentNo=.*cancelled=1/);
    // No clock has moved: said at once, not after the 70 s of "confirming" it took before.
    await page.getByRole('heading', { name: '支付已取消' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('取消');
    await page.getByRole('link', { name: '重新支付' }).waitFor();
    // What it was for follows from the server's answer, a moment after the words.
    await page.locator('main').getByText(orderNo).waitFor();
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain(orderNo);
    expect(main).toContain('支付宝支付');
    expect(main).toContain('3,080');
    expect(await page.title()).not.toContain('成功');
    // "Back to home" on its own line is a target: 24 px at least (it was the text's 23 px).
    const home = await page.getByRole('link', { name: '返回首页' }).boundingBox();
    expect(home?.height ?? 0).toBeGreaterThanOrEqual(24);
    await expectAccessible(page);

    // Back from a cashier without its cancel path (the back button): the server is asked, and
    // after the limit the page says it is still confirming, never paid.
    await page.goto(page.url().replace(/&cancelled=1/, ''));
    await page.getByRole('heading', { name: '正在确认支付结果' }).waitFor();
    expect(await page.locator('main').textContent()).not.toContain('信用卡');

    await page.clock.fastForward('00:15');
    await page.getByText('暂未收到付款').waitFor();
    await page.getByRole('link', { name: '重新支付' }).waitFor();
    await page.clock.fastForward('02:00');
    await page.getByRole('heading', { name: '支付结果确认中' }).waitFor();
    await page.getByRole('button', { name: '再次查询' }).waitFor();
    await page.getByRole('link', { name: '查看订单' }).waitFor();
    expect(await page.title()).toContain('支付结果确认中');
    await expectAccessible(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('a failed 3-D Secure check in Japanese is titled as a failure, with the card reason', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    const { token } = await customerWithOrder(page.request, h.baseUrl, 'threeds');
    await signedIn(h, phone, token, 'ja');
    await page.goto(`${h.baseUrl}/h5/pages/process/pay`);
    await page.getByRole('button', { name: 'クレジットカードで支払う' }).click();
    await page.getByLabel('カード番号').waitFor();
    await settle(page);
    await payByCard(page, '4000000000003220', {
      number: 'カード番号',
      expiry: '有効期限',
      code: 'セキュリティコード',
      holder: 'カード名義人',
      submit: '支払う',
    });
    await page.waitForURL(/\/sandbox\/gmo\/3ds/);
    await page.getByRole('button').last().click();
    await page.waitForURL(/\/h5\/pages\/public\/success\?paymentNo=/);
    await page.getByRole('alert').waitFor();
    const heading = await page.locator('main h2').textContent();
    expect(heading).not.toContain('完了');
    expect(await page.title()).not.toContain('完了');
    expect(await page.getByRole('alert').textContent()).toContain('クレジットカード');
    // In its own words: the customer did not pass the challenge; the issuer declined nothing.
    expect(await page.getByRole('alert').textContent()).toContain('3Dセキュア');
    expect(await page.getByRole('alert').textContent()).not.toContain('取引を断られました');
    await page.getByRole('link', { name: 'もう一度支払う' }).waitFor();
    await expectAccessible(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('the card page shows what is paid and by when, and with nothing to pay shows no form', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    const { token, orderNo } = await customerWithOrder(page.request, h.baseUrl, 'cardsummary');
    await signedIn(h, phone, token);
    await page.goto(`${h.baseUrl}/h5/pages/public/credit-card`);
    await settle(page);
    expect(await page.getByText('没有需要支付的订单。').isVisible()).toBe(true);
    expect(await page.getByLabel('卡号').count()).toBe(0);
    await page.getByRole('link', { name: '全部订单' }).waitFor();

    await page.goto(`${h.baseUrl}/h5/pages/process/pay`);
    await page.getByRole('button', { name: '信用卡支付' }).click();
    await page.getByLabel('卡号').waitFor();
    await settle(page);
    const summary = page.locator('.order-summary');
    await summary.getByText(orderNo).waitFor();
    expect(await summary.textContent()).toContain('含税，其中消费税');
    expect(await page.locator('.countdown').isVisible()).toBe(true);
    await expectAccessible(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('a WeChat payment that fails in the WeChat client is told in WeChat Pay words, and cancelling stays on the order', async () => {
    for (const result of ['fail', 'cancel'] as const) {
      const phone = await openPhone(h, uaOf('wechat'));
      const { page } = phone;
      const { token } = await customerWithOrder(page.request, h.baseUrl, `wx${result}`);
      await wechatBridge(page, result);
      await signedIn(h, phone, token);
      await page.goto(`${h.baseUrl}/h5/pages/process/pay`);
      await page.getByRole('button', { name: '微信支付' }).click();
      const alert = page.getByRole('alert').filter({ hasText: result === 'cancel' ? '取消' : '微信支付' });
      await alert.waitFor();
      expect(await alert.textContent()).not.toContain('信用卡');
      expect(await page.getByRole('button', { name: '微信支付' }).isEnabled()).toBe(true);
      expect(page.url()).toContain('/pages/process/pay');
      expect(phone.errors).toEqual([]);
      await phone.context.close();
    }
  });

  // Issue 16: the sandbox never completed an in-app trade, so that path could not be tried
  // without a real WeChat client or Alipay app.
  it('completes, fails and cancels in-app trades through the sandbox sheet where no real client runs', async () => {
    for (const [platform, method] of [
      ['wechat', '微信支付'],
      ['alipay', '支付宝支付'],
    ] as const) {
      const phone = await openPhone(h, uaOf(platform));
      const { page } = phone;
      const { token } = await customerWithOrder(page.request, h.baseUrl, `sheet${platform}`);
      await signedIn(h, phone, token);
      await page.goto(`${h.baseUrl}/h5/pages/process/pay`);
      const sheet = page.getByRole('dialog');
      await page.getByRole('button', { name: method }).click();
      await sheet.getByRole('button', { name: '取消支付' }).click();
      await page.getByText('您已取消支付，可以重新支付。').waitFor();
      await page.getByRole('button', { name: method }).click();
      await sheet.getByRole('button', { name: '支付失败' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: method.replace('支付', '') })
        .waitFor();
      await page.getByRole('button', { name: method }).click();
      await sheet.getByRole('button', { name: '确认支付' }).click();
      await page.getByRole('heading', { name: '购卡订单支付成功' }).waitFor();
      expect(phone.errors).toEqual([]);
      await phone.context.close();
    }
  });

  it('WeChat Pay in a phone browser: the cashier pays, and leaving it unpaid is never called paid', async () => {
    for (const choice of ['确认支付', '取消支付'] as const) {
      const phone = await openPhone(h);
      const { page } = phone;
      const { token } = await customerWithOrder(
        page.request,
        h.baseUrl,
        `wxh5${choice === '确认支付' ? 'pay' : 'leave'}`,
      );
      await signedIn(h, phone, token);
      await page.goto(`${h.baseUrl}/h5/pages/process/pay`);
      await page.getByRole('button', { name: '微信支付' }).click();
      await page.waitForURL(/\/sandbox\/wechat\/cashier\?/);
      await page.getByRole('button', { name: choice }).click();
      await page.waitForURL(/\/h5\/pages\/public\/success\?paymentNo=/);
      if (choice === '确认支付') {
        await page.getByRole('heading', { name: '购卡订单支付成功' }).waitFor();
      } else {
        await page.getByRole('heading', { name: '正在确认支付结果' }).waitFor();
        expect(await page.locator('main').textContent()).not.toContain('成功');
        expect(await page.locator('main').textContent()).not.toContain('信用卡');
      }
      expect(phone.errors).toEqual([]);
      await phone.context.close();
    }
  });
});
