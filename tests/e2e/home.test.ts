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
    expect(await page.title()).toBe('樱花移动');
    expect(await page.locator('.banner').count()).toBeGreaterThanOrEqual(3);
    await expect
      .poll(() =>
        page
          .locator('.banner img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await page.locator('.banner strong').first().textContent()).toBe('新用户首月半价');
    const plans = page.locator('.plan-card');
    expect(await plans.count()).toBe(3);
    // 1,800 yen before tax is 1,980 yen as the customer pays it.
    expect(await plans.first().textContent()).toContain('1,980 日元');
    expect(await plans.first().textContent()).toContain('含 10% 消费税');
    expect(await page.locator('.store-card').count()).toBe(3);
    expect(await page.locator('.store-card h3').first().textContent()).toBe('池袋旗舰店');
    expect(await page.getByRole('link', { name: '立即购买电话卡' }).isVisible()).toBe(true);
    expect(await page.getByText('工作日 9:00-17:30（东京时间）').isVisible()).toBe(true);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('switches to Japanese, and the choice survives a reload', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/');
    await page.getByRole('button', { name: '切换为日语' }).click();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('ja');
    await expect.poll(() => page.locator('.banner strong').first().textContent()).toBe('新規ご契約で初月半額');
    await expect.poll(() => page.locator('.store-card h3').first().textContent()).toBe('池袋本店');
    expect(await page.locator('.plan-card').first().textContent()).toContain('1,980 円');
    await expectAccessible(page);

    await page.reload();
    await settle(page);
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    expect(await page.getByRole('link', { name: 'SIMカードを購入する' }).isVisible()).toBe(true);
    expect(await page.locator('.banner strong').first().textContent()).toBe('新規ご契約で初月半額');
    await expectAccessible(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('serves /pages/index/index as the same home', async () => {
    const phone = await openPhone(h);
    await visit(h, phone, '/pages/index/index');
    expect(await phone.page.locator('.plan-card').count()).toBe(3);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
