import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../server/db/schema';
import { expectAccessible, openPhone, settle, startHarness, visit, type Harness } from './helpers/harness';

describe('help and content in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('finds an answer by search in Chinese and in Japanese', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/pages/public/faq');
    await page.getByRole('heading', { name: '配送' }).waitFor();
    await page.getByLabel('搜索问题').fill('发货');
    await page.getByText('资料审核通过后，最迟 3 个工作日内发货').waitFor();
    expect(await page.locator('details.faq').count()).toBe(1);
    await expectAccessible(page);
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('ja')));
    await page.reload();
    await page.getByLabel('質問を検索').fill('プラン変更');
    await page.getByText('プラン変更は翌月 25 日に適用されます').waitFor();
    await expectAccessible(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('renders a stored page, with scripts and event handlers made harmless', async () => {
    await h.database.db.insert(pages).values({
      name: 'hostile',
      titleCn: '测试页',
      titleJa: 'テスト',
      bodyCn:
        '<h2>正文</h2><p>安全的内容</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"><a href="javascript:window.__pwned=3">链接</a>',
      bodyJa: '<p>本文</p>',
    });
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/pages/public/richtext?name=hostile');
    await page.getByText('安全的内容').waitFor();
    await page
      .getByText('链接')
      .click()
      .catch(() => undefined);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('.rich-text script').count()).toBe(0);
    expect(await page.locator('.rich-text [onerror]').count()).toBe(0);
    await visit(h, phone, '/pages/public/richtext?name=sim-rules');
    await page.getByRole('heading', { name: '免流量应用' }).waitFor();
    await phone.context.close();
  });

  it('opens a full-screen preview from a banner', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/');
    await page.locator('.banner-link').nth(2).click();
    await page.waitForURL(/\/h5\/preview-image\?src=/);
    const img = page.getByRole('img', { name: '预览图片' });
    await img.waitFor();
    const before = (await img.boundingBox())!.width;
    await page.getByRole('button', { name: '放大' }).click();
    await expect.poll(async () => (await img.boundingBox())!.width).toBeGreaterThan(before);
    await settle(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: '关闭' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/' || url.pathname === '/h5');
    await phone.context.close();
  });

  it('shows every system page with real content', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/open-location?store=1');
    await page.getByRole('link', { name: '在高德地图中打开' }).waitFor();
    await visit(h, phone, '/choose-location');
    await page.getByRole('button', { name: '在这里自取' }).first().waitFor();
    await visit(h, phone, '/pages/icons/icons');
    expect(await page.locator('.icon-grid li').count()).toBeGreaterThan(5);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
