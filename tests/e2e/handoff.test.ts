import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPhone, settle, startHarness, type Harness } from './helpers/harness';
import { placeOrder } from './helpers/orders';

// Issue 16: inside WeChat, Alipay said "open in browser", and there a WeChat-only customer had
// no password to sign in with. The link carries the same customer and order across, once.

const fixtures = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { ua: string; expect: string }[];
};
const wechatUa = fixtures.cases.find((c) => c.expect === 'wechat')!.ua;

describe('continuing a payment from WeChat in a browser, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('a WeChat account opens the link in a plain browser, pays by Alipay there, and the link works once', async () => {
    const wechat = await openPhone(h, wechatUa);
    const { page } = wechat;
    await page.goto(`${h.baseUrl}/h5/pages/user/index`);
    await page.waitForURL(/\/sandbox\/wechat\/authorize\?/);
    await page.getByRole('button', { name: '允许' }).click();
    await page.waitForURL(/\/h5\/pages\/user\/index/);
    await settle(page);
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('token'))) ?? '""') as string;
    expect(token).not.toBe('');
    const orderNo = await placeOrder(page.request, h.baseUrl, token, 'wxonly');

    await page.goto(`${h.baseUrl}/h5/pages/process/pay?orderNo=${orderNo}`);
    await page.getByRole('button', { name: '支付宝支付' }).click();
    const link = page.getByTestId('handoff-link');
    await link.waitFor();
    await settle(page);
    await expectAccessible(page);
    const url = (await link.textContent())!.trim();
    expect(url).toMatch(/\/h5\/pages\/public\/continue\?t=[\w-]{40,}$/);
    await page.locator('.handoff img').waitFor();
    expect(wechat.errors).toEqual([]);

    const browser = await openPhone(h);
    await browser.page.goto(url);
    await browser.page.waitForURL(new RegExp(`/h5/pages/process/pay\\?orderNo=${orderNo}$`));
    await browser.page.getByRole('button', { name: '支付宝支付' }).click();
    await browser.page.waitForURL(/\/sandbox\/alipay\/cashier\?/);
    await browser.page.getByRole('button', { name: '确认支付' }).click();
    await browser.page.getByRole('heading', { name: '购卡订单支付成功' }).waitFor();
    expect(browser.errors).toEqual([]);

    // The same link again, anywhere, signs nobody in.
    const third = await openPhone(h);
    await third.page.goto(url);
    await third.page.getByRole('alert').waitFor();
    expect(await third.page.getByRole('alert').textContent()).toContain('已使用或已过期');
    expect(await third.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await Promise.all([wechat.context.close(), browser.context.close(), third.context.close()]);
  });
});
