import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../server/ops/seed-demo';
import { expectAccessible, openPhone, settle, startHarness, type Harness } from './helpers/harness';

// Issue 16: a personal page whose data failed to load showed nothing, or words with no way on.
// Each one must say so and offer a retry that works.

// Loads the app needs to start at all are not what these pages answer for.
const START_UP = ['/api/user/userinfo', '/api/common/init'];

/** Each page, and what it shows once its data is there. */
const PAGES: [string, (page: Page) => Promise<unknown>][] = [
  ['/pages/user/taocan', (page) => page.getByRole('progressbar').waitFor()],
  ['/pages/order/orderDetail', (page) => page.locator('.bill-row').first().waitFor()],
  ['/pages/user/pay', (page) => page.getByRole('button', { name: '信用卡支付' }).waitFor()],
  ['/pages/user/update', (page) => expect.poll(() => page.getByLabel('姓', { exact: true }).inputValue()).toBe('李')],
  ['/pages/user/address', (page) => expect.poll(() => page.getByLabel('邮编').inputValue()).toBe('171-0021')],
  ['/pages/change-setmeal/setmeal', (page) => page.locator('main').getByText('当前套餐').first().waitFor()],
  ['/pages/order/list', (page) => page.locator('.order-list-item').first().waitFor()],
];

/** A server with the demo customer (a line, bills, orders), signed in. */
async function withDemoCustomer(): Promise<{ h: Harness; token: string }> {
  const h = await startHarness();
  await seedDemo(h.database.db, h.vault);
  const res = await fetch(`${h.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const token = ((await res.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token;
  return { h, token };
}

describe('a personal page whose data failed to load, in Chromium', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    ({ h, token } = await withDemoCustomer());
  });
  afterAll(() => h?.close());

  it.each(PAGES)('%s says so and loads on retry', async (path, loaded) => {
    const phone = await openPhone(h);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/`);
    await page.evaluate((t) => localStorage.setItem('token', JSON.stringify(t)), token);
    await settle(page);
    // Every data call of the page fails once, as on a train going through a tunnel.
    const failed = new Set<string>();
    await page.route('**/api/**', async (route) => {
      const { pathname } = new URL(route.request().url());
      if (route.request().method() !== 'GET' || START_UP.includes(pathname) || failed.has(pathname))
        return route.continue();
      failed.add(pathname);
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":0,"msg":"","data":{}}' });
    });
    await page.goto(`${h.baseUrl}/h5${path}`);
    const retry = page.getByRole('button', { name: '重试' });
    await retry.first().waitFor();
    expect(failed.size).toBeGreaterThan(0);
    await expectAccessible(page);
    while ((await retry.count()) > 0) await retry.first().click();
    await settle(page);
    await loaded(page);
    expect(await retry.count()).toBe(0);
    // A failed load is a fact of the network, not an error in the page.
    expect(phone.errors.filter((e) => !e.includes('500'))).toEqual([]);
    await phone.context.close();
  });
});

describe('a signed-in customer opening the app while the server cannot answer, in Chromium', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    ({ h, token } = await withDemoCustomer());
  });
  afterAll(() => h?.close());

  // Seen in issue 27's walk: with the network down at launch the customer was sent to the
  // login form, as if signed out; not knowing who they are is not knowing they left.
  it('offers to try again instead of the login, and the retry opens the page signed in', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/`);
    await page.evaluate((t) => localStorage.setItem('token', JSON.stringify(t)), token);
    await settle(page);
    let down = true;
    await page.route('**/api/user/userinfo', (route) =>
      down ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto(`${h.baseUrl}/h5/pages/order/list`);
    await page.getByText('暂时无法确认您的登录状态').waitFor();
    expect(page.url()).not.toContain('/pages/public/login');
    // The title bar stays: a way back and the language switch.
    await page.getByRole('button', { name: '返回' }).waitFor();
    await page.getByRole('button', { name: /日本語/ }).waitFor();
    await expectAccessible(page);
    down = false;
    await page.getByRole('button', { name: '重试' }).click();
    await page.locator('.order-list-item').first().waitFor();
    expect(page.url()).toContain('/pages/order/list');
    await phone.context.close();
  });
});

describe('refusals and bookings with a way forward, in Chromium', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    ({ h, token } = await withDemoCustomer());
  });
  afterAll(() => h?.close());

  it('says why "get code" sent nothing: a wrong phone number, an empty e-mail', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/`);
    await page.evaluate((t) => localStorage.setItem('token', JSON.stringify(t)), token);
    await page.goto(`${h.baseUrl}/h5/pages/user/bind`);
    await settle(page);
    await page.getByLabel('手机号').fill('123');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('请输入正确的日本或中国大陆手机号').waitFor();
    await expectAccessible(page);

    for (const path of ['/pages/public/retrieve', '/pages/public/activate']) {
      await page.goto(`${h.baseUrl}/h5${path}`);
      await settle(page);
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByRole('alert').waitFor();
      expect((await page.getByRole('alert').textContent())?.length).toBeGreaterThan(0);
    }
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('keeps the chosen plan through a reload, and the booked change can be cancelled from my package', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/`);
    await page.evaluate((t) => localStorage.setItem('token', JSON.stringify(t)), token);
    await page.goto(`${h.baseUrl}/h5/pages/change-setmeal/setmeal`);
    await settle(page);
    await page.getByRole('button', { name: '选择' }).first().click();
    await page.waitForURL(/\/pages\/change-setmeal\/confirm\?planId=\d+/);
    const plan = await page.locator('#change-title').textContent();
    await page.reload();
    await settle(page);
    expect(await page.locator('#change-title').textContent()).toBe(plan);
    await page.getByRole('button', { name: '确认变更' }).click();
    await page.waitForURL(/\/pages\/user\/taocan/);
    await page.getByText(`已预约变更为「${plan}」`, { exact: false }).waitFor();
    await page.getByRole('button', { name: '取消已预约的变更' }).click();
    // Asked first, naming what is undone; keeping it changes nothing.
    const dialog = page.getByRole('dialog', { name: '取消套餐变更？' });
    expect(await dialog.textContent()).toContain(`「${plan}」`);
    await dialog.getByRole('button', { name: '保留变更' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByText('已预约变更为').isVisible()).toBe(true);
    await page.getByRole('button', { name: '取消已预约的变更' }).click();
    await dialog.getByRole('button', { name: '确认取消变更' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `已取消变更为「${plan}」` })
      .waitFor();
    await page.getByText('已预约变更为').waitFor({ state: 'detached' });
    await expectAccessible(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
