import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, users } from '../../server/db/schema';
import { message } from '../../server/lib/messages';
import { seedDemo } from '../../server/ops/seed-demo';
import { expectAccessible, openPhone, settle, startHarness, type Harness } from './helpers/harness';

interface OutboxMessage {
  channel: string;
  recipient: string;
  kind: string;
  subject: string;
  body: string;
}

// The demo customer's account is in Chinese. They switch the title bar to Japanese on one
// phone, book a plan change (which they are told about by mail and SMS), and later sign in on
// another phone, whose browser speaks Chinese.

describe("the customer's language is the account's, in Chromium", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto(`${h.baseUrl}/h5/pages/public/login`);
    await settle(page);
    // A new device shows the site's default language until it knows who signs in.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.getByLabel('邮箱').fill(email);
    await page.getByLabel('密码').fill(password);
    await page.getByRole('button', { name: '登录' }).click();
  }

  /** What the development outbox holds for a recipient (the e-mail or the bound mobile). */
  async function outboxFor(to: string): Promise<OutboxMessage[]> {
    const res = await fetch(`${h.baseUrl}/dev/outbox.json?to=${encodeURIComponent(to)}`);
    return ((await res.json()) as { messages: OutboxMessage[] }).messages;
  }

  it('a switch in the title bar is saved: messages come in Japanese and a new device shows Japanese', async () => {
    const demo = await seedDemo(h.database.db, h.vault);
    const [account] = await h.database.db.select().from(users).where(eq(users.email, demo.email));
    expect(account!.lang).toBe('cn');

    const first = await openPhone(h);
    await signIn(first.page, demo.email, demo.password);
    await first.page.getByRole('heading', { name: '个人中心' }).waitFor();
    await first.page.getByRole('button', { name: '切换为日语' }).click();
    await first.page.getByRole('heading', { name: 'マイページ' }).waitFor();
    await expect
      .poll(async () => (await h.database.db.select().from(users).where(eq(users.id, account!.id)))[0]!.lang)
      .toBe('ja');

    // Something the customer does that they are told about: a plan change, booked in Japanese.
    await first.page.getByRole('link', { name: 'プラン変更', exact: true }).click();
    await first.page.getByRole('button', { name: 'このプランを選ぶ' }).first().click();
    await first.page.getByRole('button', { name: '変更を確定する' }).click();
    await first.page.getByText('プラン変更を予約しました').first().waitFor();
    const told = [...(await outboxFor(demo.email)), ...(await outboxFor(account!.mobile!))].filter(
      (m) => m.kind === 'plan_change_booked',
    );
    expect(told.map((m) => m.channel).sort()).toEqual(['mail', 'sms']);
    const offered = await h.database.db.select().from(plans);
    for (const m of told) {
      expect(m.subject).toBe(message('ja', 'notify.plan_change_booked.subject'));
      expect(m.body).toContain('プラン変更を予約しました');
      // The plan is named as it is called in Japanese.
      expect(offered.some((p) => m.body.includes(p.nameJa))).toBe(true);
      expect(offered.some((p) => m.body.includes(p.nameCn))).toBe(false);
    }
    expect(first.errors).toEqual([]);
    await first.context.close();

    // Another phone, in Chinese, with nothing stored: signing in shows the account's language.
    const second = await openPhone(h);
    await signIn(second.page, demo.email, demo.password);
    await second.page.getByRole('heading', { name: '演示用户' }).waitFor();
    await expect.poll(() => second.page.evaluate(() => document.documentElement.lang), { timeout: 5000 }).toBe('ja');
    await second.page.getByRole('heading', { name: 'マイページ' }).waitFor();
    expect(await second.page.evaluate(() => localStorage.getItem('lang'))).toBe('"ja"');
    await expectAccessible(second.page);
    // And on the next visit too, pages the server draws included.
    await second.page.goto(`${h.baseUrl}/h5/`);
    await settle(second.page);
    expect(await second.page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(second.errors).toEqual([]);
    await second.context.close();
  });
});
