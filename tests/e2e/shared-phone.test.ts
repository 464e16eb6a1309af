import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, lines, orders, plans, users, userTokens } from '../../server/db/schema';
import { seedDemo } from '../../server/ops/seed-demo';
import { openPhone, settle, startHarness, type Harness } from './helpers/harness';

// One phone, two customers: A (the demo customer, with a line, bills and orders) uses it and
// signs out, or has the session ended elsewhere; B, who has no line, signs in on the same
// browser. Nothing of A may be on B's screens or in the browser's storage.
//
// Every move after the first page load is inside the app (links, back, and history for the
// odd page without a link): a reload would build new stores and hide anything kept in memory.

describe('a shared phone in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  /**
   * Everything that identifies A: e-mail, name, number, address, bills, orders, and the plan
   * of A's line (which the public home page lists too: on B's own screens it would be A's).
   */
  async function tracesOfA(): Promise<{ email: string; password: string; markers: string[]; plan: string }> {
    const demo = await seedDemo(h.database.db, h.vault);
    const db = h.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, demo.email));
    const [line] = await db.select().from(lines).where(eq(lines.userId, user!.id));
    const [plan] = await db.select().from(plans).where(eq(plans.id, line!.planId));
    const billNos = (await db.select().from(bills).where(eq(bills.userId, user!.id))).map((b) => b.billNo);
    const orderNos = (await db.select().from(orders).where(eq(orders.userId, user!.id))).map((o) => o.orderNo);
    const m = demo.msisdn;
    const markers = [
      demo.email,
      user!.username,
      user!.mobile!,
      m,
      `${m.slice(0, 3)}-${m.slice(3, 7)}-${m.slice(7)}`,
      `${m.slice(0, 3)}-****-${m.slice(7)}`,
      // From the demo's order: birthday, phone and postcode.
      '1999-04-12',
      '080-1234-5678',
      '171-0021',
      ...billNos,
      ...orderNos,
    ];
    expect(billNos.length).toBeGreaterThan(0);
    return { email: demo.email, password: demo.password, markers: [...markers, plan!.nameCn], plan: plan!.nameCn };
  }

  async function registerB(name: string): Promise<{ username: string; email: string; password: string }> {
    const form = { username: name, email: `${name}@example.com`, password: 'secret123', repassword: 'secret123' };
    const res = await fetch(`${h.baseUrl}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    expect(res.status).toBe(200);
    return form;
  }

  /** What the page shows (text and field values) and what the browser keeps for the site. */
  async function everythingVisible(page: Page): Promise<string> {
    return page.evaluate(() => {
      const keep = (s: Storage) => JSON.stringify(Object.fromEntries(Object.keys(s).map((k) => [k, s.getItem(k)])));
      const fields = [...document.querySelectorAll<HTMLInputElement>('input, textarea, select')].map((f) => f.value);
      return [document.title, document.body.innerText, ...fields, keep(localStorage), keep(sessionStorage)].join('\n');
    });
  }

  async function expectNoTrace(page: Page, markers: string[], where: string): Promise<void> {
    const seen = await everythingVisible(page);
    expect(
      markers.filter((m) => seen.includes(m)),
      where,
    ).toEqual([]);
  }

  /** Moves inside the app, as its own links do: the stores live on. */
  async function goInside(page: Page, path: string): Promise<void> {
    await page.evaluate((to) => {
      window.history.pushState({}, '', `/h5${to}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }

  async function signInHere(page: Page, email: string, password: string): Promise<void> {
    await page.waitForURL(/\/pages\/public\/login/);
    await settle(page);
    await page.getByLabel('邮箱').fill(email);
    await page.getByLabel('密码').fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/pages/public/login'));
  }

  /** The personal center's sections, opened from its menu one after another. */
  const SECTIONS = ['我的套餐', '月费支付', '姓名、电话与签证', '修改地址', '我的订单'];

  // A menu entry may carry a badge after its name ("月费支付 2 张未付").
  const menuLink = (page: Page, name: string) => page.getByRole('link', { name: new RegExp(`^${name}`) });

  async function openSection(page: Page, name: string): Promise<void> {
    await menuLink(page, name).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/pages/user/index'));
    await settle(page);
  }

  /** A opens every section of their own, and sees their data there. */
  async function aLooksAround(page: Page, markers: string[]): Promise<void> {
    for (const name of SECTIONS) {
      await openSection(page, name);
      if (name === '我的套餐') await page.getByRole('heading', { name: '本月流量' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: '演示用户' }).waitFor();
    }
    // Otherwise "no trace" later would prove nothing.
    const seen = await everythingVisible(page);
    expect(markers.some((m) => seen.includes(m))).toBe(true);
  }

  /** B opens the same sections: B's own answers, none of A's. */
  async function bLooksAround(page: Page, b: { username: string }, markers: string[]): Promise<void> {
    await goInside(page, '/pages/user/index');
    await page.getByRole('heading', { name: b.username }).waitFor();
    await expectNoTrace(page, markers, 'user index');
    for (const name of SECTIONS) {
      await openSection(page, name);
      await expectNoTrace(page, markers, name);
      if (name === '我的套餐') await page.getByRole('link', { name: '立即购买电话卡' }).waitFor();
      if (name === '月费支付') await page.getByText('没有需要支付的账单').waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: b.username }).waitFor();
    }
  }

  it('after A signs out, B on the same browser sees nothing of A on any screen or in storage', async () => {
    const a = await tracesOfA();
    const b = await registerB('customer-b');
    const phone = await openPhone(h);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/public/login`);
    await signInHere(page, a.email, a.password);
    await page.getByRole('heading', { name: '演示用户' }).waitFor();
    await aLooksAround(page, a.markers);

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(/\/h5\/?$/);
    await settle(page);
    // The home page lists every plan, A's among them: there only A's own data would be a trace.
    await expectNoTrace(
      page,
      a.markers.filter((m) => m !== a.plan),
      'home after logout',
    );
    const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(a.markers.filter((m) => kept.includes(m))).toEqual([]);
    // The language is the visitor's, not A's: it is still written down.
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('"cn"');

    // B asks for their package: the app sends them to sign in and back there.
    await goInside(page, '/pages/user/taocan');
    await signInHere(page, b.email, b.password);
    await settle(page);
    await expectNoTrace(page, a.markers, 'package of B');
    await page.getByRole('link', { name: '立即购买电话卡' }).waitFor();
    await bLooksAround(page, b, a.markers);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it("when A's session is ended elsewhere, the next call forgets A, and B sees nothing of A", async () => {
    const a = await tracesOfA();
    const b = await registerB('customer-c');
    const phone = await openPhone(h);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/public/login`);
    await signInHere(page, a.email, a.password);
    await page.getByRole('heading', { name: '演示用户' }).waitFor();
    await aLooksAround(page, a.markers);

    // Ended on the server (as a password reset elsewhere does); the app is not told.
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('token'))) ?? 'null') as string;
    const [user] = await h.database.db.select().from(users).where(eq(users.email, a.email));
    await h.database.db.update(userTokens).set({ revokedAt: new Date() }).where(eq(userTokens.userId, user!.id));
    await expect
      .poll(async () => (await fetch(`${h.baseUrl}/api/user/userinfo`, { headers: { token } })).status)
      .toBe(401);

    await menuLink(page, '月费支付').click();
    await page.waitForURL(/\/pages\/public\/login\?redirect=/);
    await settle(page);
    await expectNoTrace(page, a.markers, 'login after the 401');

    await signInHere(page, b.email, b.password);
    await settle(page);
    await expectNoTrace(page, a.markers, 'bills of B');
    await page.getByText('没有需要支付的账单').waitFor();
    await bLooksAround(page, b, a.markers);
    // The 401 itself is logged by the browser; nothing else may be.
    expect(phone.errors.filter((e) => !e.includes('401'))).toEqual([]);
    await phone.context.close();
  });
});
