import { createVerify } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, payments, sandboxTrades } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { placeOrder, signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';
import {
  alipayNotification,
  alipayNotificationParams,
  deliverNotification,
  wechatNotification,
} from './helpers/signed-notifications';

interface Created {
  paymentNo: string;
  outcome: { kind: string; params?: Record<string, string>; url?: string; code?: string };
}

describe.each(backends)('payments on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ token } = await signUp(t.app, 'payer'));
  });
  afterAll(() => t.close());

  const pay = (form: Record<string, string>) => postForm<Created>(t.app, '/api/pay/create', form, { token });
  const status = (paymentNo: string) =>
    getJson<{ status: string; failureCode: string | null }>(t.app, `/api/pay/status?paymentNo=${paymentNo}`, { token });
  const cardToken = async (cardno: string, extra: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/gmo/token',
      payload: { shopId: 'tshop00000001', cardno, expire: '2812', securitycode: '123', holdername: 'LI HUA', ...extra },
    });
    return res.json<{ resultCode: string; tokenObject: { token?: string[]; maskedCardNo?: string } }>();
  };
  const orderStatus = async (orderNo: string) =>
    (await t.database.handle.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status;

  describe('sandbox card gateway', () => {
    it('answers each invalid field with its catalogue code', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ cardno: '' }, '100'],
        [{ cardno: '4111-1111' }, '101'],
        [{ cardno: '411111111' }, '102'],
        [{ expire: '' }, '110'],
        [{ expire: '28/12' }, '111'],
        [{ expire: '281' }, '112'],
        [{ expire: '2813' }, '113'],
        [{ securitycode: '12a' }, '121'],
        [{ securitycode: '12' }, '122'],
        [{ holdername: '李华' }, '131'],
        [{ holdername: 'A'.repeat(51) }, '132'],
        [{ shopId: '' }, '160'],
        [{ shopId: 'x'.repeat(14) }, '161'],
        [{ shopId: 'shop-1' }, '162'],
        [{ shopId: 'tshop99' }, '180'],
      ];
      for (const [change, code] of cases) {
        const res = await cardToken(change.cardno ?? '4111111111111111', change);
        expect(res.resultCode, JSON.stringify(change)).toBe(code);
      }
      const okToken = await cardToken('4111111111111111');
      expect(okToken.resultCode).toBe('000');
      expect(okToken.tokenObject.maskedCardNo).toBe('411111******1111');
    });

    it('charges a good card once, moves the order to review, and a token works once', async () => {
      const orderNo = await placeOrder(t.app, token);
      const tok = (await cardToken('4111111111111111')).tokenObject.token![0]!;
      const res = await pay({ orderNo, method: 'card', token: tok, amount: '1' });
      expect(res.body.data.outcome.kind).toBe('paid');
      expect((await status(res.body.data.paymentNo)).body.data.status).toBe('paid');
      expect(await orderStatus(orderNo)).toBe('under_review');
      const [payment] = await t.database.handle.db
        .select()
        .from(payments)
        .where(eq(payments.paymentNo, res.body.data.paymentNo));
      expect(payment!.amount).toBe(1980);

      const again = await pay({ orderNo, method: 'card', token: tok });
      expect(again.body.data).toMatchObject({ error: 'ORDER_NOT_PAYABLE' });
      const other = await placeOrder(t.app, token);
      const reuse = await pay({ orderNo: other, method: 'card', token: tok });
      expect(reuse.body.data.outcome).toEqual({ kind: 'failed', code: '502' });
    });

    it('reports a declined card and leaves the order payable', async () => {
      const orderNo = await placeOrder(t.app, token);
      const tok = (await cardToken('4000000000000002')).tokenObject.token![0]!;
      const res = await pay({ orderNo, method: 'card', token: tok });
      expect(res.body.data.outcome).toEqual({ kind: 'failed', code: 'DECLINED' });
      expect((await status(res.body.data.paymentNo)).body.data).toMatchObject({
        status: 'failed',
        failureCode: 'DECLINED',
      });
      expect(await orderStatus(orderNo)).toBe('awaiting_payment');
    });

    it('sends a 3-D Secure card through the challenge, then pays on return', async () => {
      const orderNo = await placeOrder(t.app, token);
      const tok = (await cardToken('4000000000003220')).tokenObject.token![0]!;
      const res = await pay({ orderNo, method: 'card', token: tok });
      const paymentNo = res.body.data.paymentNo;
      expect(res.body.data.outcome.kind).toBe('redirect');
      expect(res.body.data.outcome.url).toMatch(/^\/sandbox\/gmo\/3ds\?/);
      expect((await status(paymentNo)).body.data.status).toBe('pending');

      // Anyone can call the return address: a query parameter that says "ok" passes nothing.
      const forged = await t.app.inject({
        method: 'GET',
        url: `/api/pay/return/card?paymentNo=${paymentNo}&result=ok`,
      });
      expect(forged.statusCode).toBe(302);
      expect((await status(paymentNo)).body.data.status).toBe('pending');
      expect(await orderStatus(orderNo)).toBe('awaiting_payment');

      // The customer passes the challenge on the gateway's page; the gateway records it.
      const page = await t.app.inject({ method: 'GET', url: res.body.data.outcome.url! });
      expect(page.body).toContain('action="/sandbox/gmo/3ds"');
      const passed = await t.app.inject({
        method: 'POST',
        url: '/sandbox/gmo/3ds',
        payload: { payment: paymentNo, result: 'ok' },
      });
      expect(passed.headers.location).toBe(`/api/pay/return/card?paymentNo=${paymentNo}`);
      const back = await t.app.inject({ method: 'GET', url: passed.headers.location as string });
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe(`/h5/pages/public/success?paymentNo=${paymentNo}`);
      expect((await status(paymentNo)).body.data.status).toBe('paid');
      expect(await orderStatus(orderNo)).toBe('under_review');
    });

    it('fails a 3-D Secure card whose challenge failed at the gateway, whatever the return says', async () => {
      const orderNo = await placeOrder(t.app, token);
      const tok = (await cardToken('4000000000003220')).tokenObject.token![0]!;
      const paymentNo = (await pay({ orderNo, method: 'card', token: tok })).body.data.paymentNo;
      await t.app.inject({ method: 'POST', url: '/sandbox/gmo/3ds', payload: { payment: paymentNo, result: 'ng' } });
      await t.app.inject({ method: 'GET', url: `/api/pay/return/card?paymentNo=${paymentNo}&result=ok` });
      expect((await status(paymentNo)).body.data).toMatchObject({ status: 'failed', failureCode: 'SECURE_FAILED' });
      expect(await orderStatus(orderNo)).toBe('awaiting_payment');
    });
  });

  describe('WeChat Pay', () => {
    it('gives JSAPI parameters as strings with a verifiable paySign', async () => {
      const orderNo = await placeOrder(t.app, token);
      const res = await pay({ orderNo, method: 'wechat', scene: 'jsapi' });
      const p = res.body.data.outcome.params!;
      expect(Object.keys(p).sort()).toEqual(['appId', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp']);
      for (const value of Object.values(p)) expect(typeof value).toBe('string');
      expect(p.signType).toBe('RSA');
      const ok = createVerify('RSA-SHA256')
        .update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`)
        .verify(t.app.sandboxKeys.wechatMerchantPublic, p.paySign!, 'base64');
      expect(ok).toBe(true);
    });

    it('pays once however often the same notification arrives, and refuses a tampered one', async () => {
      const orderNo = await placeOrder(t.app, token);
      const res = await pay({ orderNo, method: 'wechat', scene: 'jsapi' });
      const paymentNo = res.body.data.paymentNo;
      const note = wechatNotification(t.app, { paymentNo, transactionId: 'wx-t-1', notifyId: 'notify-1' });
      const tampered = await deliverNotification(t.app, 'wechat', {
        ...note,
        body: note.body.replace('encrypt-resource', 'encrypt-resourcX'),
      });
      expect(tampered.statusCode).toBe(400);
      expect((await status(paymentNo)).body.data.status).toBe('pending');

      for (let i = 0; i < 10; i += 1) {
        const answer = await deliverNotification(t.app, 'wechat', note);
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toMatchObject({ code: 'SUCCESS' });
      }
      expect((await status(paymentNo)).body.data.status).toBe('paid');
      const [row] = await t.database.handle.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      const [{ n } = { n: 0 }] = await t.database.handle.db
        .select({ n: count() })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, row!.id));
      // placed, paid, under review: the nine repeats changed nothing.
      expect(n).toBe(3);
    });

    it('refuses a notification for the wrong amount', async () => {
      const orderNo = await placeOrder(t.app, token);
      const paymentNo = (await pay({ orderNo, method: 'wechat', scene: 'jsapi' })).body.data.paymentNo;
      const note = wechatNotification(t.app, {
        paymentNo,
        transactionId: 'wx-t-2',
        notifyId: 'notify-cheap',
        amount: 1,
      });
      const answer = await deliverNotification(t.app, 'wechat', note);
      expect(answer.statusCode).toBe(400);
      expect((await status(paymentNo)).body.data.status).toBe('pending');
      expect(await orderStatus(orderNo)).toBe('awaiting_payment');
    });

    it('settles through the sandbox cashier confirming, and reconciles by query when no notification came', async () => {
      const orderNo = await placeOrder(t.app, token);
      const paymentNo = (await pay({ orderNo, method: 'wechat', scene: 'jsapi' })).body.data.paymentNo;
      const [trade] = await t.database.handle.db
        .select()
        .from(sandboxTrades)
        .where(eq(sandboxTrades.paymentNo, paymentNo));
      // The provider recorded the payment but its notification was lost.
      await t.database.handle.db
        .update(sandboxTrades)
        .set({ status: 'paid' })
        .where(eq(sandboxTrades.tradeNo, trade!.tradeNo));
      expect((await status(paymentNo)).body.data.status).toBe('paid');
      expect(await orderStatus(orderNo)).toBe('under_review');
    });
  });

  describe('Alipay', () => {
    it('accepts an RSA2-signed notification once and refuses a tampered one', async () => {
      const orderNo = await placeOrder(t.app, token);
      const res = await pay({ orderNo, method: 'alipay', scene: 'app' });
      expect(res.body.data.outcome.params?.tradeNO).toMatch(/^2026/);
      const params = alipayNotificationParams(t.app, {
        paymentNo: res.body.data.paymentNo,
        tradeNo: res.body.data.outcome.params!.tradeNO!,
        notifyId: 'ali-1',
      });
      const send = (p: Record<string, string>) => deliverNotification(t.app, 'alipay', alipayNotification(p));
      expect((await send({ ...params, total_amount: '1' })).body).toBe('fail');
      expect((await send(params)).body).toBe('success');
      expect((await send(params)).body).toBe('success');
      expect((await status(res.body.data.paymentNo)).body.data.status).toBe('paid');
    });
  });

  it('refuses to pay an order past its deadline', async () => {
    const db = t.database.handle.db;
    const orderNo = await placeOrder(t.app, token);
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    await db
      .update(orders)
      .set({ payBefore: new Date(Date.now() - 1000) })
      .where(eq(orders.id, row!.id));
    const res = await pay({ orderNo, method: 'wechat', scene: 'jsapi' });
    expect(res.body).toMatchObject({
      code: 0,
      msg: '订单已超过支付期限，不能再支付',
      data: { error: 'ORDER_EXPIRED' },
    });
  });
});
