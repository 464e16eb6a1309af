import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPhone, settle, startHarness, visit, type Harness } from './helpers/harness';

describe('routes, deep links and page chunks', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('reloads a deep link and shows the same page', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/pages/public/faq');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('常见问题');
    await page.getByRole('heading', { name: '购买' }).waitFor();
    await page.reload();
    await settle(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('常见问题');
    expect(await page.title()).toBe('常见问题 - 云路移动');
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL((url) => /^\/h5\/?$/.test(url.pathname));
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('answers an unknown route with the not-found page', async () => {
    const phone = await openPhone(h);
    await visit(h, phone, '/pages/nothing/here');
    expect(await phone.page.getByText('您访问的页面不存在或已被移动。').isVisible()).toBe(true);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('shows a retry when a page chunk fails to load, and the retry loads it', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/');
    let blocked = 0;
    await page.route('**/assets/login-page-*.js', async (route) => {
      if (blocked === 0) {
        blocked += 1;
        await route.abort('internetdisconnected');
      } else {
        await route.continue();
      }
    });
    await page.getByRole('link', { name: '登录' }).click();
    const retry = page.getByRole('button', { name: '重试' });
    await retry.waitFor();
    expect(await page.getByText('页面加载失败，请检查网络后重试。').isVisible()).toBe(true);
    await expectAccessible(page);
    await retry.click();
    await settle(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('登录');
    expect(blocked).toBe(1);
    await phone.context.close();
  });

  // Issue 16: with a slow chunk the address changed and the old page stayed, with no sign of
  // life for about 2 s; and a page opened from a scrolled one opened half way down.
  it('shows the loading view while a slow page chunk loads, and opens the new page at its top', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/faq-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.evaluate(() => {
      const link = document.querySelector<HTMLAnchorElement>('a[href$="/pages/public/faq"]');
      if (!link) throw new Error('no FAQ link on home');
      link.click();
    });
    await page.getByRole('status').filter({ hasText: '加载中' }).waitFor();
    release();
    await settle(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('常见问题');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await phone.context.close();
  });
});
