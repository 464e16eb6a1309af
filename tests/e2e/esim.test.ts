import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { loadConfig } from '../../server/config';
import { createEsimDeps, importProfiles, type EsimDeps } from '../../server/esim';
import { approveOrder } from '../../server/staff/operations';
import { expectAccessible, openPhone, settle, signInWithToken, startHarness, type Harness } from './helpers/harness';
import { sign } from './helpers/signature';

// Issue 30, as a new customer tries it: an eSIM voice plan bought in a phone's browser,
// verified by the sandbox eKYC, paid by Alipay, approved by staff; the order's page offers the
// one-tap link for this phone (Apple's on an iPhone, Android's on a Pixel), the QR code and the
// codes to copy; the same order inside WeChat offers the hand-off instead; the sandbox "phone"
// installs the profile and the line opens. In Chinese, the customer then asks for a reissue and
// pays its fee: the first profile is released and the sandbox phone refuses it. axe on each page.

const fixtures = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { ua: string; expect: string; desktop?: boolean }[];
};
const wechatUa = fixtures.cases.find((c) => c.expect === 'wechat' && !c.desktop)!.ua;
const PIXEL_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
/** ESIM_SCREENSHOTS=<folder> keeps pictures of each step (for a reviewer's eyes, not asserted). */
const shots = process.env.ESIM_SCREENSHOTS ?? '';
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};
const SAMPLE = readFileSync(join(__dirname, '..', '..', 'docs', 'samples', 'esim-profiles-sandbox.csv'), 'utf8');

type Words = typeof cn;
const WORDS: Record<'cn' | 'ja', Words> = { cn, ja };
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const either = (a: string, b: string) => new RegExp(`^(${literal(a)}|${literal(b)})$`);

async function api<T>(page: Page, h: Harness, path: string, token: string): Promise<T> {
  const res = await page.request.get(`${h.baseUrl}${path}`, { headers: { token } });
  return ((await res.json()) as { data: T }).data;
}

/** The sandbox eKYC provider's "verified" form (server/identity/routes/sandbox-ekyc.ts). */
async function verifyAtProvider(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  const form = page.locator('form:has(input[name="outcome"][value="verified"])').first();
  await form.locator('button[type="submit"], input[type="submit"]').first().click();
  await page.waitForLoadState('domcontentloaded');
}

/** Pays on the app's pay page by Alipay through the sandbox mobile cashier. */
async function payByAlipay(page: Page, w: Words) {
  await page.getByRole('button', { name: w.order.payWith.alipay }).click();
  await page.waitForURL(/\/sandbox\/alipay\/cashier\?/);
  await page.getByRole('button', { name: either(cn.sandbox.cashierPay, ja.sandbox.cashierPay) }).click();
  await page.waitForURL(/\/h5\/pages\/public\/success\?paymentNo=/);
}

/** The sandbox phone (server/esim/routes/sandbox-phone.ts): scans the code, downloads, installs. */
async function phoneDoes(page: Page, h: Harness, lpa: string, actions: ('download' | 'install')[]) {
  await page.goto(`${h.baseUrl}/sandbox/esim/phone?carddata=${encodeURIComponent(lpa)}`);
  for (const action of actions) {
    const name =
      action === 'download'
        ? [cn.sandbox.esimDownload, ja.sandbox.esimDownload]
        : [cn.sandbox.esimInstall, ja.sandbox.esimInstall];
    await page.getByRole('button', { name: either(name[0]!, name[1]!) }).click();
    await page.waitForLoadState('domcontentloaded');
  }
  return (await page.getByRole('status').textContent()) ?? '';
}

describe('an eSIM bought, installed and reissued, in Chromium at 390x844', () => {
  let h: Harness;
  let esim: EsimDeps;
  beforeAll(async () => {
    h = await startHarness();
    const config = loadConfig({ NODE_ENV: 'test' });
    esim = createEsimDeps(config, h.database.db, h.vault.key, { info() {}, warn() {}, error() {} });
    const imported = await importProfiles(esim, SAMPLE, 'staff:e2e');
    expect(imported.errors).toEqual([]);
  });
  afterAll(() => h?.close());

  for (const [lang, ua, os] of [
    ['cn', undefined, 'ios'],
    ['ja', PIXEL_CHROME, 'android'],
  ] as const) {
    const w = WORDS[lang];
    it(`${lang}: bought on ${os}, installed by the one-tap link's code, handed off inside WeChat${lang === 'cn' ? ', reissued' : ''}`, async () => {
      const phone = await openPhone(h, ua);
      const { page } = phone;
      const name = `esim${lang}`;
      const signup = await page.request.post(`${h.baseUrl}/api/user/register`, {
        form: { username: name, email: `${name}@example.com`, password: 'buyer1234', repassword: 'buyer1234' },
      });
      const token = ((await signup.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token;
      await page.request.post(`${h.baseUrl}/api/user/lang`, { headers: { token }, form: { lang } });
      await signInWithToken(h, phone, token);
      await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);

      // Step 1: the voice plan, which may come as an eSIM.
      await page.goto(`${h.baseUrl}/h5/pages/process/setmeal`);
      await settle(page);
      const voiceCard = page
        .locator('.plan-card')
        .filter({ has: page.getByTestId('plan-line-type').filter({ hasText: w.home.lineType.voice }) })
        .first();
      await voiceCard.getByRole('button', { name: w.home.choosePlan }).click();
      await page.getByRole('button', { name: w.purchase.next }).click();

      // Step 2: eSIM as the delivery; this phone is recognised and the customer confirms.
      await page.waitForURL(/\/h5\/pages\/process\/information$/);
      await settle(page);
      await page.getByLabel(w.purchase.lastName, { exact: true }).fill('王');
      await page.getByLabel(w.purchase.firstName, { exact: true }).fill('芳');
      await page.getByLabel(w.account.email).fill(`${name}@example.com`);
      await page.getByLabel(w.purchase.birthday).fill('1998-06-01');
      await page.getByLabel(w.purchase.postcode).fill('171-0021');
      await expect.poll(() => page.getByLabel(w.purchase.prefecture).inputValue()).toBe('東京都');
      await page.getByLabel(w.purchase.block).fill('1-2-3');
      await page.getByLabel(w.purchase.phone).fill('090-1234-5678');
      await page.getByLabel(w.purchase.deliveryEsim, { exact: true }).check();
      const check = page.getByTestId('esim-check');
      await check.waitFor();
      const device = os === 'ios' ? 'iPhone' : 'Pixel';
      expect(await check.textContent()).toContain(w.esim.check.supported.replace('{{device}}', device));
      await page.getByLabel(w.esim.check.confirm).check();
      await expectAccessible(page);
      await shoot(page, `${lang}-1-delivery`);
      await page.getByRole('button', { name: w.purchase.next }).click();

      // Step 3: terms and signature.
      await page.waitForURL(/\/h5\/pages\/process\/check$/);
      await page.locator('.terms-scroll').waitFor();
      await settle(page);
      await sign(page);
      await page.getByRole('button', { name: w.purchase.agreeAndOrder }).click();

      // Identity by the sandbox eKYC in this browser, then Alipay.
      await page.waitForURL(/\/h5\/pages\/process\/pay/);
      await page.getByTestId('verify-first').waitFor();
      await page.getByRole('link', { name: w.identity.order.go }).click();
      await page.waitForURL(/\/h5\/pages\/process\/verify\?orderNo=/);
      const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
      const harness = new URL(h.baseUrl);
      await phone.context.route('**/sandbox/ekyc/**', (route) => {
        const asked = new URL(route.request().url());
        if (asked.host === harness.host) return route.continue();
        return route.fulfill({ status: 302, headers: { location: `${h.baseUrl}${asked.pathname}${asked.search}` } });
      });
      await settle(page);
      await page
        .getByRole('button', { name: `${w.identity.verify.start}：${w.identity.method.ic_chip.title}` })
        .click();
      await page.waitForURL((at) => !at.pathname.startsWith('/h5/'));
      await verifyAtProvider(page);
      await page.goto(`${h.baseUrl}/h5/pages/process/verify?orderNo=${orderNo}`);
      await page.locator('[data-testid="verify-state"][data-kind="verified"]').waitFor({ timeout: 60_000 });
      await page.goto(`${h.baseUrl}/h5/pages/process/pay?orderNo=${orderNo}`);
      await settle(page);
      await payByAlipay(page, w);

      // Before approval the order's page says it is being prepared, with no code anywhere.
      await page.goto(`${h.baseUrl}/h5/pages/order/detail?orderNo=${orderNo}`);
      await settle(page);
      await page.getByTestId('esim-state').waitFor();
      expect(await page.getByTestId('esim-matching').count()).toBe(0);
      expect(await page.getByTestId('esim-state').textContent()).toBe(w.esim.install.preparing);

      // Staff approve: the order gets its profile from stock at once.
      await approveOrder(h.database.db, 'staff:e2e', orderNo, {}, esim);
      const detail = await api<{ order: { status: string } }>(page, h, `/api/order/detail?orderNo=${orderNo}`, token);
      expect(detail.order.status).toBe('esim_ready');

      // The install page for this phone: the one-tap link, the QR code, the codes to copy.
      await page.reload();
      await settle(page);
      const link = page.getByTestId('esim-link');
      await link.waitFor();
      const href = (await link.getAttribute('href'))!;
      const base = os === 'ios' ? 'https://esimsetup.apple.com/' : 'https://esimsetup.android.com/';
      expect(href.startsWith(`${base}esim_qrcode_provisioning?carddata=`)).toBe(true);
      const lpa = decodeURIComponent(href.split('carddata=')[1]!);
      expect(lpa).toMatch(/^LPA:1\$[\w.-]+\$[0-9A-Z-]+$/);
      expect(lpa.endsWith(`$${(await page.getByTestId('esim-matching').textContent())!.trim()}`)).toBe(true);
      expect(lpa.split('$')[1]).toBe((await page.getByTestId('esim-smdp').textContent())!.trim());
      await page.getByText(w.esim.install.otherScreen).click();
      await page.getByRole('img', { name: w.esim.install.qrAlt }).waitFor();
      await shoot(page, `${lang}-2-install`);
      expect(await page.getByText(w.esim.install.doNotDelete).isVisible()).toBe(true);
      await expectAccessible(page);

      // The same order inside WeChat: the hand-off to the phone's browser, not a link that fails there.
      const wechat = await openPhone(h, wechatUa);
      await signInWithToken(h, wechat, token);
      await wechat.page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
      await wechat.page.goto(`${h.baseUrl}/h5/pages/order/detail?orderNo=${orderNo}`);
      await settle(wechat.page);
      await wechat.page.getByTestId('esim-handoff').waitFor();
      await expect.poll(() => wechat.page.getByTestId('handoff-link').count()).toBe(1);
      expect(await wechat.page.getByTestId('esim-link').count()).toBe(0);
      expect((await wechat.page.getByTestId('handoff-link').textContent())!).toMatch(
        /\/h5\/pages\/public\/continue\?t=/,
      );
      await expectAccessible(wechat.page);
      await shoot(wechat.page, `${lang}-3-wechat`);
      await wechat.context.close();

      // The sandbox phone installs it; the carrier's notice opens the line.
      const device2 = await openPhone(h, ua);
      expect(await phoneDoes(device2.page, h, lpa, ['download', 'install'])).not.toBe('');
      await expect
        .poll(
          async () =>
            (await api<{ order: { status: string } }>(page, h, `/api/order/detail?orderNo=${orderNo}`, token)).order
              .status,
          { timeout: 30_000 },
        )
        .toBe('active');
      await page.reload();
      await settle(page);
      await expect.poll(() => page.getByTestId('esim-state').textContent()).toBe(w.esim.install.installed);
      await shoot(page, `${lang}-4-installed`);
      await expectAccessible(page);

      if (lang === 'cn') {
        // A new phone: the reissue, asked for on the line page and paid by Alipay.
        await page.goto(`${h.baseUrl}/h5/pages/user/taocan`);
        await settle(page);
        const card = page.getByTestId('esim-reissue');
        await card.waitFor();
        await expectAccessible(page);
        await shoot(page, `${lang}-5-reissue`);
        await card.getByLabel(w.esim.reason.new_phone).check();
        await card.getByRole('button', { name: w.esim.reissue.ask }).click();
        await card.getByRole('button', { name: w.esim.reissue.confirmPay }).click();
        await page.waitForURL(/\/h5\/pages\/user\/pay\?chargeNo=/);
        await settle(page);
        await expectAccessible(page);
        await payByAlipay(page, w);

        // The new profile on the order's page; the first one is refused by the phone.
        await page.goto(`${h.baseUrl}/h5/pages/order/detail?orderNo=${orderNo}`);
        await settle(page);
        await page.getByTestId('esim-link').waitFor({ timeout: 30_000 });
        const newLpa = decodeURIComponent(
          (await page.getByTestId('esim-link').getAttribute('href'))!.split('carddata=')[1]!,
        );
        expect(newLpa).not.toBe(lpa);
        expect(await page.getByText(w.esim.install.reissued).isVisible()).toBe(true);
        await shoot(page, `${lang}-6-reissued`);
        await expectAccessible(page);
        expect(await phoneDoes(device2.page, h, lpa, ['download'])).toBe(w.sandbox.esimRevoked);
        expect(await phoneDoes(device2.page, h, newLpa, ['download', 'install'])).not.toBe(w.sandbox.esimRevoked);
      }
      expect(phone.errors).toEqual([]);
      await Promise.all([phone.context.close(), device2.context.close()]);
    });
  }
});
