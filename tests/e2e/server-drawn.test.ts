import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  IPHONE_SAFARI,
  openPhone,
  settle,
  startHarness,
  visit,
  type Harness,
} from './helpers/harness';

// Public pages arrive drawn by the server (src/app/render-page.tsx) and the app hydrates
// them. Any mismatch between the two shows as a console error, which fails these tests.
describe('pages the server draws, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it("can be read before, and without, the app's script", async () => {
    const context = await h.browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
      userAgent: IPHONE_SAFARI,
    });
    const page = await context.newPage();
    await page.goto(`${h.baseUrl}/h5/`);
    expect(await page.title()).toBe('云路移动');
    expect(await page.locator('.banner strong').first().textContent()).toBe('限时特惠 月租 ¥1,980 起（含税）');
    expect(await page.locator('.plan-card').count()).toBe(4);
    expect(await page.locator('.plan-card').first().textContent()).toContain('1,980 日元');
    expect(await page.locator('.store-card h3').first().textContent()).toBe('池袋旗舰店');
    // Links work before hydration: they are real links.
    await page.getByRole('link', { name: '立即购买电话卡' }).click();
    await page.waitForURL(/\/h5\/pages\/process\/setmeal$/);
    expect(await page.title()).toBe('选择套餐 - 云路移动');
    expect(await page.locator('.plan-card h3').allTextContents()).toEqual([
      '轻享 5GB 套餐',
      '畅享 20GB 套餐',
      '尊享 50GB 套餐',
      '通话 10GB 套餐（含电话号码）',
    ]);
    await page.goto(`${h.baseUrl}/h5/pages/public/login`);
    expect(await page.getByLabel('邮箱').isVisible()).toBe(true);
    // A personal page is the app's to draw: without script it stays empty.
    await page.goto(`${h.baseUrl}/h5/pages/user/index`);
    expect(await page.locator('#root').innerHTML()).toBe('');
    await context.close();
  });

  it('keeps a chosen plan and a signed-in header through a reload, without a mismatch', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/pages/public/register');
    await page.getByLabel('用户名').fill('赵敏');
    await page.getByLabel('邮箱').fill('zhaomin@example.com');
    await page.getByLabel('密码', { exact: true }).fill('sakura123');
    await page.getByLabel('确认密码').fill('sakura123');
    await page.getByLabel('我已阅读并同意').check();
    await page.getByRole('button', { name: '注册' }).click();
    await page.waitForURL(/\/h5\/pages\/user\/index$/);

    await visit(h, phone, '/pages/process/setmeal');
    await page.getByRole('button', { name: '选择此套餐' }).nth(1).click();
    await page.reload();
    await settle(page);
    const chosen = page.locator('.plan-card').nth(1).getByRole('button');
    await expect.poll(() => chosen.getAttribute('aria-pressed')).toBe('true');
    expect(await chosen.textContent()).toBe('已选择');

    await page.goto(`${h.baseUrl}/h5/`);
    await settle(page);
    await expect.poll(() => page.locator('.header-link').textContent()).toBe('个人中心');
    await expectAccessible(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('draws in Japanese for a customer who switched, and the page works at once', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/pages/public/login');
    await page.goto(`${h.baseUrl}/h5/`);
    await settle(page);
    await page.getByRole('button', { name: '切换为日语' }).click();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('ja');

    const drawn = await phone.context.request.get(`${h.baseUrl}/h5/pages/process/setmeal`);
    const html = await drawn.text();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('ライト 5GB プラン');

    await page.goto(`${h.baseUrl}/h5/pages/process/setmeal`);
    await settle(page);
    await page.getByRole('button', { name: '次へ' }).click();
    await page.getByText('プランを選んでください').waitFor();
    await expectAccessible(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('keeps what was typed into a drawn form before the app took it over', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    // A slow network: the app's script arrives well after the page.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/h5\/assets\/start-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${h.baseUrl}/h5/pages/public/register`);
    await page.getByLabel('用户名').fill('周芷若');
    await page.getByLabel('邮箱').fill('zhou@example.com');
    await page.getByLabel('密码', { exact: true }).fill('sakura123');
    await page.getByLabel('确认密码').fill('sakura123');
    await page.getByLabel('我已阅读并同意').check();
    // Not hydrated yet: the form cannot be sent half-working.
    expect(await page.getByRole('button', { name: '注册' }).isDisabled()).toBe(true);
    release();
    await settle(page);
    expect(await page.getByLabel('我已阅读并同意').isChecked()).toBe(true);
    await page.getByRole('button', { name: '注册' }).click();
    await page.waitForURL(/\/h5\/pages\/user\/index$/);
    await settle(page);
    await page.getByRole('heading', { name: '周芷若' }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
