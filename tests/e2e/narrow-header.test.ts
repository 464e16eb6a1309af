import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ja from '../../locales/ja.json';
import { expectAccessible, openPhone, settle, startHarness, type Harness } from './helpers/harness';
import { customerWithOrder } from './helpers/orders';

// The narrowest phones still sold (320px wide, iPhone SE 1st generation) in Japanese, whose
// titles run longest: the title bar keeps one line, back and the language switch keep their size.
const ROUTES: [path: string, title: string][] = [
  ['/pages/user/pay', ja.routes.userPay],
  ['/pages/process/check', ja.routes.processCheck],
  ['/pages/user/bind', ja.routes.userBind],
  ['/pages/user/notifications', ja.notifications.title],
  ['/pages/public/success', ja.routes.success],
];

describe('the title bar at 320x568 in Japanese', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('keeps each title on one line, whole for screen readers, beside a back button and switch of full size', async () => {
    const phone = await openPhone(h);
    const { page, context } = phone;
    await page.setViewportSize({ width: 320, height: 568 });
    const { token } = await customerWithOrder(page.request, h.baseUrl, 'narrow');
    await context.addInitScript((t) => {
      if (localStorage.getItem('token') === null) localStorage.setItem('token', JSON.stringify(t));
      localStorage.setItem('lang', JSON.stringify('ja'));
    }, token);

    for (const [path, title] of ROUTES) {
      await page.goto(`${h.baseUrl}/h5${path}`);
      await settle(page);
      const header = page.locator('.page-header');
      // The whole title is the heading's name, however much of it the screen shows.
      expect(await header.getByRole('heading', { level: 1 }).textContent(), path).toBe(title);
      const layout = await header.evaluate((el) => {
        const h1 = el.querySelector('h1')!;
        const style = getComputedStyle(h1);
        const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
        const size = (node: Element | null) => {
          const r = node?.getBoundingClientRect();
          return r ? { width: r.width, height: r.height } : null;
        };
        return {
          lines: Math.round(h1.getBoundingClientRect().height / lineHeight),
          headerOverflows: el.scrollWidth > el.clientWidth,
          back: size(el.querySelector('.page-header-side button')),
          language: size(el.querySelector('.language-switch')),
        };
      });
      expect(layout.lines, path).toBe(1);
      expect(layout.headerOverflows, path).toBe(false);
      expect(layout.back!.width, path).toBeGreaterThanOrEqual(24);
      expect(layout.back!.height, path).toBeGreaterThanOrEqual(24);
      expect(layout.language!.width, path).toBeGreaterThanOrEqual(24);
      expect(layout.language!.height, path).toBeGreaterThanOrEqual(24);
    }
    await expectAccessible(page);
    expect(phone.errors).toEqual([]);
    await context.close();
  });
});
