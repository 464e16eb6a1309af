import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billRun } from '../../server/staff/operations';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
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
    await activeLine(t.app, token, { msisdn: '080-4444-5555', iccid: '8981100000000000085', planId: '2' });
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
