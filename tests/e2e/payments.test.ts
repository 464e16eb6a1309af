import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPhone, settle, signInWithToken, startHarness, type Harness } from './helpers/harness';
import { customerWithOrder } from './helpers/orders';

const fixtures = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { ua: string; expect: string }[];
};
const uaOf = (platform: string) => fixtures.cases.find((c) => c.expect === platform)!.ua;

describe('paying an order in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('pays by card in a plain browser: a declined card says why, a good one succeeds, and /api never sees the number', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    const { token } = await customerWithOrder(page.request, h.baseUrl, 'cardpayer');
    const toApi: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) toApi.push(`${r.url()} ${r.postData() ?? ''}`);
    });
    await signInWithToken(h, phone, token);
    await page.goto(`${h.baseUrl}/h5/pages/process/pay`);
    await page.getByRole('button', { name: '信用卡支付' }).click();
    await page.getByLabel('卡号').waitFor();
    await settle(page);
    await expectAccessible(page);

    await page.getByLabel('卡号').fill('4111-1111-111a');
    await page.getByLabel('有效期').fill('1328');
    await page.getByLabel('安全码').fill('12');
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.getByText('卡号含有非数字字符').waitFor();
    expect(await page.getByText('有效期月份为 13 或以上').isVisible()).toBe(true);
    expect(await page.getByText('安全码位数错误').isVisible()).toBe(true);

    await page.getByLabel('卡号').fill('4000000000000002');
    // As people and autofill type it: the slash is fine, the gateway gets MMYY.
    await page.getByLabel('有效期').fill('12/28');
    await page.getByLabel('安全码').fill('123');
    await page.getByLabel('持卡人姓名').fill('wang fang');
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.getByText('信用卡支付失败，失败原因：发卡机构拒绝了此次交易').waitFor();
    await expectAccessible(page);

    await page.getByLabel('卡号').fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.getByRole('heading', { name: '购卡订单支付成功' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: '我的订单' }).click();
    await page.getByText('审核中', { exact: true }).waitFor();

    for (const number of ['4111111111111111', '4111 1111', '4000000000000002', '4111-1111']) {
      expect(toApi.filter((r) => r.includes(number))).toEqual([]);
    }
    expect(toApi.some((r) => r.includes('/api/pay/create'))).toBe(true);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('pays with WeChat Pay through WeixinJSBridge inside WeChat and reaches the success page', async () => {
    const phone = await openPhone(h, uaOf('wechat'));
    const { page } = phone;
    const { token } = await customerWithOrder(page.request, h.baseUrl, 'wxpayer');
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { __wxCalls: unknown[] }).__wxCalls = calls;
      (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
        invoke(name: string, params: Record<string, string>, callback: (r: { err_msg: string }) => void) {
          calls.push({ name, params });
          // The JS-SDK's own calls (wx.config for the share card) are not payments.
          if (name !== 'getBrandWCPayRequest') return;
          // The WeChat client shows its cashier; the customer pays; WeChat Pay notifies the server.
          void fetch('/sandbox/wechat/confirm', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: `trade=${encodeURIComponent(params.package!.replace('prepay_id=', ''))}&result=ok`,
          }).then(() => callback({ err_msg: 'get_brand_wcpay_request:ok' }));
        },
      };
    });
    const authorizations: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/sandbox/wechat/authorize')) authorizations.push(r.url());
    });
    await signInWithToken(h, phone, token);
    await page.goto(`${h.baseUrl}/h5/pages/process/pay`);
    await page.getByRole('button', { name: '微信支付' }).waitFor();
    await settle(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: '微信支付' }).click();
    await page.getByRole('heading', { name: '购卡订单支付成功' }).waitFor();
    // Signed in by e-mail, so WeChat Pay first learned the payer's openid silently, then went on.
    expect(authorizations).toHaveLength(1);
    expect(new URL(authorizations[0]!).searchParams.get('scope')).toBe('snsapi_base');
    // The JS-SDK's own calls (the share card's wx.config) go through the bridge too; this counts payments.
    const calls = (
      await page.evaluate(
        () => (window as unknown as { __wxCalls: { name: string; params: Record<string, unknown> }[] }).__wxCalls,
      )
    ).filter((c) => c.name === 'getBrandWCPayRequest');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.name).toBe('getBrandWCPayRequest');
    expect(Object.values(calls[0]!.params).every((v) => typeof v === 'string')).toBe(true);
    expect(calls[0]!.params.signType).toBe('RSA');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('retries Alipay tradePay after the customer cancels (6001), then succeeds', async () => {
    const phone = await openPhone(h, uaOf('alipay'));
    const { page } = phone;
    const { token } = await customerWithOrder(page.request, h.baseUrl, 'alipayer');
    await page.addInitScript(() => {
      let attempts = 0;
      const bridge = {
        call(name: string, params: { tradeNO?: string }, callback: (r: Record<string, string>) => void) {
          if (name !== 'tradePay') return callback({ error: '1' });
          attempts += 1;
          if (attempts === 1) return callback({ resultCode: '6001' });
          void fetch('/sandbox/alipay/confirm', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: `trade=${encodeURIComponent(params.tradeNO ?? '')}&result=ok`,
          }).then(() => callback({ resultCode: '9000' }));
        },
      };
      (window as unknown as { AlipayJSBridge: typeof bridge }).AlipayJSBridge = bridge;
    });
    await signInWithToken(h, phone, token);
    await page.goto(`${h.baseUrl}/h5/pages/process/pay`);
    await page.getByRole('button', { name: '支付宝支付' }).waitFor();
    // WeChat Pay cannot run inside Alipay: the screen says so instead of hiding it in silence.
    expect(await page.getByRole('button', { name: '微信支付' }).count()).toBe(0);
    expect(await page.getByText('支付宝里不能使用微信支付').isVisible()).toBe(true);
    await page.getByRole('button', { name: '支付宝支付' }).click();
    await page.getByText('您已取消支付，可以重新支付。').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: '支付宝支付' }).click();
    await page.getByRole('heading', { name: '购卡订单支付成功' }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('pays with Alipay in a plain browser through the mobile cashier redirect', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    const { token } = await customerWithOrder(page.request, h.baseUrl, 'wappayer');
    await signInWithToken(h, phone, token);
    await page.goto(`${h.baseUrl}/h5/pages/process/pay`);
    await page.getByRole('button', { name: '支付宝支付' }).click();
    await page.waitForURL(/\/sandbox\/alipay\/cashier\?/);
    expect(await page.getByText('支付金额：3,080 日元').isVisible()).toBe(true);
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/\/h5\/pages\/public\/success\?paymentNo=/);
    await page.getByRole('heading', { name: '购卡订单支付成功' }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
