import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_DATA_ELEMENT_ID } from '../../contract/page-render';
import { openPhone, settle, signInWithToken, startHarness, type Harness } from './helpers/harness';
import { registeredToken } from './helpers/orders';

// Personal pages arrive drawn for the customer whose page-session cookie the browser sends
// (server/lib/page-session.ts), and the app hydrates them: a mismatch between the two shows
// as a console error, which fails these tests.
const PERSONAL = [
  '/pages/user/index',
  '/pages/user/taocan',
  '/pages/user/pay',
  '/pages/order/list',
  '/pages/process/pay',
];

describe('personal pages drawn on the server, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('arrive with the customer in them once signed in, and hydrate without a mismatch', async () => {
    const phone = await openPhone(h);
    const { page, context } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/public/login`);
    await settle(page);
    await registeredToken(h.baseUrl, 'Kaori');
    await page.getByLabel('邮箱').fill('kaori@example.com');
    await page.getByLabel('密码', { exact: true }).fill('sakura2024');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    // Chromium keeps a Secure cookie for http://127.0.0.1 (a secure context).
    const cookie = (await context.cookies()).find((c) => c.name === 'h5_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain('h5_session');

    for (const path of PERSONAL) {
      const drawn = await context.request.get(`${h.baseUrl}/h5${path}`);
      expect(drawn.headers()['cache-control'], path).toBe('private, no-store');
      expect(await drawn.text(), path).toContain('"personal":true');
      await page.goto(`${h.baseUrl}/h5${path}`);
      await settle(page);
    }
    expect(await (await context.request.get(`${h.baseUrl}/h5/pages/user/index`)).text()).toContain('Kaori');
    expect(phone.errors).toEqual([]);

    // The answers a page was drawn from come with it: hydrating asks the API for none of them
    // again (what the page adds below them, like the pause and eSIM cards, it asks for). Nor
    // does it fetch the stylesheets the page carries inline, which a page chunk asks for.
    const asked: string[] = [];
    const styled: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
      if (url.pathname.endsWith('.css')) styled.push(url.pathname);
    });
    for (const path of PERSONAL) {
      asked.length = 0;
      styled.length = 0;
      await page.goto(`${h.baseUrl}/h5${path}`);
      await settle(page);
      await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
      const boot = await page.evaluate(
        (id) => JSON.parse(document.getElementById(id)?.textContent ?? '{}') as { api?: Record<string, string> },
        BOOT_DATA_ELEMENT_ID,
      );
      const drawnWith = Object.keys(boot.api ?? {}).map((key) => key.split(' ')[1]);
      expect(drawnWith.length, path).toBeGreaterThan(0);
      expect(
        asked.filter((url) => drawnWith.includes(url)),
        path,
      ).toEqual([]);
      expect(styled, path).toEqual([]);
    }

    await page.goto(`${h.baseUrl}/h5/pages/user/index`);
    await settle(page);
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((url) => !url.pathname.includes('/user/'));
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'h5_session')).toBe(false);
    expect(await (await context.request.get(`${h.baseUrl}/h5/pages/user/index`)).text()).not.toContain('Kaori');
    await context.close();
  });

  it('are drawn from the next visit on for a customer signed in before the cookie existed', async () => {
    const phone = await openPhone(h);
    const { page, context } = phone;
    await signInWithToken(h, phone, await registeredToken(h.baseUrl, 'Lan'));
    await page.goto(`${h.baseUrl}/h5/pages/user/index`);
    await settle(page);
    await page.getByRole('heading', { name: 'Lan' }).waitFor();
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'h5_session')).toBe(true);
    const html = await (await context.request.get(`${h.baseUrl}/h5/pages/user/index`)).text();
    expect(html).toContain('<h2 id="user-name">Lan</h2>');
    await page.reload();
    await settle(page);
    expect(phone.errors).toEqual([]);
    await context.close();
  });
});
