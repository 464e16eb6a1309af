import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { langTag } from '../../contract/api';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { expectAccessible, openPhone, settle, startHarness, type Harness } from './helpers/harness';

// Issue 29: since April 2026 a voice line is verified by the IC chip (or JPKI) through an eKYC
// provider's app, which a WeChat web view cannot open. A voice plan bought inside WeChat: the
// verify step offers a one-time link, the link opened in a phone's browser starts the check on
// the sandbox provider's page, and back in WeChat the page follows the server to "verified"
// and the payment goes through. In Chinese and in Japanese, with axe on every page of the app.

const fixtures = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { ua: string; expect: string; desktop?: boolean }[];
};
const wechatUa = fixtures.cases.find((c) => c.expect === 'wechat' && !c.desktop)!.ua;

type Words = typeof cn;
const WORDS: Record<'cn' | 'ja', Words> = { cn, ja };
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const either = (a: string, b: string) => new RegExp(`^(${literal(a)}|${literal(b)})$`);

const tokenOf = async (page: Page) =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('token'))) ?? '""') as string;

async function sign(page: Page) {
  // The pointer draws only where the box is on screen.
  await page.getByTestId('signature').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('signature').boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 100);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1)
    await page.mouse.move(box.x + 30 + i * 20, box.y + 100 + (i % 2 ? -30 : 30), { steps: 2 });
  await page.mouse.up();
}

/**
 * The sandbox eKYC provider's page (server/identity/routes/sandbox-ekyc.ts): a form per outcome,
 * each carrying it as a hidden `outcome`; "verified" comes with the order's own details filled
 * in, so they match. Other shapes (a select, a radio, a valued button) are tried after it.
 */
async function chooseProviderOutcome(page: Page, outcome: 'verified') {
  await page.waitForLoadState('domcontentloaded');
  await page.locator('button, input[type="submit"], select, a').first().waitFor();
  const form = page.locator(`form:has(input[name="outcome"][value="${outcome}"])`).first();
  if ((await form.count()) > 0) {
    await form.locator('button[type="submit"], input[type="submit"]').first().click();
    await page.waitForLoadState('domcontentloaded');
    return;
  }
  const submit = page.locator('button[type="submit"], input[type="submit"]').first();
  const select = page.locator('select[name="outcome"], select').first();
  if ((await select.count()) > 0 && (await select.locator(`option[value="${outcome}"]`).count()) > 0) {
    await select.selectOption(outcome);
    await submit.click();
    return;
  }
  const radio = page.locator(`input[type="radio"][value="${outcome}"]`).first();
  if ((await radio.count()) > 0) {
    await radio.check();
    await submit.click();
    return;
  }
  const valued = page.locator(`button[value="${outcome}"], a[href*="${outcome}"]`).first();
  if ((await valued.count()) > 0) {
    await valued.click();
    return;
  }
  await page
    .getByRole('button', { name: new RegExp(outcome, 'i') })
    .first()
    .click();
}

describe('verifying a voice line bought inside WeChat, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  for (const lang of ['cn', 'ja'] as const) {
    const w = WORDS[lang];
    it(`${lang}: WeChat hands the check to the browser, the sandbox provider verifies, WeChat pays`, async () => {
      const wechat = await openPhone(h, wechatUa);
      const { page } = wechat;
      const name = `voice${lang}`;

      // Signed in by WeChat, as the container does (silent, then consent).
      await page.goto(`${h.baseUrl}/h5/pages/user/index`);
      await page.waitForURL(/\/sandbox\/wechat\/authorize\?/);
      await page.getByRole('button', { name: either(cn.sandbox.allow, ja.sandbox.allow) }).click();
      await page.waitForURL(/\/h5\/pages\/user\/index/);
      await settle(page);
      const token = await tokenOf(page);
      expect(token).not.toBe('');
      if (lang === 'ja') {
        // The account's language: the hand-off link signs the browser in with it too.
        await page.request.post(`${h.baseUrl}/api/user/lang`, { headers: { token }, form: { lang: 'ja' } });
        await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('ja')));
      }

      // Step 1: the voice plan's card says it comes with a phone number.
      await page.goto(`${h.baseUrl}/h5/pages/process/setmeal`);
      await settle(page);
      await expectAccessible(page);
      const voiceCard = page
        .locator('.plan-card')
        .filter({ has: page.getByTestId('plan-line-type').filter({ hasText: w.home.lineType.voice }) })
        .first();
      await voiceCard.getByRole('button', { name: w.home.choosePlan }).click();
      await page.getByRole('button', { name: w.purchase.next }).click();

      // Step 2: no document photos for a voice line; how the check will run instead.
      await page.waitForURL(/\/h5\/pages\/process\/information$/);
      await settle(page);
      await page.getByTestId('identity-methods').waitFor();
      expect(await page.getByTestId('file-residenceFront').count()).toBe(0);
      expect(await page.getByTestId('identity-methods').textContent()).toContain(w.identity.method.ic_chip.title);
      await page.getByLabel(w.purchase.lastName, { exact: true }).fill('王');
      await page.getByLabel(w.purchase.firstName, { exact: true }).fill('芳');
      await page.getByLabel(w.account.email).fill(`${name}@example.com`);
      await page.getByLabel(w.purchase.birthday).fill('1998-06-01');
      await page.getByLabel(w.purchase.postcode).fill('171-0021');
      await expect.poll(() => page.getByLabel(w.purchase.prefecture).inputValue()).toBe('東京都');
      await page.getByLabel(w.purchase.block).fill('1-2-3');
      await page.getByLabel(w.purchase.phone).fill('090-1234-5678');
      await expectAccessible(page);
      await page.getByRole('button', { name: w.purchase.next }).click();

      // Step 3: the terms and the signature place the order.
      await page.waitForURL(/\/h5\/pages\/process\/check$/);
      // The terms first: the signature box moves down once they are drawn.
      await page.locator('.terms-scroll').waitFor();
      await settle(page);
      await sign(page);
      await expect
        .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('purchase') ?? '{}').image?.length ?? 0))
        .toBeGreaterThan(100);
      await page.getByRole('button', { name: w.purchase.agreeAndOrder }).click();

      // Step 4: no pay buttons until the identity check passed; the way to it instead.
      await page.waitForURL(/\/h5\/pages\/process\/pay/);
      await page.getByTestId('verify-first').waitFor();
      await settle(page);
      expect(await page.locator('.pay-methods button').count()).toBe(0);
      await expectAccessible(page);
      await page.getByRole('link', { name: w.identity.order.go }).click();

      // The verify step inside WeChat: the one-time link and its QR code, not the provider.
      await page.waitForURL(/\/h5\/pages\/process\/verify\?orderNo=/);
      const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
      expect(orderNo).not.toBe('');
      const link = page.getByTestId('handoff-link');
      await link.waitFor();
      await page.getByRole('img', { name: w.identity.verify.handoffQr }).waitFor();
      await settle(page);
      expect(await page.getByTestId('verify-state').getAttribute('data-kind')).toBe('choose');
      await expectAccessible(page);
      const url = (await link.textContent())!.trim();
      expect(url).toMatch(/\/h5\/pages\/public\/continue\?t=[\w-]{40,}$/);

      // The link in a phone's browser: signed in as the same customer, on the same order's check.
      const browser = await openPhone(h);
      // The provider's address is built on PUBLIC_URL, which a test server on a free port does
      // not know: a provider page asked for elsewhere is served by this one, as it would be.
      const harness = new URL(h.baseUrl);
      await browser.context.route('**/sandbox/ekyc/**', (route) => {
        const asked = new URL(route.request().url());
        if (asked.host === harness.host) return route.continue();
        return route.fulfill({ status: 302, headers: { location: `${h.baseUrl}${asked.pathname}${asked.search}` } });
      });
      await browser.page.goto(url);
      await browser.page.waitForURL(new RegExp(`/h5/pages/process/verify\\?orderNo=${orderNo}$`));
      await settle(browser.page);
      // Signed in by the link, the page takes the account's language.
      await expect.poll(() => browser.page.evaluate(() => document.documentElement.lang)).toBe(langTag(lang));
      await browser.page.getByTestId('verify-state').waitFor();
      await expectAccessible(browser.page);
      await browser.page
        .getByRole('button', { name: `${w.identity.verify.start}：${w.identity.method.ic_chip.title}` })
        .click();
      // The provider's page (the sandbox's, served by this server), opened through the bridge.
      await browser.page.waitForURL((at) => !at.pathname.startsWith('/h5/'));
      await chooseProviderOutcome(browser.page, 'verified');

      // Back in WeChat (in front again, as the customer switches back): the page followed the
      // server, and payment goes on.
      await page.bringToFront();
      await page.locator('[data-testid="verify-state"][data-kind="verified"]').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('verify-state').textContent()).toContain(w.identity.status.verified);
      await expectAccessible(page);
      await page.getByRole('link', { name: w.identity.verify.toPay }).click();
      await page.waitForURL(new RegExp(`/h5/pages/process/pay\\?orderNo=${orderNo}$`));
      await page.getByTestId('identity-summary').waitFor();
      await settle(page);
      expect(await page.getByTestId('verify-first').count()).toBe(0);
      expect(await page.getByTestId('identity-summary').textContent()).toContain(w.identity.method.ic_chip.title);
      await expectAccessible(page);
      await page.getByRole('button', { name: w.order.payWith.wechat }).click();
      // No WeChat client here: the sandbox's stand-in plays its payment sheet.
      await page
        .getByRole('dialog')
        .getByRole('button', { name: either(cn.sandbox.cashierPay, ja.sandbox.cashierPay) })
        .click();
      await page.getByRole('heading', { name: w.payment.orderPaid }).waitFor();
      await settle(page);
      await expectAccessible(page);

      const paid = await page.request.get(`${h.baseUrl}/api/order/detail?orderNo=${orderNo}`, { headers: { token } });
      expect(((await paid.json()) as { data: { order: { status: string } } }).data.order.status).not.toBe(
        'awaiting_payment',
      );
      expect(wechat.errors).toEqual([]);
      expect(browser.errors).toEqual([]);
      await Promise.all([wechat.context.close(), browser.context.close()]);
    });
  }
});
