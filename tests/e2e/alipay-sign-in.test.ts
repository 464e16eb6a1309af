import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPhone, settle, startHarness, type Harness } from './helpers/harness';

// Inside Alipay with no real app (a browser with Alipay's user agent), the sandbox's
// /sandbox/bridge.js plays Alipay's authorization sheet for getAuthCode: nothing in the page
// fakes the bridge here, so this is the README's Alipay sign-in as a developer tries it.

const fixtures = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { ua: string; expect: string; desktop: boolean }[];
};
const alipayAgent = fixtures.cases.find((c) => c.expect === 'alipay' && !c.desktop)!.ua;

const tokenOf = async (page: Page) =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('token'))) ?? '""') as string;

describe('Alipay one-tap sign-in through the sandbox bridge, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('allow on the authorization sheet signs the customer in, on the page they asked for', async () => {
    const phone = await openPhone(h, alipayAgent);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/order/list`);
    const sheet = page.getByRole('dialog', { name: '支付宝授权（沙箱）' });
    await sheet.waitFor({ timeout: 5000 });
    await sheet.getByRole('button', { name: '允许' }).click();
    await page.getByRole('heading', { name: '我的订单' }).first().waitFor();
    expect(await tokenOf(page)).not.toBe('');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('cancel says so on the login page, and e-mail sign-in still works there', async () => {
    const phone = await openPhone(h, alipayAgent);
    const { page } = phone;
    const signup = await page.request.post(`${h.baseUrl}/api/user/register`, {
      form: { username: 'alicancel', email: 'alicancel@example.com', password: 'buyer1234', repassword: 'buyer1234' },
    });
    expect(signup.ok()).toBe(true);
    await page.goto(`${h.baseUrl}/h5/pages/order/list`);
    const sheet = page.getByRole('dialog', { name: '支付宝授权（沙箱）' });
    await sheet.getByRole('button', { name: '取消' }).click();
    await page.waitForURL(/\/h5\/pages\/public\/login\?redirect=/);
    await settle(page);
    await page.getByRole('alert').filter({ hasText: '你已取消支付宝授权' }).waitFor();
    await expectAccessible(page);
    // The one-tap button is still there to try again, and e-mail works below it.
    expect(await page.getByRole('button', { name: '支付宝一键登录' }).isVisible()).toBe(true);
    await page.getByLabel('邮箱').fill('alicancel@example.com');
    await page.getByLabel('密码', { exact: true }).fill('buyer1234');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/\/h5\/pages\/order\/list$/);
    expect(await tokenOf(page)).not.toBe('');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('cancel after pressing the one-tap button on the login page says so too', async () => {
    const phone = await openPhone(h, alipayAgent);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/public/login`);
    await settle(page);
    await page.getByRole('button', { name: '支付宝一键登录' }).click();
    await page.getByRole('dialog', { name: '支付宝授权（沙箱）' }).getByRole('button', { name: '取消' }).click();
    await page.getByRole('alert').filter({ hasText: '你已取消支付宝授权' }).waitFor();
    expect(await tokenOf(page)).toBe('');
    await phone.context.close();
  });
});
