import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { activateOrder, approveOrder, billRun, shipOrder } from '../../server/staff/operations';
import { transitionOrder } from '../../server/orders/orders';
import { backends } from './helpers/databases';
import { placeOrder, signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

// November unpaid (due 11-30) and the December bill run done: the customer must not be able
// to pay December and leave November overdue behind it.
describe.each(backends)('two unpaid bills on %s', (backend) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.database.handle.db;
    ({ token } = await signUp(t.app, 'twobills'));
    const orderNo = await placeOrder(t.app, token, '2');
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    await transitionOrder(db, row!.id, 'paid', 'system');
    await transitionOrder(db, row!.id, 'under_review', 'system');
    await approveOrder(db, 'staff:t', orderNo);
    await shipOrder(db, 'staff:t', orderNo, 'JP00000002');
    await activateOrder(db, 'staff:t', orderNo, '080-4444-5555', '8981100000000000085');
    await billRun(db, 'staff:t', '2026-11');
    await billRun(db, 'staff:t', '2026-12');
  });
  afterAll(() => t.close());

  const billNoOf = async (month: string) => {
    const list = await getJson<{ bills: { billNo: string; month: string }[] }>(t.app, '/api/bill/lists', { token });
    return list.body.data.bills.find((b) => b.month === month)!.billNo;
  };

  it('refuses the December bill while November is unpaid, naming November', async () => {
    const december = await billNoOf('2026-12');
    const res = await postForm(
      t.app,
      '/api/pay/create',
      { billNo: december, method: 'wechat', scene: 'jsapi' },
      {
        token,
      },
    );
    expect(res.body).toMatchObject({ code: 0, msg: '请先支付 2026年11月的账单' });
  });

  it('pays November, the oldest, first', async () => {
    const november = await billNoOf('2026-11');
    const res = await postForm<{ paymentNo: string }>(
      t.app,
      '/api/pay/create',
      { billNo: november, method: 'wechat', scene: 'jsapi' },
      { token },
    );
    expect(res.body.code).toBe(1);
    // The result page's facts: what is charged, for which bill, by which method, and when.
    const status = await getJson<{ amount: number; targetNo: string; method: string; at: string }>(
      t.app,
      `/api/pay/status?paymentNo=${res.body.data.paymentNo}`,
      { token },
    );
    expect(status.body.data).toMatchObject({ amount: 3080, targetNo: november, method: 'wechat' });
    expect(Number.isNaN(Date.parse(status.body.data.at))).toBe(false);
  });
});
