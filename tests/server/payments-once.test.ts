import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import { bills, orders, payments, refunds, sandboxTrades } from '../../server/db/schema';
import { billRun } from '../../server/staff/operations';
import { backends } from './helpers/databases';
import { sandboxCardToken } from './helpers/sandbox-card';
import { activeLine } from './helpers/orders';
import { placeOrder, signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';
import { deliverNotification, wechatNotification } from './helpers/signed-notifications';

// Issue 14, "Paid twice": one open attempt per order or bill; whatever still succeeds for a
// closed or surplus attempt is recorded and refunded, and the customer sees the refund.

interface Created {
  paymentNo: string;
  outcome: { kind: string; params?: Record<string, string>; url?: string; code?: string };
}

describe.each(backends)('one payment per order or bill on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let strangerToken: string;
  beforeAll(async () => {
    // WeChat Pay's H5 cashier stands for any redirect cashier here; this merchant has it.
    t = await createTestApp(backend, { env: { WECHAT_H5_PAY: 'on' } });
    ({ token } = await signUp(t.app, 'oncepayer'));
    ({ token: strangerToken } = await signUp(t.app, 'stranger'));
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const pay = (form: Record<string, string>, tok = token) =>
    postForm<Created>(t.app, '/api/pay/create', form, { token: tok });
  const cardToken = (cardno?: string) => sandboxCardToken(t.app, cardno);
  const tradeOf = async (paymentNo: string) =>
    (await db().select().from(sandboxTrades).where(eq(sandboxTrades.paymentNo, paymentNo)))[0]!;
  const wechatSuccess = (paymentNo: string, notifyId: string, amount = 1980, state = 'SUCCESS') =>
    deliverNotification(t.app, 'wechat', wechatNotification(t.app, { paymentNo, notifyId, amount, state }));
  const orderIdOf = async (orderNo: string) =>
    (await db().select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
  /** What the customer was charged and not given back, and how many payments are kept. */
  const money = async (targetType: string, targetId: number) => {
    const rows = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.targetType, targetType), eq(payments.targetId, targetId)));
    const paid = rows.filter((p) => p.status === 'paid');
    const back = paid.length
      ? await db()
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.paymentId,
              paid.map((p) => p.id),
            ),
          )
      : [];
    const refunded = back.filter((r) => r.status === 'refunded').reduce((sum, r) => sum + r.amount, 0);
    return {
      taken: paid.reduce((sum, p) => sum + p.amount, 0),
      refunded,
      kept: paid.length - back.length,
      refunds: back,
      rows,
    };
  };

  it('WeChat H5 then a card: the cashier is closed, a success that still arrives is refunded, and the order shows it', async () => {
    const orderNo = await placeOrder(t.app, token);
    const wechat = (await pay({ orderNo, method: 'wechat', scene: 'h5' })).body.data;
    expect(wechat.outcome.kind).toBe('redirect');
    const card = (await pay({ orderNo, method: 'card', token: await cardToken() })).body.data;
    expect(card.outcome.kind).toBe('paid');

    // The first cashier can no longer take money.
    expect((await tradeOf(wechat.paymentNo)).status).toBe('closed');
    const cashier = await t.app.inject({
      method: 'GET',
      url: wechat.outcome.url!,
      headers: { 'accept-language': 'zh-cn' },
    });
    expect(cashier.body).toContain('此交易已关闭');
    const tradeNo = new URL(wechat.outcome.url!, 'http://x').searchParams.get('trade')!;
    await t.app.inject({ method: 'POST', url: '/sandbox/wechat/cashier', payload: { trade: tradeNo, result: 'ok' } });
    expect((await tradeOf(wechat.paymentNo)).status).toBe('closed');

    // WeChat Pay took the money anyway (a close that crossed a payment): recorded, sent back.
    await db().update(sandboxTrades).set({ status: 'paid' }).where(eq(sandboxTrades.paymentNo, wechat.paymentNo));
    expect((await wechatSuccess(wechat.paymentNo, 'late-1')).statusCode).toBe(200);
    const order = await orderIdOf(orderNo);
    const m = await money('order', order.id);
    expect(m).toMatchObject({ taken: 3960, refunded: 1980, kept: 1 });
    expect(m.refunds[0]).toMatchObject({ reason: 'closed', status: 'refunded', attempts: 1 });
    expect(order.status).toBe('under_review');

    const seen = await getJson<{ refunds: { amount: number; status: string }[] }>(
      t.app,
      `/api/pay/refunds?orderNo=${orderNo}`,
      { token },
    );
    expect(seen.body.data.refunds).toEqual([{ amount: 1980, status: 'refunded' }]);
    expect((await getJson(t.app, `/api/pay/refunds?orderNo=${orderNo}`, { token: strangerToken })).status).toBe(404);
  });

  it('a refund the provider refused is tried again on a later status look, after a wait, and counted', async () => {
    const orderNo = await placeOrder(t.app, token);
    const wechat = (await pay({ orderNo, method: 'wechat', scene: 'jsapi' })).body.data;
    const card = (await pay({ orderNo, method: 'card', token: await cardToken() })).body.data;
    // The success arrives before the provider has the money on its books: the first refund fails.
    await wechatSuccess(wechat.paymentNo, 'early-1');
    const order = await orderIdOf(orderNo);
    expect((await money('order', order.id)).refunds[0]).toMatchObject({ status: 'pending', attempts: 1 });
    const look = () => getJson(t.app, `/api/pay/status?paymentNo=${card.paymentNo}`, { token });
    await look();
    expect((await money('order', order.id)).refunds[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(
      (await getJson<{ refunds: unknown[] }>(t.app, `/api/pay/refunds?orderNo=${orderNo}`, { token })).body.data
        .refunds,
    ).toEqual([{ amount: 1980, status: 'refunding' }]);

    await db().update(sandboxTrades).set({ status: 'paid' }).where(eq(sandboxTrades.paymentNo, wechat.paymentNo));
    await db()
      .update(refunds)
      .set({ updatedAt: new Date(Date.now() - 31_000) })
      .where(eq(refunds.status, 'pending'));
    await look();
    expect((await money('order', order.id)).refunds[0]).toMatchObject({
      status: 'refunded',
      attempts: 2,
      lastError: null,
    });
    expect((await tradeOf(wechat.paymentNo)).status).toBe('refunded');
  });

  it('two concurrent card creates: one payment kept, nothing taken twice, no 5xx', async () => {
    const orderNo = await placeOrder(t.app, token);
    const [a, b] = await Promise.all([cardToken(), cardToken()]);
    const answers = await Promise.all([
      pay({ orderNo, method: 'card', token: a }),
      pay({ orderNo, method: 'card', token: b }),
    ]);
    for (const res of answers) expect(res.status).toBe(200);
    const m = await money('order', (await orderIdOf(orderNo)).id);
    expect(m.kept).toBe(1);
    expect(m.taken - m.refunded).toBe(1980);
    expect((await orderIdOf(orderNo)).status).toBe('under_review');
  });

  it('eight concurrent creates by every method: no 5xx, at most one open attempt, and paying the open one is all that is taken', async () => {
    const orderNo = await placeOrder(t.app, token);
    const tokens = await Promise.all([cardToken(), cardToken(), cardToken()]);
    const forms = [
      ...tokens.map((tok) => ({ orderNo, method: 'card', token: tok })),
      { orderNo, method: 'wechat', scene: 'h5' },
      { orderNo, method: 'wechat', scene: 'jsapi' },
      { orderNo, method: 'alipay', scene: 'app' },
      { orderNo, method: 'alipay', scene: 'wap' },
      { orderNo, method: 'wechat', scene: 'h5' },
    ];
    const answers = await Promise.all(forms.map((form) => pay(form)));
    for (const res of answers) expect(res.status).toBe(200);
    const order = await orderIdOf(orderNo);
    let m = await money('order', order.id);
    expect(m.rows.filter((p) => p.status === 'pending').length).toBeLessThanOrEqual(1);
    // Every cashier still open gets paid by the customer: only an open attempt can take money.
    for (const p of m.rows.filter((row) => row.method !== 'card')) {
      const trade = await tradeOf(p.paymentNo);
      await t.app.inject({
        method: 'POST',
        url: `/sandbox/${p.method}/confirm`,
        payload: { trade: trade.tradeNo, result: 'ok' },
      });
      await getJson(t.app, `/api/pay/status?paymentNo=${p.paymentNo}`, { token });
    }
    m = await money('order', order.id);
    expect(m.kept).toBe(1);
    expect(m.taken - m.refunded).toBe(1980);
    expect((await orderIdOf(orderNo)).status).toBe('under_review');
  });

  it('two WeChat cashiers, then WeChat and Alipay: only the newest attempt can be paid', async () => {
    const orderNo = await placeOrder(t.app, token);
    const first = (await pay({ orderNo, method: 'wechat', scene: 'h5' })).body.data;
    const second = (await pay({ orderNo, method: 'wechat', scene: 'h5' })).body.data;
    const third = (await pay({ orderNo, method: 'alipay', scene: 'app' })).body.data;
    expect((await tradeOf(first.paymentNo)).status).toBe('closed');
    expect((await tradeOf(second.paymentNo)).status).toBe('closed');
    const confirmOld = await t.app.inject({
      method: 'POST',
      url: '/sandbox/wechat/confirm',
      payload: { trade: (await tradeOf(second.paymentNo)).tradeNo, result: 'ok' },
    });
    expect(confirmOld.json()).toMatchObject({ ok: false, status: 'closed' });
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/sandbox/alipay/confirm',
      payload: { trade: third.outcome.params!.tradeNO, result: 'ok' },
    });
    expect(confirm.json()).toMatchObject({ ok: true });
    expect(
      (await getJson<{ status: string }>(t.app, `/api/pay/status?paymentNo=${third.paymentNo}`, { token })).body.data
        .status,
    ).toBe('paid');
    const m = await money('order', (await orderIdOf(orderNo)).id);
    expect(m.rows.map((p) => p.status).sort()).toEqual(['closed', 'closed', 'paid']);
    expect(m.taken).toBe(1980);
  });

  it('a new attempt whose predecessor the provider reports paid settles that one and is refused', async () => {
    const orderNo = await placeOrder(t.app, token);
    const first = (await pay({ orderNo, method: 'wechat', scene: 'jsapi' })).body.data;
    // Paid at WeChat, but its notification has not arrived yet.
    await db().update(sandboxTrades).set({ status: 'paid' }).where(eq(sandboxTrades.paymentNo, first.paymentNo));
    const again = await pay({ orderNo, method: 'alipay', scene: 'app' });
    expect(again.body).toMatchObject({ code: 0, msg: '已支付成功，无需再次支付', data: { error: 'ALREADY_PAID' } });
    const m = await money('order', (await orderIdOf(orderNo)).id);
    expect(m.rows.map((p) => p.status)).toEqual(['paid']);
    expect((await orderIdOf(orderNo)).status).toBe('under_review');
  });

  it("another customer's create and status for my order and payment: 404, nothing changes", async () => {
    const orderNo = await placeOrder(t.app, token);
    const mine = (await pay({ orderNo, method: 'wechat', scene: 'jsapi' })).body.data;
    const create = await pay({ orderNo, method: 'wechat', scene: 'jsapi' }, strangerToken);
    expect(create.status).toBe(404);
    const status = await getJson(t.app, `/api/pay/status?paymentNo=${mine.paymentNo}`, { token: strangerToken });
    expect(status.status).toBe(404);
    const m = await money('order', (await orderIdOf(orderNo)).id);
    expect(m.rows.map((p) => [p.paymentNo, p.status])).toEqual([[mine.paymentNo, 'pending']]);
    expect((await tradeOf(mine.paymentNo)).status).toBe('pending');
  });

  it('a monthly bill: the second attempt closes the first, and a surplus success is refunded on the bill', async () => {
    await activeLine(t.app, token, { msisdn: '080-9999-0001', iccid: '8981100000000000091', planId: '2' });
    await billRun(db(), 'staff:t', tokyoDate(new Date()).slice(0, 7));
    const billNo = (await getJson<{ bills: { billNo: string }[] }>(t.app, '/api/bill/lists', { token })).body.data
      .bills[0]!.billNo;
    const [row] = await db().select().from(bills).where(eq(bills.billNo, billNo));

    const first = (await pay({ billNo, method: 'wechat', scene: 'jsapi' })).body.data;
    const second = (await pay({ billNo, method: 'card', token: await cardToken() })).body.data;
    expect(second.outcome.kind).toBe('paid');
    expect((await tradeOf(first.paymentNo)).status).toBe('closed');
    await db().update(sandboxTrades).set({ status: 'paid' }).where(eq(sandboxTrades.paymentNo, first.paymentNo));
    await wechatSuccess(first.paymentNo, 'bill-late', row!.total);
    const m = await money('bill', row!.id);
    expect(m).toMatchObject({ taken: row!.total * 2, refunded: row!.total, kept: 1 });
    const seen = await getJson<{ refunds: { amount: number; status: string }[] }>(
      t.app,
      `/api/pay/refunds?billNo=${billNo}`,
      { token },
    );
    expect(seen.body.data.refunds).toEqual([{ amount: row!.total, status: 'refunded' }]);
    expect((await db().select().from(bills).where(eq(bills.id, row!.id)))[0]!.status).toBe('paid');
  });

  it('the one-open-attempt index refuses a second pending row, and create answers it cleanly', async () => {
    const orderNo = await placeOrder(t.app, token);
    const order = await orderIdOf(orderNo);
    const values = {
      userId: order.userId,
      targetType: 'order',
      targetId: order.id,
      method: 'wechat',
      scene: 'jsapi',
      amount: 1980,
      status: 'pending',
    };
    await db()
      .insert(payments)
      .values({ ...values, paymentNo: `PX${order.id}a` });
    await expect(
      db()
        .insert(payments)
        .values({ ...values, paymentNo: `PX${order.id}b` }),
    ).rejects.toThrow();
    // An open attempt the sandbox never heard of: closed, replaced, no fault.
    const res = await pay({ orderNo, method: 'wechat', scene: 'jsapi' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
  });
});
