import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { tokyoDate } from '../../contract/calendar';
import { lines, usageRecords } from '../../server/db/schema';
import { monthUsage } from '../../server/line/index';
import { seedDemo } from '../../server/ops/seed-demo';
import { loadConfig } from '../../server/config';
import { createPaymentProviders, makeSandboxKeys } from '../../server/payments/index';
import { autoTopupSweep, createTopupDeps } from '../../server/topups/index';
import { expectAccessible, openPhone, settle, signInWithToken, startHarness, type Harness } from './helpers/harness';

// Issue 31, as the demo customer tries it: at the limit (throttled), the line page points to the
// top-up page; 1 GB is bought after a confirmation, paid by sandbox card, and the quota shown
// has grown and the speed limit lifted. In Chinese, then in Japanese after using it up again.
// axe on each page.

type Words = typeof cn;
const WORDS: Record<'cn' | 'ja', Words> = { cn, ja };
const gb = (mb: number) => (mb / 1024).toFixed(1);

describe('a data top-up at the limit, in Chromium at 390x844', () => {
  let h: Harness;
  let demo: Awaited<ReturnType<typeof seedDemo>>;
  beforeAll(async () => {
    h = await startHarness();
    demo = await seedDemo(h.database.db, h.vault);
  });
  afterAll(() => h?.close());

  /** The demo line's month used up to its quota (plan and add-ons): today takes what is left. */
  async function useItUp(): Promise<{ usedMb: number; quotaMb: number }> {
    const db = h.database.db;
    const today = tokyoDate(new Date());
    const [line] = await db.select().from(lines).where(eq(lines.msisdn, demo.msisdn));
    const [now] = await monthUsage(db, [line!.id], today);
    const left = now!.quotaMb - now!.usedMb;
    if (left > 0) {
      const [rec] = await db
        .select()
        .from(usageRecords)
        .where(and(eq(usageRecords.lineId, line!.id), eq(usageRecords.day, today)));
      await db
        .insert(usageRecords)
        .values({ lineId: line!.id, day: today, megabytes: (rec?.megabytes ?? 0) + left })
        .onConflictDoUpdate({
          target: [usageRecords.lineId, usageRecords.day],
          set: { megabytes: (rec?.megabytes ?? 0) + left },
        });
    }
    const [after] = await monthUsage(db, [line!.id], today);
    return { usedMb: after!.usedMb, quotaMb: after!.quotaMb };
  }

  for (const lang of ['cn', 'ja'] as const) {
    const w = WORDS[lang];
    it(`${lang}: at the limit, buys 1 GB, pays by card and sees the quota grow`, async () => {
      const before = await useItUp();
      expect(before.usedMb).toBe(before.quotaMb);
      const phone = await openPhone(h);
      const { page } = phone;
      const login = await page.request.post(`${h.baseUrl}/api/user/login`, {
        form: { email: demo.email, password: demo.password },
      });
      const token = ((await login.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token;
      await page.request.post(`${h.baseUrl}/api/user/lang`, { headers: { token }, form: { lang } });
      await signInWithToken(h, phone, token);
      await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);

      // The line page: throttled, and the way to more data is the prominent one.
      await page.goto(`${h.baseUrl}/h5/pages/user/taocan`);
      await page.getByRole('heading', { name: w.line.usageTitle }).waitFor();
      await settle(page);
      await page.getByText(w.topup.linkThrottled).waitFor();
      await expectAccessible(page);
      await page.getByRole('link', { name: w.topup.linkBuy }).click();

      // The top-up page: the quota now, the add-ons with price and validity in words.
      await page.waitForURL(/\/h5\/pages\/user\/topup$/);
      await settle(page);
      const usedOf = (used: number, quota: number) =>
        w.topup.usedOf.replace('{{used}}', gb(used)).replace('{{quota}}', gb(quota));
      await page.getByText(usedOf(before.usedMb, before.quotaMb)).waitFor();
      await page.getByText(w.topup.atLimit).waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: w.topup.buyNamed.replace('{{size}}', '1 GB') }).click();
      const dialog = page.getByRole('dialog', { name: w.topup.confirmTitle.replace('{{size}}', '1 GB') });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('550');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: w.topup.confirmYes }).click();

      // The charge on the pay page, paid by the sandbox card.
      await page.waitForURL(/\/h5\/pages\/user\/pay\?chargeNo=C\d+/);
      await settle(page);
      await page.getByRole('heading', { name: w.payment.chargeKind.topup }).waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: w.order.payWith.card }).click();
      await page.getByLabel(w.card.number).fill('4111111111111111');
      await page.getByLabel(w.card.expiry).fill('1230');
      await page.getByLabel(w.card.securityCode).fill('123');
      await page.getByRole('button', { name: w.card.submit }).click();
      await page.getByRole('heading', { name: w.topup.paid }).waitFor();
      await expectAccessible(page);

      // Back on the top-up page: the quota has grown by 1 GB and the speed is back.
      await page.getByRole('link', { name: w.topup.backToTopup }).click();
      await page.waitForURL(/\/h5\/pages\/user\/topup$/);
      await settle(page);
      await page.getByText(usedOf(before.usedMb, before.quotaMb + 1024)).waitFor();
      await page.getByText(w.line.fullSpeed).waitFor();
      await page.getByText(w.topup.status.applied).first().waitFor();
      await expectAccessible(page);
      expect(phone.errors).toEqual([]);
      await phone.context.close();
    });
  }

  it('cn: adds the sandbox card, turns automatic top-up on, and sees it fire once at 100 % on the next import', async () => {
    const w = cn;
    const phone = await openPhone(h);
    const { page } = phone;
    const login = await page.request.post(`${h.baseUrl}/api/user/login`, {
      form: { email: demo.email, password: demo.password },
    });
    const token = ((await login.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token;
    await page.request.post(`${h.baseUrl}/api/user/lang`, { headers: { token }, form: { lang: 'cn' } });
    await signInWithToken(h, phone, token);
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('cn')));
    await page.goto(`${h.baseUrl}/h5/pages/user/topup`);
    await settle(page);
    await page.getByRole('button', { name: w.topup.card.add }).click();
    await page.getByLabel(w.card.number).fill('4111111111111111');
    await page.getByLabel(w.card.expiry).fill('1230');
    await page.getByLabel(w.card.securityCode).fill('123');
    await expectAccessible(page);
    await page.getByRole('button', { name: w.topup.card.submit }).click();
    await page
      .getByText(/411111\*+1111/)
      .first()
      .waitFor();
    await page.getByLabel(w.topup.auto.enable).check();
    await page.getByRole('button', { name: w.topup.auto.save }).click();
    await page.getByText(w.topup.auto.savedOn).waitFor();
    await expectAccessible(page);

    // Used up: the next usage import buys the chosen add-on with the card, once.
    const before = await useItUp();
    const config = loadConfig({ NODE_ENV: 'test' });
    const providers = createPaymentProviders(config, h.database.db, makeSandboxKeys());
    const deps = createTopupDeps(config, h.database.db, providers);
    expect((await autoTopupSweep(deps)).bought).toBe(1);
    expect((await autoTopupSweep(deps)).bought).toBe(0);
    await page.reload();
    await settle(page);
    const usedOf = w.topup.usedOf
      .replace('{{used}}', gb(before.usedMb))
      .replace('{{quota}}', gb(before.quotaMb + 1024));
    await page.getByText(usedOf).waitFor();
    await page.getByText(w.topup.source.auto).first().waitFor();
    await page.getByText(w.topup.auto.usedThisMonth.replace('{{count}}', '1').replace('{{cap}}', '1')).waitFor();
    await expectAccessible(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
