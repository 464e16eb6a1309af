import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, refunds } from '../../server/db/schema';
import { expectAccessible, openPhone, settle, startHarness, type Harness } from './helpers/harness';
import { customerWithOrder } from './helpers/orders';

// Issue 14: a surplus payment is refunded, and the customer sees it on the order, in both languages.

describe('a refunded duplicate payment in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('says on my order that the duplicate payment is being refunded, then that it was refunded', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    const { token, orderNo } = await customerWithOrder(page.request, h.baseUrl, 'paidtwice');
    const db = h.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    // Two successes for one order: the first paid it, the second is being sent back.
    await db.update(orders).set({ status: 'under_review', paidAt: new Date() }).where(eq(orders.id, order!.id));
    const base = {
      userId: order!.userId,
      targetType: 'order',
      targetId: order!.id,
      scene: 'card',
      amount: order!.total,
      status: 'paid',
      paidAt: new Date(),
    };
    await db.insert(payments).values({ ...base, paymentNo: 'PE2E1', method: 'card' });
    const [surplus] = await db
      .insert(payments)
      .values({ ...base, paymentNo: 'PE2E2', method: 'wechat', scene: 'h5', closedAt: new Date() })
      .returning();
    const [refund] = await db
      .insert(refunds)
      .values({ refundNo: 'RE2E1', paymentId: surplus!.id, amount: order!.total, reason: 'closed', status: 'pending' })
      .returning();
    const yen = order!.total.toLocaleString('ja-JP');

    await page.goto(`${h.baseUrl}/h5/`);
    await page.evaluate((t) => localStorage.setItem('token', JSON.stringify(t)), token);
    await page.goto(`${h.baseUrl}/h5/pages/process/pay`);
    await page.getByText(`重复支付的 ¥${yen} 正在退款`).waitFor();
    await settle(page);
    await expectAccessible(page);

    await db.update(refunds).set({ status: 'refunded', refundedAt: new Date() }).where(eq(refunds.id, refund!.id));
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('ja')));
    await page.reload();
    await page.getByText(`重複したお支払い ¥${yen} は返金済みです`).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
