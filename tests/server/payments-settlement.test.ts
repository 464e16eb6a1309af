import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, paymentNotifications, payments, refunds } from '../../server/db/schema';
import type { FaultPoint } from '../../server/payments/payment-settlement';
import { acceptNotification } from '../../server/payments/payments';
import { backends } from './helpers/databases';
import { placeOrder, signUp } from './helpers/purchase';
import { postForm } from './helpers/requests';
import { buildApp } from '../../server/app';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';
import { deliverNotification, wechatNotification, type Notification } from './helpers/signed-notifications';

// Issue 14, "Half-settled after a crash": the notification record, the payment, the order
// and its events commit together or not at all; repeats and late failures change nothing.

const FAULT_POINTS: FaultPoint[] = ['notification-recorded', 'payment-updated', 'order-paid', 'target-settled'];

describe.each(backends)('settlement on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ token } = await signUp(t.app, 'settler'));
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const newPayment = async () => {
    const orderNo = await placeOrder(t.app, token);
    const res = await postForm<{ paymentNo: string }>(
      t.app,
      '/api/pay/create',
      { orderNo, method: 'wechat', scene: 'jsapi' },
      { token },
    );
    return { orderNo, paymentNo: res.body.data.paymentNo };
  };
  const note = (paymentNo: string, notifyId: string, state = 'SUCCESS') =>
    wechatNotification(t.app, { paymentNo, notifyId, state });
  const deliver = (message: Notification) => deliverNotification(t.app, 'wechat', message);
  const state = async (orderNo: string, paymentNo: string) => {
    const [order] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    const rows = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.targetType, 'order'), eq(payments.targetId, order!.id)));
    const [{ events } = { events: 0 }] = await db()
      .select({ events: count() })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order!.id));
    const [{ notes } = { notes: 0 }] = await db()
      .select({ notes: count() })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.paymentNo, paymentNo));
    const refundRows = await db()
      .select()
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.targetId, order!.id));
    return {
      order: order!.status,
      paid: rows.filter((p) => p.status === 'paid').length,
      payment: rows.find((p) => p.paymentNo === paymentNo)!.status,
      events,
      notes,
      refunds: refundRows.length,
    };
  };

  for (const point of FAULT_POINTS) {
    it(`a crash after "${point}" leaves nothing half done; the provider's retry settles it once`, async () => {
      const { orderNo, paymentNo } = await newPayment();
      const message = note(paymentNo, `crash-${point}`);
      const provider = t.app.payments.wechat;
      const verified = await provider.verifyNotification(message.headers, message.body);
      const crashing = {
        db: db(),
        providers: t.app.payments,
        faults: (at: FaultPoint) => {
          if (at === point) throw new Error(`killed after ${at}`);
        },
      };
      await expect(acceptNotification(crashing, provider, verified!)).rejects.toThrow(`killed after ${point}`);
      // Nothing of it committed: the notification is not remembered, so its retry is not a "duplicate".
      expect(await state(orderNo, paymentNo)).toMatchObject({
        order: 'awaiting_payment',
        paid: 0,
        payment: 'pending',
        events: 1,
        notes: 0,
      });

      // The server starts again on the same database and WeChat Pay retries the same notification.
      const restarted = await buildApp({ database: t.database.handle, config: testConfig() });
      try {
        const again = { db: db(), providers: restarted.payments };
        expect(await acceptNotification(again, restarted.payments.wechat, verified!)).toBe('settled');
        expect(await state(orderNo, paymentNo)).toMatchObject({
          order: 'under_review',
          paid: 1,
          payment: 'paid',
          events: 3,
          notes: 1,
          refunds: 0,
        });
        expect(await acceptNotification(again, restarted.payments.wechat, verified!)).toBe('duplicate');
        expect(await state(orderNo, paymentNo)).toMatchObject({ order: 'under_review', paid: 1, events: 3, notes: 1 });
      } finally {
        await restarted.close();
      }
    });
  }

  it('a second, distinct success notification for a paid payment changes nothing', async () => {
    const { orderNo, paymentNo } = await newPayment();
    expect((await deliver(note(paymentNo, 'first'))).statusCode).toBe(200);
    const before = await state(orderNo, paymentNo);
    expect((await deliver(note(paymentNo, 'second'))).statusCode).toBe(200);
    expect(await state(orderNo, paymentNo)).toEqual({ ...before, notes: 2 });
    expect(before).toMatchObject({ order: 'under_review', paid: 1, refunds: 0, events: 3 });
  });

  it('a failure notification after a paid one changes nothing', async () => {
    const { orderNo, paymentNo } = await newPayment();
    await deliver(note(paymentNo, 'ok-first'));
    expect((await deliver(note(paymentNo, 'fail-later', 'PAYERROR'))).statusCode).toBe(200);
    expect(await state(orderNo, paymentNo)).toMatchObject({
      order: 'under_review',
      paid: 1,
      payment: 'paid',
      events: 3,
    });
  });

  it('a success after a failure is not lost: the order is still unpaid, so it pays it', async () => {
    const { orderNo, paymentNo } = await newPayment();
    await deliver(note(paymentNo, 'failed-first', 'PAYERROR'));
    expect((await state(orderNo, paymentNo)).payment).toBe('failed');
    await deliver(note(paymentNo, 'paid-after'));
    expect(await state(orderNo, paymentNo)).toMatchObject({
      order: 'under_review',
      paid: 1,
      payment: 'paid',
      refunds: 0,
    });
  });

  it('a late success on an expired order still counts when it was started in time', async () => {
    const { orderNo, paymentNo } = await newPayment();
    await db()
      .update(orders)
      .set({ status: 'expired', payBefore: new Date(Date.now() + 60_000) })
      .where(eq(orders.orderNo, orderNo));
    await deliver(note(paymentNo, 'late'));
    expect(await state(orderNo, paymentNo)).toMatchObject({ order: 'under_review', paid: 1, refunds: 0 });
  });

  it('odd provider names and a JSON body to a sandbox cashier are refused with a 4xx, never a 5xx', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'nope']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/pay/notify/${name}`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode, name).toBe(404);
    }
    for (const payload of ['{"trade":{"a":1},"result":"ok"}', '[1,2]', '"x"', 'null', '{"trade":5}']) {
      for (const url of [
        '/sandbox/wechat/cashier',
        '/sandbox/alipay/cashier',
        '/sandbox/gmo/3ds',
        '/sandbox/wechat/confirm',
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${url} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${payload}`).toBeLessThan(500);
      }
    }
  });
});
