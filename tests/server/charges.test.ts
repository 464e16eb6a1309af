import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelCharge, createCharge } from '../../server/billing/index';
import { charges, payments, refunds } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { sandboxCardToken } from './helpers/sandbox-card';
import {
  alipayNotification,
  alipayNotificationParams,
  deliverNotification,
  wechatNotification,
} from './helpers/signed-notifications';
import { createTestApp, type TestApp } from './helpers/test-app';

// A one-off charge (the eSIM reissue fee) is paid like an order or a bill: the server says how
// much, one attempt is open at a time, the charge is paid once and any surplus goes back.

interface Created {
  paymentNo: string;
  outcome: { kind: string; params?: Record<string, string>; url?: string; code?: string };
}

describe.each(backends)('one-off charges on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ token, id: userId } = await signUp(t.app, 'charged'));
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  const newCharge = (amountExTax = 500, owner = userId) =>
    createCharge(db(), { userId: owner, kind: 'esim_reissue', amountExTax });
  const pay = (form: Record<string, string>, as = token) =>
    postForm<Created>(t.app, '/api/pay/create', form, { token: as });
  const chargeRow = async (id: number) => (await db().select().from(charges).where(eq(charges.id, id)))[0]!;
  const attempts = (id: number) =>
    db()
      .select()
      .from(payments)
      .where(and(eq(payments.targetType, 'charge'), eq(payments.targetId, id)));

  it('prices the charge with tax and numbers it C<date><6 digits>', async () => {
    const charge = await newCharge(500);
    expect(charge).toMatchObject({ amount: 500, tax: 50, total: 550, status: 'unpaid', kind: 'esim_reissue' });
    expect(charge.chargeNo).toMatch(/^C\d{8}\d{6}$/);
  });

  it('pays by sandbox card: the charge is paid, the result page names the charge and its total', async () => {
    const charge = await newCharge(500);
    const res = await pay({ chargeNo: charge.chargeNo, method: 'card', token: await sandboxCardToken(t.app) });
    expect(res.body.code).toBe(1);
    expect(res.body.data.outcome.kind).toBe('paid');
    const row = await chargeRow(charge.id);
    expect(row.status).toBe('paid');
    expect(row.paidAt).toBeInstanceOf(Date);
    const status = await getJson<{ status: string; amount: number; targetNo: string; targetType: string }>(
      t.app,
      `/api/pay/status?paymentNo=${res.body.data.paymentNo}`,
      { token },
    );
    expect(status.body.data).toMatchObject({
      status: 'paid',
      amount: 550,
      targetNo: charge.chargeNo,
      targetType: 'charge',
    });
    // Paid once: a second attempt is refused with the charge's own words.
    const again = await pay({ chargeNo: charge.chargeNo, method: 'card', token: await sandboxCardToken(t.app) });
    expect(again.body).toMatchObject({ code: 0, data: { error: 'CHARGE_NOT_PAYABLE' } });
  });

  it('pays through WeChat Pay (JSAPI) on its signed notification, for the charge total only', async () => {
    const charge = await newCharge(500);
    const res = await pay({ chargeNo: charge.chargeNo, method: 'wechat', scene: 'jsapi' });
    expect(res.body.code).toBe(1);
    const paymentNo = res.body.data.paymentNo;
    // A notification for another amount is refused: the charge decides what is paid.
    const wrong = await deliverNotification(t.app, 'wechat', wechatNotification(t.app, { paymentNo, amount: 1 }));
    expect(wrong.statusCode).toBeLessThan(500);
    expect((await chargeRow(charge.id)).status).toBe('unpaid');
    await deliverNotification(t.app, 'wechat', wechatNotification(t.app, { paymentNo, amount: 550 }));
    expect((await chargeRow(charge.id)).status).toBe('paid');
  });

  it('pays through Alipay (wap) on its signed notification', async () => {
    const charge = await newCharge(1000);
    const res = await pay({ chargeNo: charge.chargeNo, method: 'alipay', scene: 'wap' });
    expect(res.body.code).toBe(1);
    const params = alipayNotificationParams(t.app, {
      paymentNo: res.body.data.paymentNo,
      tradeNo: 'ali-charge-1',
      amount: 1100,
    });
    const answer = await deliverNotification(t.app, 'alipay', alipayNotification(params));
    expect(answer.body).toBe('success');
    expect((await chargeRow(charge.id)).status).toBe('paid');
  });

  it('keeps one open attempt whatever 60 concurrent creates do', async () => {
    const charge = await newCharge(500);
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => pay({ chargeNo: charge.chargeNo, method: 'alipay', scene: 'wap' })),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      if (a.body.code === 0) expect(a.body.data).toMatchObject({ error: 'PAYMENT_IN_PROGRESS' });
    }
    const rows = await attempts(charge.id);
    expect(rows.filter((p) => p.status === 'pending')).toHaveLength(1);
    expect(rows.every((p) => p.amount === 550)).toBe(true);
    expect((await chargeRow(charge.id)).status).toBe('unpaid');
  });

  it('refunds a success that arrives for a closed attempt once the charge is paid', async () => {
    const charge = await newCharge(500);
    const first = (await pay({ chargeNo: charge.chargeNo, method: 'wechat', scene: 'jsapi' })).body.data.paymentNo;
    // The customer switches to a card: the WeChat attempt is closed, the card pays.
    const card = await pay({ chargeNo: charge.chargeNo, method: 'card', token: await sandboxCardToken(t.app) });
    expect(card.body.data.outcome.kind).toBe('paid');
    // WeChat took the money after all: recorded, and sent back in full.
    await deliverNotification(t.app, 'wechat', wechatNotification(t.app, { paymentNo: first, amount: 550 }));
    const [payment] = await db().select().from(payments).where(eq(payments.paymentNo, first));
    expect(payment!.status).toBe('paid');
    const back = await db().select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(back.map((r) => r.amount)).toEqual([550]);
    const seen = await getJson<{ refunds: { amount: number }[] }>(
      t.app,
      `/api/pay/refunds?chargeNo=${charge.chargeNo}`,
      { token },
    );
    expect(seen.body.data.refunds.map((r) => r.amount)).toEqual([550]);
    expect((await chargeRow(charge.id)).status).toBe('paid');
  });

  it("answers another customer's charge number as not found, for paying and for refunds", async () => {
    const other = await signUp(t.app, 'stranger');
    const charge = await newCharge(500, other.id);
    const res = await pay({ chargeNo: charge.chargeNo, method: 'card', token: await sandboxCardToken(t.app) });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 0, data: { error: 'NOT_FOUND' } });
    const refundsSeen = await getJson(t.app, `/api/pay/refunds?chargeNo=${charge.chargeNo}`, { token });
    expect(refundsSeen.status).toBe(404);
    expect(await attempts(charge.id)).toEqual([]);
  });

  it('refuses a cancelled charge, and refunds a payment that lands after the cancel', async () => {
    const charge = await newCharge(500);
    const open = (await pay({ chargeNo: charge.chargeNo, method: 'wechat', scene: 'jsapi' })).body.data.paymentNo;
    await db().transaction((tx) => cancelCharge(tx, charge.id));
    const res = await pay({ chargeNo: charge.chargeNo, method: 'card', token: await sandboxCardToken(t.app) });
    expect(res.body).toMatchObject({ code: 0, data: { error: 'CHARGE_NOT_PAYABLE' } });
    expect(res.body.msg).not.toContain('CHARGE_NOT_PAYABLE');
    await deliverNotification(t.app, 'wechat', wechatNotification(t.app, { paymentNo: open, amount: 550 }));
    expect((await chargeRow(charge.id)).status).toBe('cancelled');
    const [payment] = await db().select().from(payments).where(eq(payments.paymentNo, open));
    const back = await db().select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(back.map((r) => [r.amount, r.reason])).toEqual([[550, 'duplicate']]);
  });

  it('cannot cancel a paid charge', async () => {
    const charge = await newCharge(500);
    await pay({ chargeNo: charge.chargeNo, method: 'card', token: await sandboxCardToken(t.app) });
    await expect(db().transaction((tx) => cancelCharge(tx, charge.id))).rejects.toMatchObject({
      key: 'CHARGE_NOT_PAYABLE',
    });
    expect((await chargeRow(charge.id)).status).toBe('paid');
  });
});
