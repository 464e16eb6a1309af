import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cn from '../../locales/cn.json';
import { carrierRequests, lines, simReplacements, users } from '../../server/db/schema';
import { requestReplacement } from '../../server/lifecycle/index';
import { runCommand } from '../../server/ops/cli';
import { seedDemo } from '../../server/ops/seed-demo';
import { newIccid } from '../server/helpers/iccid';
import { expectAccessible, startHarness, type Harness } from './helpers/harness';

// Issue 31 in the console: an admin reports the demo customer's SIM lost for them (a phone
// call), then, as fulfilment does, posts the replacement with its tracking number and activates
// the new SIM by its ICCID from the fulfilment page; the line runs again on the new SIM.

const w = cn.admin.lost;

describe('a lost SIM handled from the console, in Chromium at 1366x768', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  async function settled(page: Page): Promise<void> {
    await page.waitForSelector('main');
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
  }

  /** An admin created by the ops command, signed in all the way (one-time password, TOTP, own password). */
  async function signInAdmin(page: Page): Promise<void> {
    const out = await runCommand(['staff', 'add', 'lostadmin', '--role', 'admin', '--name', '值班'], {
      db: h.database.db,
      vault: h.vault,
      actor: 'e2e',
    });
    const password = /one-time password: (\S+)/.exec(out)?.[1] ?? '';
    await page.goto(`${h.baseUrl}/admin/`);
    await page.getByLabel('员工账号').fill('lostadmin');
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
    await page.getByLabel('6 位验证码').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
    await page.getByRole('button', { name: '确认并继续' }).click();
    await page.getByLabel('新密码', { exact: true }).fill('lostadmin-own-password-2026');
    await page.getByLabel('再次输入新密码').fill('lostadmin-own-password-2026');
    await page.getByRole('button', { name: '保存密码并进入后台' }).click();
    await page.getByRole('navigation', { name: '后台菜单' }).waitFor();
  }

  it('reports lost for the customer, posts the new SIM and activates it', async () => {
    const db = h.database.db;
    const demo = await seedDemo(db, h.vault);
    const [user] = await db.select().from(users).where(eq(users.email, demo.email));
    const [line] = await db.select().from(lines).where(eq(lines.userId, user!.id));
    const context = await h.browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInAdmin(page);

    await page.goto(`${h.baseUrl}/admin/customers/${user!.id}`);
    await page.getByRole('heading', { name: w.title }).waitFor();
    await settled(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: w.report }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(w.reportConfirm).waitFor();
    await dialog.getByRole('button', { name: w.reportYes }).click();
    await page.getByText(w.reported).waitFor();
    expect((await db.select().from(lines).where(eq(lines.id, line!.id)))[0]!.status).toBe('lost');

    // The customer asked for a posted one on the phone (free here): the fulfilment page has it.
    const [lost] = await db.select().from(lines).where(eq(lines.id, line!.id));
    const row = await requestReplacement(db, { line: lost!, kind: 'post', feeExTax: 0, by: { actor: 'e2e' } });
    await page.goto(`${h.baseUrl}/admin/fulfilment`);
    await page.getByRole('heading', { name: w.queueTitle }).waitFor();
    await settled(page);
    await expectAccessible(page);
    const step = page.getByRole('form', { name: row.replacementNo });
    await step.getByLabel(w.trackingLabel).fill('JP12345678');
    await step.getByRole('button', { name: w.ship }).click();
    await page.getByText(w.shipped).waitFor();
    const iccid = newIccid('4');
    await page.getByRole('form', { name: row.replacementNo }).getByLabel(w.iccidLabel).fill(iccid);
    await page.getByRole('form', { name: row.replacementNo }).getByRole('button', { name: w.activate }).click();
    await page.getByText(w.activated).waitFor();
    await settled(page);
    await expectAccessible(page);

    const [after] = await db.select().from(lines).where(eq(lines.id, line!.id));
    expect([after!.status, after!.iccid]).toEqual(['active', iccid]);
    const [done] = await db.select().from(simReplacements).where(eq(simReplacements.id, row.id));
    expect(done).toMatchObject({ status: 'done', trackingNo: 'JP12345678', newIccid: iccid });
    const swaps = await db.select().from(carrierRequests).where(eq(carrierRequests.operation, 'swap_sim'));
    expect(swaps.map((s) => s.iccid)).toContain(iccid);
    expect(errors).toEqual([]);
    await context.close();
  });
});
