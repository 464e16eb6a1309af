import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, tokyoDate } from '../../contract/calendar';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { seedDemo } from '../../server/ops/seed-demo';
import { expectAccessible, openPhone, settle, startHarness, type Harness } from './helpers/harness';

// Issue 31, leaving Japan as the demo customer tries it, in Chinese and then in Japanese: a
// departure date picked, the rule and the final bill read before confirming, the bill paid by
// card and shown paid, then the cancellation withdrawn (confirmed) and the line running again.
// axe on each step.

type Words = typeof cn;

async function payByCard(page: Page, w: Words) {
  await page.getByRole('button', { name: w.order.payWith.card }).click();
  await page.getByLabel(w.card.number).fill('4111111111111111');
  await page.getByLabel(w.card.expiry).fill('1230');
  await page.getByLabel(w.card.securityCode).fill('123');
  await page.getByRole('button', { name: w.card.submit }).click();
  await page.waitForURL(/\/h5\/pages\/public\/success\?/);
}

describe('leaving Japan in Chromium at 390x844, as the demo customer', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('books a cancellation for a departure date, pays the final bill, sees it paid, and withdraws: cn then ja', async () => {
    const demo = await seedDemo(h.database.db, h.vault);
    const phone = await openPhone(h);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/public/login`);
    await page.getByLabel(cn.account.email).fill(demo.email);
    await page.getByLabel(cn.account.password).fill(demo.password);
    await page.getByRole('button', { name: cn.account.loginSubmit }).click();
    await page.waitForURL(/\/h5\/pages\/user\/index/);

    const today = tokyoDate(new Date());
    // Japanese second, with a later day: its bill has a month the Chinese one did not pay.
    for (const [lang, w, lastDay] of [
      ['cn', cn, addDays(today, 3)],
      ['ja', ja, addDays(today, 70)],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
      // The line page leads there.
      await page.goto(`${h.baseUrl}/h5/pages/user/taocan`);
      await settle(page);
      await page.getByRole('link', { name: w.leave.card.cancel }).click();
      await page.waitForURL(/\/h5\/pages\/user\/cancel$/);
      await page.getByLabel(w.leave.lastDay).waitFor();
      await settle(page);
      await expectAccessible(page);

      await page.getByLabel(w.leave.lastDay).fill(lastDay);
      await page.getByRole('button', { name: w.leave.seeQuote }).click();
      // The rule in words and the bill item by item, before anything is booked.
      const rule = (await page.getByTestId('leave-rule').textContent()) ?? '';
      expect(rule).toContain(lastDay);
      expect(await page.getByTestId('leave-bill').locator('dt').count()).toBeGreaterThan(1);
      const total = (await page.getByTestId('leave-total').textContent()) ?? '';
      expect(total).toMatch(/\d/);
      await expectAccessible(page);
      await page.getByRole('button', { name: w.leave.confirm }).click();
      await page.getByTestId('leave-booked').waitFor();
      expect(await page.getByTestId('leave-total').textContent()).toBe(total);
      expect(await page.getByTestId('leave-charge-status').textContent()).toBe(w.leave.chargeStatus.unpaid);
      await expectAccessible(page);

      await page.getByRole('link', { name: w.leave.pay }).click();
      await page.waitForURL(/\/h5\/pages\/user\/pay\?chargeNo=/);
      await settle(page);
      await payByCard(page, w);
      await page.goto(`${h.baseUrl}/h5/pages/user/cancel`);
      await page.getByTestId('leave-booked').waitFor();
      expect(await page.getByTestId('leave-charge-status').textContent()).toBe(w.leave.chargeStatus.paid);
      expect(await page.getByRole('link', { name: w.leave.pay }).count()).toBe(0);
      await expectAccessible(page);

      // Withdrawn behind a confirmation: the form to pick a day is back.
      await page.getByRole('button', { name: w.leave.withdraw }).click();
      await page.getByText(w.leave.withdrawConfirm).waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: w.leave.withdrawYes }).click();
      await page.getByLabel(w.leave.lastDay).waitFor();
      await page.goto(`${h.baseUrl}/h5/pages/user/taocan`);
      await page.getByText(w.line.statuses.active).first().waitFor();
    }
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
