import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPhone, settle, startHarness, visit, type Harness } from './helpers/harness';

describe('home page in Chromium at iPhone size', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('shows banners, plans with tax and stores in Chinese, with no console errors', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(await page.title()).toBe('云路移动');
    expect(await page.locator('.banner').count()).toBeGreaterThanOrEqual(3);
    await expect
      .poll(() =>
        page
          .locator('.banner img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await page.locator('.banner strong').first().textContent()).toBe('限时特惠 月租 ¥1,980 起（含税）');
    const plans = page.locator('.plan-card');
    expect(await plans.count()).toBe(4);
    // 1,800 yen before tax is 1,980 yen as the customer pays it.
    expect(await plans.first().textContent()).toContain('1,980 日元');
    // Tax-included, with the tax in it said beside (Japan's total-price display).
    expect(await plans.first().textContent()).toContain('其中消费税：活动价 180 日元');
    expect(await plans.first().textContent()).toContain('以上均为含税价');
    expect(await page.locator('.store-card').count()).toBe(3);
    expect(await page.locator('.store-card h3').first().textContent()).toBe('池袋旗舰店');
    expect(await page.getByRole('link', { name: '立即购买电话卡' }).isVisible()).toBe(true);
    expect(await page.getByText('工作日 9:00-17:30（东京时间）').isVisible()).toBe(true);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('a plan tapped at home is the one chosen on the plans page', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/');
    // The second plan, so that nothing chosen by default could pass for it.
    await page.locator('.plan-card').nth(1).getByRole('button').click();
    await page.waitForURL(/\/h5\/pages\/process\/setmeal$/);
    await settle(page);
    const chosen = page.locator('.plan-card.plan-selected');
    await expect.poll(() => chosen.count()).toBe(1);
    expect(await chosen.locator('h3, h2').first().textContent()).toBe(
      await page.locator('.plan-card').nth(1).locator('h3, h2').first().textContent(),
    );
    expect(await page.locator('.plan-card').nth(1).getAttribute('class')).toContain('plan-selected');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('switches to Japanese, and the choice survives a reload', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/');
    await page.getByRole('button', { name: '切换为日语' }).click();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('ja');
    await expect
      .poll(() => page.locator('.banner strong').first().textContent())
      .toBe('期間限定価格 月額 ¥1,980〜（税込）');
    await expect.poll(() => page.locator('.store-card h3').first().textContent()).toBe('池袋本店');
    expect(await page.locator('.plan-card').first().textContent()).toContain('1,980 円');
    await expectAccessible(page);

    await page.reload();
    await settle(page);
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    expect(await page.getByRole('link', { name: 'SIMカードを購入する' }).isVisible()).toBe(true);
    expect(await page.locator('.banner strong').first().textContent()).toBe('期間限定価格 月額 ¥1,980〜（税込）');
    await expectAccessible(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('serves /pages/index/index as the same home', async () => {
    const phone = await openPhone(h);
    await visit(h, phone, '/pages/index/index');
    expect(await phone.page.locator('.plan-card').count()).toBe(4);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  // Issue 16: the switch lived on two pages only, the Japanese tagline was cut with "…", help
  // and terms were not reachable from home, and the WeChat ID could not be copied.
  it('has the language switch on an inner page, help links on home, a whole tagline and a copyable WeChat ID', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await phone.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
    await visit(h, phone, '/pages/public/faq');
    await page.locator('.page-header').getByRole('button', { name: '切换为日语' }).click();
    await page.getByRole('heading', { level: 1, name: 'よくある質問' }).waitFor();
    await page.getByRole('button', { name: 'WeChat ID をコピー' }).click();
    await page.getByText('コピーしました').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.length).toBeGreaterThan(0);
    expect(await page.locator('.contact-wechat-id').textContent()).toContain(copied);

    await visit(h, phone, '/');
    const tagline = page.locator('.brand-tagline');
    expect(await tagline.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await tagline.evaluate((el) => getComputedStyle(el).textOverflow)).not.toBe('ellipsis');
    await page.locator('.help-links').getByRole('link', { name: '利用規約' }).click();
    await page.waitForURL(/richtext\?name=terms/);
    await settle(page);
    expect(await page.locator('main').textContent()).toContain('消費税 10% を含む総額');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
