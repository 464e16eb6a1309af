import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPhone, settle, signInWithToken, startHarness, type Harness } from './helpers/harness';
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
    // Inside WeChat, Alipay is offered as a continuation elsewhere (contract/containers.ts).
    await page.getByRole('button', { name: '支付宝（在浏览器中继续）' }).click();
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

  it('carries a purchase started on one device to another where the same customer signs in', async () => {
    const first = await openPhone(h);
    const signup = await first.page.request.post(`${h.baseUrl}/api/user/register`, {
      form: { username: 'twodevices', email: 'two@example.com', password: 'twodev123', repassword: 'twodev123' },
    });
    const token = ((await signup.json()).data as { userinfo: { token: string } }).userinfo.token;
    await signInWithToken(h, first, token);
    await first.page.goto(`${h.baseUrl}/h5/pages/process/setmeal`);
    await settle(first.page);
    await first.page.getByRole('button', { name: '选择此套餐' }).nth(1).click();
    await first.page.getByRole('button', { name: '下一步' }).click();
    await first.page.getByLabel('姓', { exact: true }).fill('赵');
    await first.page.getByLabel('名', { exact: true }).fill('两台');
    // Sent once typing pauses.
    await expect
      .poll(async () => {
        const res = await first.page.request.get(`${h.baseUrl}/api/purchase/draft`, { headers: { token } });
        return ((await res.json()) as { data: { draft: { form: Record<string, string> } | null } }).data.draft?.form
          .firstName;
      })
      .toBe('两台');

    const second = await openPhone(h);
    await signInWithToken(h, second, token);
    await second.page.goto(`${h.baseUrl}/h5/pages/process/information`);
    await settle(second.page);
    await expect.poll(() => second.page.getByLabel('名', { exact: true }).inputValue()).toBe('两台');
    expect(await second.page.getByLabel('姓', { exact: true }).inputValue()).toBe('赵');
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    await Promise.all([first.context.close(), second.context.close()]);
  });
});
