import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_BRAND_FILE, traces } from '../server/helpers/brand-traces';
import { openPhone, settle, startHarness, type Harness } from './helpers/harness';

// Issue 33: an operator's brand (BRAND_FILE) on the built app, without a rebuild: the page as
// drawn by the server and as the app then runs it names the operator, in both languages, and
// nothing of the default brand or the old one.

describe('a second brand in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ BRAND_FILE: SECOND_BRAND_FILE });
  });
  afterAll(() => h?.close());

  for (const [lang, name, faq] of [
    ['cn', '测试通信', '常见问题 - 测试通信'],
    ['ja', 'テストテル', 'よくある質問 - テストテル'],
  ] as const) {
    it(`home and a page the app draws itself name it (${lang})`, async () => {
      const phone = await openPhone(h);
      const { page, context } = phone;
      await context.addCookies([{ name: 'lang', value: lang, url: h.baseUrl }]);
      await page.addInitScript((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
      // The brand's icon is on the operator's CDN (no network here): answered as it would be.
      let iconAsked = false;
      await page.route('https://cdn.testtel.example/**', (route) => {
        iconAsked = true;
        return route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
      });
      // What the server sends, before any script runs.
      const sent = await (await page.request.get(`${h.baseUrl}/h5/`, { headers: { cookie: `lang=${lang}` } })).text();
      expect(sent).toContain(`<title>${name}</title>`);
      expect(traces(sent)).toEqual([]);
      await page.goto(`${h.baseUrl}/h5/`);
      await settle(page);
      expect(await page.title()).toBe(name);
      expect(await page.locator('.brand-name').textContent()).toBe(name);
      expect(traces(await page.content())).toEqual([]);
      expect(await page.getAttribute('meta[name="theme-color"]', 'content')).toBe('#117755');
      // A page the app draws after a tap, with its words loaded in the browser.
      await page.goto(`${h.baseUrl}/h5/pages/public/faq`);
      await settle(page);
      await expect.poll(() => page.title()).toBe(faq);
      expect(traces(await page.content())).toEqual([]);
      // Loaded, so the page's content security policy lets it in.
      expect(iconAsked).toBe(true);
      expect(phone.errors).toEqual([]);
      await context.close();
    });
  }

  it('the staff console names it', async () => {
    const phone = await openPhone(h);
    const { page, context } = phone;
    await page.goto(`${h.baseUrl}/admin/`);
    await page.getByRole('heading', { name: '员工登录' }).waitFor();
    expect(await page.locator('.brand').first().textContent()).toBe('测试通信 员工后台');
    expect(traces(await page.content())).toEqual([]);
    await context.close();
  });
});
