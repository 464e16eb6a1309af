import { eq, ne } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import { pauseStartOptions } from '../../contract/lifecycle-rules';
import { withTax } from '../../contract/pricing';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { billRun } from '../../server/billing/billing';
import { generate } from 'otplib';
import { bills, users } from '../../server/db/schema';
import { runCommand } from '../../server/ops/cli';
import { formatYen } from '../../src/lib/format';
import { DEMO_EMAIL, seedDemo } from '../../server/ops/seed-demo';
import { expectAccessible, openPhone, settle, startHarness, type Harness } from './helpers/harness';

// Issue 31, pause, as the demo customer tries it: from the line page to the pause page, a pause
// booked from next month (the longest), seen booked on both pages; after that month's bill run,
// the bill carries the keep-number fee (KEEP_NUMBER_FEE) instead of the rent. In Chinese, then
// in Japanese (cancelling the first and booking the month after). axe on each page.

type Words = typeof cn;
const FEE = 450;

describe('pausing the line in Chromium at 390x844', () => {
  let h: Harness;
  let token = '';
  beforeAll(async () => {
    h = await startHarness({ KEEP_NUMBER_FEE: String(FEE) });
    const demo = await seedDemo(h.database.db, h.vault);
    const res = await fetch(`${h.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: demo.email, password: demo.password }).toString(),
    });
    token = ((await res.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token;
  });
  afterAll(() => h?.close());

  /** Every bill so far counted as paid: the pay page then shows the month just billed. */
  const settleBills = () =>
    h.database.db.update(bills).set({ status: 'paid', paidAt: new Date() }).where(ne(bills.status, 'paid'));

  async function signedIn(lang: 'cn' | 'ja') {
    const phone = await openPhone(h);
    await phone.page.request.post(`${h.baseUrl}/api/user/lang`, { headers: { token }, form: { lang } });
    await phone.page.goto(`${h.baseUrl}/h5/`);
    await phone.page.evaluate(
      ([t, l]) => {
        localStorage.setItem('token', JSON.stringify(t));
        localStorage.setItem('lang', JSON.stringify(l));
      },
      [token, lang],
    );
    return phone;
  }

  async function bookOn(page: Page, w: Words, start: string) {
    await page.getByLabel(w.pause.start).selectOption(start);
    await page.getByRole('button', { name: w.pause.review }).click();
    await page.getByRole('button', { name: w.pause.confirmBook }).click();
    const booked = page.getByTestId('pause-open').getByRole('status');
    await expect.poll(() => booked.textContent()).toContain(start);
  }

  async function keepNumberBill(page: Page, w: Words, month: string) {
    await settleBills();
    await billRun(h.database.db, 'staff:e2e', month, undefined, FEE);
    const billed = await h.database.db.select().from(bills).where(eq(bills.month, month));
    expect(billed.map((b) => b.items)).toContainEqual([expect.objectContaining({ code: 'keep_number', amount: FEE })]);
    await page.goto(`${h.baseUrl}/h5/pages/user/pay`);
    await settle(page);
    const item = page.locator('.facts-list div', { hasText: w.line.item.keep_number });
    await expect.poll(() => item.locator('dd').textContent()).toContain(formatYen(FEE));
    expect(await page.getByText(w.line.item.monthly_rent, { exact: true }).count()).toBe(0);
    await page
      .getByText(formatYen(withTax(FEE)), { exact: false })
      .first()
      .waitFor();
    await expectAccessible(page);
  }

  it('cn: books a pause from next month from the line page, sees it booked and its month billed the keep-number fee', async () => {
    const w = cn;
    const { page, errors, context } = await signedIn('cn');
    const start = pauseStartOptions(tokyoDate(new Date()))[0]!;
    await page.goto(`${h.baseUrl}/h5/pages/user/taocan`);
    await settle(page);
    await page.getByTestId('pause-card').getByText(w.pause.cardNone).waitFor();
    await page.getByTestId('line-history').getByText(w.line.reasons.activated).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: w.pause.cardLink }).click();
    await page.waitForURL(/\/h5\/pages\/user\/pause$/);
    await settle(page);
    const fee = page.getByTestId('pause-fee');
    await expect.poll(() => fee.textContent()).toContain(formatYen(withTax(FEE)));
    await expectAccessible(page);
    await page.getByRole('button', { name: w.pause.review }).click();
    await expect.poll(() => page.locator('#pause-confirm').textContent()).toContain(start);
    await expectAccessible(page);
    await page.getByRole('button', { name: w.pause.confirmBook }).click();
    const booked = page.getByTestId('pause-open').getByRole('status');
    await expect.poll(() => booked.textContent()).toContain(start);
    await expectAccessible(page);
    await page.goto(`${h.baseUrl}/h5/pages/user/taocan`);
    await settle(page);
    await expect.poll(() => page.getByTestId('pause-card').textContent()).toContain(start);
    await keepNumberBill(page, w, start.slice(0, 7));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ja: cancels the booked pause (confirmed), books the month after, and sees that month billed the keep-number fee', async () => {
    const w = ja;
    const { page, errors, context } = await signedIn('ja');
    const start = pauseStartOptions(tokyoDate(new Date()))[1]!;
    await page.goto(`${h.baseUrl}/h5/pages/user/pause`);
    await settle(page);
    await page.getByRole('button', { name: w.pause.cancel }).click();
    await page.getByRole('button', { name: w.pause.cancelYes }).click();
    await page.getByLabel(w.pause.start).waitFor();
    await expectAccessible(page);
    await bookOn(page, w, start);
    await expectAccessible(page);
    await keepNumberBill(page, w, start.slice(0, 7));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('staff see the line, its booked pause and its history in the console, and stop and resume it (confirmed)', async () => {
    const out = await runCommand(['staff', 'add', 'support9', '--role', 'support', '--name', '客服'], {
      db: h.database.db,
      vault: h.vault,
      actor: 'e2e',
    });
    const password = /one-time password: (\S+)/.exec(out)![1]!;
    const context = await h.browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
    const api = context.request;
    const signIn = await api.post(`${h.baseUrl}/api/admin/login`, { data: { login: 'support9', password } });
    const csrf = ((await signIn.json()) as { data: { csrf: string } }).data.csrf;
    const headers = { 'x-csrf-token': csrf };
    const setup = await api.get(`${h.baseUrl}/api/admin/totp/setup`);
    const secret = ((await setup.json()) as { data: { secret: string } }).data.secret;
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    await api.post(`${h.baseUrl}/api/admin/totp`, { headers, data: { code } });
    await api.post(`${h.baseUrl}/api/admin/password`, { headers, data: { password: 'support9-own-password-2026' } });

    const [demo] = await h.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${h.baseUrl}/admin/customers/${demo!.id}`);
    const panel = page.locator('section', { has: page.getByRole('heading', { name: cn.admin.line.title }) });
    await panel.getByTestId('line-state').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
    expect(await panel.getByTestId('line-state').textContent()).toBe(cn.admin.lineStatus.active);
    expect(await panel.textContent()).toContain(cn.admin.line.reasons.activated);
    expect(await panel.textContent()).toContain(pauseStartOptions(tokyoDate(new Date()))[1]!);
    await expectAccessible(page);

    await panel.getByRole('button', { name: cn.admin.line.actions.suspend, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('070-1234-5678', { exact: false }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: cn.admin.line.actions.suspend, exact: true }).click();
    await expect.poll(() => panel.getByTestId('line-state').textContent()).toBe(cn.admin.lineStatus.suspended);
    expect(await panel.locator('tbody tr').first().textContent()).toContain('support9');
    await panel.getByRole('button', { name: cn.admin.line.actions.resume, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: cn.admin.line.actions.resume, exact: true }).click();
    await expect.poll(() => panel.getByTestId('line-state').textContent()).toBe(cn.admin.lineStatus.active);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
