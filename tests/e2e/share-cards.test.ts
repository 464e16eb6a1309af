import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPhone, settle, startHarness, type Harness } from './helpers/harness';

// Issue 17, moved out of containers.test.ts when its journeys became one table: what a shared
// link opens, and the share card each container's page sets.

const fixtures = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { ua: string; expect: string; desktop: boolean }[];
};
const wechatPhone = fixtures.cases.find((c) => c.expect === 'wechat' && !c.desktop)!.ua;

describe('shared links and share cards, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('a shared plan link opens with that plan chosen', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/process/setmeal?plan=3`);
    await settle(page);
    const chosen = page.locator('.plan-selected');
    await chosen.waitFor();
    const plans = (await (await page.request.get(`${h.baseUrl}/api/setmeal/lists`)).json()) as {
      data: { id: number; name: string }[];
    };
    expect(await chosen.locator('h3').textContent()).toBe(plans.data.find((p) => p.id === 3)!.name);
    // The choice is the customer's from here: a reload keeps it, the link's parameter is gone.
    await page.waitForURL((url) => !url.searchParams.has('plan'));
    await page.reload();
    await settle(page);
    await page.locator('.plan-selected').waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('inside WeChat every route sets a localized share card, and drawn pages carry Open Graph tags', async () => {
    const phone = await openPhone(h, wechatPhone);
    const { page } = phone;
    // Stands in for the JS-SDK (wx): records what the page asks WeChat to share.
    await page.addInitScript(() => {
      const shared: { title: string; desc?: string; link: string; imgUrl: string }[] = [];
      const configs: unknown[] = [];
      (window as unknown as Record<string, unknown>).__shared = shared;
      (window as unknown as Record<string, unknown>).__configs = configs;
      (window as unknown as Record<string, unknown>).wx = {
        config: (options: unknown) => configs.push(options),
        ready: (callback: () => void) => setTimeout(callback, 0),
        error: () => undefined,
        openLocation: () => undefined,
        updateAppMessageShareData: (data: { title: string; desc: string; link: string; imgUrl: string }) =>
          shared.push(data),
        updateTimelineShareData: () => undefined,
        miniProgram: { navigateTo: () => undefined, redirectTo: () => undefined },
      };
    });
    const lastShare = () =>
      page.evaluate(() => {
        const shared = (window as unknown as { __shared: { title: string; link: string; imgUrl: string }[] }).__shared;
        return shared[shared.length - 1] ?? null;
      });
    await page.goto(`${h.baseUrl}/h5/`);
    await settle(page);
    await expect.poll(async () => (await lastShare())?.title).toBe('云路移动 · 在日本用的手机卡');
    expect((await lastShare())!.link).toBe(`${h.baseUrl}/h5/`);
    expect((await lastShare())!.imgUrl).toBe(`${h.baseUrl}/h5/share-card.png`);
    const configs = await page.evaluate(() => (window as unknown as { __configs: unknown[] }).__configs);
    expect(configs.length).toBeGreaterThan(0);

    await page.goto(`${h.baseUrl}/h5/pages/process/setmeal?plan=2`);
    await settle(page);
    await expect.poll(async () => (await lastShare())?.title).toMatch(/首期 ¥[\d,]+（含税）$/);
    expect((await lastShare())!.link).toBe(`${h.baseUrl}/h5/pages/process/setmeal?plan=2`);

    // In Japanese, the card speaks Japanese.
    await page.getByRole('button', { name: '切换为日语' }).first().click();
    await expect.poll(async () => (await lastShare())?.title).toMatch(/初回 ¥[\d,]+（税込）$/);

    // What a link preview reads from the drawn page, in the visitor's language.
    const drawn = await page.request.get(`${h.baseUrl}/h5/`, { headers: { cookie: 'lang=ja' } });
    const html = await drawn.text();
    expect(html).toContain('<meta property="og:title" content="くもじモバイル · 日本で使える SIM カード">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/h5\/share-card\.png">/);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
