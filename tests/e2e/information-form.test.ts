import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPhone, startHarness, visit, type Harness } from './helpers/harness';

// Purchase step 2 refused: the customer is told at the top which fields, each a link to its
// field, and a Chinese mainland address is asked for in its own words.

const summaryLinks = (page: Page) => page.locator('.error-summary[role="alert"] a').allTextContents();

describe('the information form says which field, in Chromium at phone size', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('lists each missing field at the top, and a click puts the cursor in it', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/pages/process/information');
    await page.getByLabel('姓', { exact: true }).fill('李');
    await page.getByRole('radio', { name: '不一致' }).check();
    await page.getByRole('button', { name: '下一步' }).click();
    await page.locator('.error-summary').waitFor();
    const links = await summaryLinks(page);
    // Named, one by one, in the order of the form; the filled-in family name is not among them.
    expect(links[0]).toBe('名：此项为必填项');
    expect(links).toContain('地址证明类型：请选择地址证明的种类（水电煤账单或住民票）');
    expect(links).toContain('证明上的日期：请填写地址证明上的日期');
    // Each missing document says which it is (one shared sentence repeated three times did not).
    expect(links).toContain('在留卡正面：请上传在留卡正面');
    expect(links).toContain('在留卡背面：请上传在留卡背面');
    expect(links.filter((l) => l.includes('请上传')).length).toBe(
      new Set(links.filter((l) => l.includes('请上传'))).size,
    );
    expect(links.some((l) => l.startsWith('姓：'))).toBe(false);
    // An entry that wraps keeps its bullet beside its first line: an inline-block link aligned
    // the bullet with its last line, which read as an entry of its own ("• 可").
    const displays = await page
      .locator('.error-summary a')
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).display));
    expect(new Set(displays)).toEqual(new Set(['block']));
    // Focus went to the summary, so a screen reader starts there.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className), { timeout: 10_000 })
      .toBe('error-summary');
    await expectAccessible(page);

    await page.getByRole('link', { name: '证明上的日期：请填写地址证明上的日期' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement === document.getElementById('field-proofDate')), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.getByRole('link', { name: '名：此项为必填项' }).click();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).autocomplete), { timeout: 10_000 })
      .toBe('given-name');
    // Fixing a field takes it off the list.
    await page.keyboard.type('华');
    await expect.poll(() => summaryLinks(page), { timeout: 10_000 }).not.toContain('名：此项为必填项');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('an empty form sent from a chosen plan takes the customer up to the list, at 320 px too', async () => {
    // Issue 27's walk: plan, "next", then "next" again at once at the bottom; the list was drawn
    // after the frame that was to focus it, so the customer stayed at the button, told nothing.
    const phone = await openPhone(h);
    const { page } = phone;
    await page.setViewportSize({ width: 320, height: 568 });
    await visit(h, phone, '/pages/process/setmeal');
    await page.getByRole('button', { name: '选择此套餐' }).first().click();
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL(/\/pages\/process\/information/);
    await page.getByRole('button', { name: '下一步' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className), { timeout: 10_000 })
      .toBe('error-summary');
    const top = await page.locator('.error-summary').evaluate((e) => e.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(568);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('a Chinese mainland address has 省/市/区 and 详细地址, not 丁目・番地, in both languages', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/pages/process/information');
    expect(await page.getByLabel('街道门牌（丁目・番地）').count()).toBe(1);
    await page.getByLabel('国家或地区').selectOption('CN');
    await page.getByLabel('详细地址（街道、门牌号）').waitFor();
    expect(await page.getByLabel('街道门牌（丁目・番地）').count()).toBe(0);
    expect(await page.getByLabel('省份').count()).toBe(1);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.locator('.error-summary').waitFor();
    expect(await summaryLinks(page)).toContain('详细地址（街道、门牌号）：此项为必填项');
    await expectAccessible(page);
    await page.getByRole('button', { name: '切换为日语' }).click();
    await page.getByLabel('詳細住所（通り・番地）').waitFor();
    expect(await page.getByLabel('丁目・番地').count()).toBe(0);
    await phone.context.close();
  });
});
