import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { transitionOrder } from '../../server/orders/orders';
import { openPhone, settle, signInWithToken, startHarness, visit, type Harness } from './helpers/harness';
import { placeOrder } from './helpers/orders';

describe('my orders in Chromium', () => {
  let h: Harness;
  let token: string;
  const placed: string[] = [];

  beforeAll(async () => {
    h = await startHarness();
    const res = await fetch(`${h.baseUrl}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        username: 'many',
        email: 'many@example.com',
        password: 'many12345',
        repassword: 'many12345',
      }),
    });
    token = ((await res.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token;
    const phone = await openPhone(h);
    for (let i = 0; i < 3; i += 1) placed.push(await placeOrder(phone.page.request, h.baseUrl, token, 'many', '1'));
    await phone.context.close();
    // The oldest was refused in review; the middle one shipped; the newest waits for payment.
    const db = h.database.db;
    const [oldest] = await db.select().from(orders).where(eq(orders.orderNo, placed[0]!));
    for (const to of ['paid', 'under_review'] as const) await transitionOrder(db, oldest!.id, to, 'system');
    await transitionOrder(db, oldest!.id, 'rejected', 'staff:e2e', '', {
      rejections: [{ document: 'residence_back', reason: 'blurry', note: '' }],
    });
    const [middle] = await db.select().from(orders).where(eq(orders.orderNo, placed[1]!));
    for (const to of ['paid', 'under_review', 'approved'] as const) await transitionOrder(db, middle!.id, to, 'system');
    // Approved by staff, as in the console: the dispatch promise is counted from this.
    await db.update(orders).set({ approvedAt: new Date() }).where(eq(orders.id, middle!.id));
    await transitionOrder(db, middle!.id, 'shipped', 'staff:e2e', '', { trackingNo: '123456789012' });
  });
  afterAll(() => h?.close());

  it('lists every order in Chinese, and an older one opens with its history', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await signInWithToken(h, phone, token);
    await visit(h, phone, '/pages/user/index');
    await page.getByRole('link', { name: '我的订单' }).click();
    await page.waitForURL(/\/pages\/order\/list$/);
    await settle(page);
    const items = page.locator('.order-list-item');
    expect(await items.count()).toBe(3);
    expect(await items.nth(0).textContent()).toContain(placed[2]);
    expect(await items.nth(0).textContent()).toContain('待支付');
    expect(await items.nth(1).textContent()).toContain('已发货');
    expect(await items.nth(2).textContent()).toContain('资料被驳回');

    await items.nth(2).click();
    await page.waitForURL(new RegExp(`orderNo=${placed[0]}`));
    await page.getByText('需要修改的资料：在留卡背面').waitFor();
    expect(await page.getByText('原因：照片模糊，看不清文字').isVisible()).toBe(true);
    const history = page.locator('.order-history li');
    expect(await history.allTextContents()).toEqual([
      expect.stringContaining('待支付'),
      expect.stringContaining('已支付'),
      expect.stringContaining('审核中'),
      expect.stringContaining('资料被驳回'),
    ]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('opens a linked order in Japanese, shipped with its tracking number', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    // Before any script of the app runs: a page still starting up would write its own language back.
    await phone.context.addInitScript((t) => {
      localStorage.setItem('token', JSON.stringify(t));
      localStorage.setItem('lang', JSON.stringify('ja'));
    }, token);
    await visit(h, phone, `/pages/process/pay?orderNo=${placed[1]}`);
    expect(await page.locator('.order-no').first().textContent()).toContain(placed[1]);
    await page.getByText('発送済み', { exact: true }).first().waitFor();
    expect(await page.getByText('123456789012').isVisible()).toBe(true);
    const track = page.getByRole('link', { name: '配送状況を確認（日本郵便）' });
    expect(await track.getAttribute('href')).toContain('reqCodeNo1=123456789012');
    // Shipped: no "will ship by" promise any more (issue 27's walk saw it on activated orders).
    expect(await page.locator('.order-dispatch').count()).toBe(0);
    await visit(h, phone, '/pages/order/list');
    expect(await page.locator('.order-list-item').count()).toBe(3);
    expect(await page.locator('.order-list-item').nth(2).textContent()).toContain('差し戻し');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('tells a stranger the order is not theirs to see', async () => {
    const res = await fetch(`${h.baseUrl}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        username: 'nosy',
        email: 'nosy@example.com',
        password: 'nosy12345',
        repassword: 'nosy12345',
      }),
    });
    const stranger = ((await res.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token;
    const phone = await openPhone(h);
    const { page } = phone;
    await signInWithToken(h, phone, stranger);
    await page.goto(`${h.baseUrl}/h5/pages/process/pay?orderNo=${placed[0]}`);
    await page.getByRole('alert').waitFor();
    expect(await page.locator('main').textContent()).not.toContain('在留卡');
    await page.getByRole('button', { name: '重试' }).waitFor();
    await phone.context.close();
  });
});
