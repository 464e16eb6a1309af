import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, tokyoDate } from '../../contract/calendar';
import { orderEvents, orders } from '../../server/db/schema';
import { demoPurchaseForm } from '../../server/ops/demo-purchase';
import { createOrder, toOrderView, transitionOrder } from '../../server/orders/orders';
import { backends } from './helpers/databases';
import { fixture, multipartBody } from './helpers/multipart';
import { getJson, postForm, type SignedInBody } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

interface OrderBody {
  order: {
    orderNo: string;
    status: string;
    price: number;
    tax: number;
    total: number;
    payBefore: string;
    createdAt: string;
    dispatchBy: string | null;
    rejections: { document: string; reason: string; note: string }[];
  } | null;
}

describe.each(backends)('orders on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let strangerToken: string;
  const docs: Record<string, string> = {};

  const upload = async (kind: string, file: string, auth = token) => {
    const { payload, contentType } = multipartBody({ kind }, { name: file, type: 'image/jpeg', bytes: fixture(file) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      payload,
      headers: { 'content-type': contentType, token: auth },
    });
    return res.json().data.id as string;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    const signUp = async (n: string) =>
      (
        await postForm<SignedInBody>(t.app, '/api/user/register', {
          username: n,
          email: `${n}@example.com`,
          password: 'order1234',
          repassword: 'order1234',
        })
      ).body.data.userinfo;
    const me = await signUp('buyer');
    token = me.token;
    userId = me.id;
    strangerToken = (await signUp('stranger')).token;
    docs.front = await upload('residence_front', 'residence-front.jpg');
    docs.back = await upload('residence_back', 'residence-back.jpg');
    docs.passport = await upload('passport', 'passport.jpg');
    docs.proof = await upload('address_proof', 'address-proof.png');
    docs.strangerPassport = await upload('passport', 'passport.jpg', strangerToken);
    // A signature is a PNG drawn on a canvas.
    const { payload, contentType } = multipartBody(
      { kind: 'signature' },
      { name: 'sign.png', type: 'image/png', bytes: fixture('address-proof.png') },
    );
    docs.signature = (
      await t.app.inject({
        method: 'POST',
        url: '/api/common/upload',
        payload,
        headers: { 'content-type': contentType, token },
      })
    ).json().data.id;
  });
  afterAll(() => t.close());

  const info = () =>
    demoPurchaseForm('1', {
      residenceFront: docs.front!,
      residenceBack: docs.back!,
      identityDoc: docs.passport!,
      signatureId: docs.signature!,
    });
  const create = (form: Record<string, string>, auth = token) =>
    postForm<OrderBody>(t.app, '/api/order/create', form, { token: auth });

  it('computes the price on the server, ignoring any amount the client sends', async () => {
    const res = await create({ ...info(), price: '1', total: '1', tax: '0', amount: '1' });
    expect(res.body.code).toBe(1);
    // Plan 1 costs 1,800 yen before tax: 180 yen tax, 1,980 yen in all.
    expect(res.body.data.order).toMatchObject({ status: 'awaiting_payment', price: 1800, tax: 180, total: 1980 });
    const order = res.body.data.order!;
    const minutes = (Date.parse(order.payBefore) - Date.parse(order.createdAt)) / 60_000;
    expect(minutes).toBe(30);
    const review = await getJson<OrderBody>(t.app, '/api/user/review', { token });
    expect(review.body.data.order?.orderNo).toBe(order.orderNo);
    const detail = await getJson<OrderBody>(t.app, `/api/order/detail?orderNo=${order.orderNo}`, {
      token: strangerToken,
    });
    expect(detail.status).toBe(404);
  });

  it('asks for a package, uploads and a signature', async () => {
    expect((await create({ ...info(), planId: '999' })).body.data).toMatchObject({ error: 'SETMEAL_REQUIRED' });
    const noDocs = await create({ ...info(), residenceFront: '', identityDoc: '' });
    expect(noDocs.body).toMatchObject({
      code: 0,
      msg: '请上传在留卡正面',
      data: { fields: { residenceFront: 'RESIDENCE_FRONT_REQUIRED', identityDoc: 'IDENTITY_DOC_REQUIRED' } },
    });
    expect((await create({ ...info(), signatureId: '' })).body).toMatchObject({
      msg: '请先签名',
      data: { error: 'SIGN_FIRST' },
    });
  });

  it("refuses another customer's document", async () => {
    const res = await create({ ...info(), identityDoc: docs.strangerPassport! });
    expect(res.body.data).toMatchObject({ error: 'UPLOAD_REQUIRED', fields: { identityDoc: 'UPLOAD_REQUIRED' } });
  });

  it('demands an address proof dated within 3 months when the mailing address differs', async () => {
    const differs = { ...info(), addressSame: 'no' };
    const missing = await create(differs);
    expect(missing.body.data).toMatchObject({
      fields: { proofType: 'PROOF_TYPE_REQUIRED', proofDate: 'PROOF_DATE_REQUIRED', proofDoc: 'PROOF_REQUIRED' },
    });
    const today = tokyoDate(new Date());
    const old = await create({
      ...differs,
      proofType: 'utility_bill',
      proofDate: addMonths(today, -4),
      proofDoc: docs.proof!,
    });
    expect(old.body).toMatchObject({ msg: '地址证明须为 3 个月内的文件', data: { error: 'PROOF_TOO_OLD' } });
    const fine = await create({
      ...differs,
      proofType: 'resident_ticket',
      proofDate: addMonths(today, -2),
      proofDoc: docs.proof!,
    });
    expect(fine.body.code).toBe(1);
  });

  it('checks every field with the spec prompts', async () => {
    const res = await postForm<OrderBody>(
      t.app,
      '/api/order/create',
      { ...info(), postcode: '1710021x', phone: '12345', birthday: '2999-01-01', lastName: '' },
      { token, 'accept-language': 'ja' },
    );
    expect(res.body.data).toMatchObject({
      fields: {
        lastName: 'REQUIRED',
        postcode: 'POSTCODE_INVALID',
        phone: 'PHONE_INVALID',
        birthday: 'BIRTHDAY_INVALID',
      },
    });
    expect(res.body.msg).toBe('必須項目です');
  });

  it('moves only along the state machine, recording who moved it', async () => {
    const placed = (await create(info())).body.data.order!;
    const [row] = await t.database.handle.db.select().from(orders).where(eq(orders.orderNo, placed.orderNo));
    const db = t.database.handle.db;
    await expect(transitionOrder(db, row!.id, 'approved', 'staff:test')).rejects.toMatchObject({
      key: 'STATUS_CONFLICT',
    });
    await transitionOrder(db, row!.id, 'paid', 'system');
    await transitionOrder(db, row!.id, 'under_review', 'system');
    await expect(transitionOrder(db, row!.id, 'shipped', 'staff:test')).rejects.toMatchObject({
      key: 'STATUS_CONFLICT',
    });

    // Resubmission is refused while the order is not rejected.
    const early = await postForm<OrderBody>(
      t.app,
      '/api/user/submit',
      { orderNo: placed.orderNo, building: '202' },
      { token },
    );
    expect(early.body).toMatchObject({ code: 0, data: { error: 'NOT_REJECTED' } });

    await transitionOrder(db, row!.id, 'rejected', 'staff:test', 'blurry', {
      rejections: [{ document: 'passport', reason: 'blurry', note: '照片模糊' }],
    });
    const review = await getJson<OrderBody>(t.app, '/api/user/review', { token });
    expect(review.body.data.order).toMatchObject({
      status: 'rejected',
      rejections: [{ document: 'passport', reason: 'blurry', note: '照片模糊' }],
    });

    // The refused passport sent back unchanged, or nothing sent for it, is refused at once.
    for (const unchanged of [{ identityDoc: docs.passport! }, { building: '202' }] as Record<string, string>[]) {
      const same = await postForm<OrderBody>(
        t.app,
        '/api/user/submit',
        { orderNo: placed.orderNo, ...unchanged },
        { token },
      );
      expect(same.body).toMatchObject({
        code: 0,
        msg: '请重新上传被驳回的资料',
        data: { error: 'REPLACE_REJECTED', fields: { identityDoc: 'REPLACE_REJECTED' } },
      });
    }
    const newPassport = await upload('passport', 'passport.jpg');
    const again = await postForm<OrderBody>(
      t.app,
      '/api/user/submit',
      { orderNo: placed.orderNo, identityDoc: newPassport },
      { token },
    );
    expect(again.body).toMatchObject({ code: 1, data: { order: { status: 'under_review', rejections: [] } } });
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, row!.id));
    expect(events.map((e) => `${e.fromStatus ?? ''}>${e.toStatus}:${e.actor}`)).toEqual([
      '>awaiting_payment:customer:' + userId,
      'awaiting_payment>paid:system',
      'paid>under_review:system',
      'under_review>rejected:staff:test',
      'rejected>under_review:customer:' + userId,
    ]);
  });

  it('expires an unpaid order after its deadline; it can no longer be paid', async () => {
    const db = t.database.handle.db;
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const order = await createOrder(db, userId, info(), 30, longAgo);
    const review = await getJson<OrderBody>(t.app, `/api/order/detail?orderNo=${order.orderNo}`, { token });
    expect(review.body.data.order?.status).toBe('expired');
    await expect(transitionOrder(db, order.id, 'paid', 'system')).rejects.toMatchObject({ key: 'STATUS_CONFLICT' });
  });

  it('promises dispatch within 3 working days of approval, skipping Golden Week', () => {
    const row = { approvedAt: new Date('2027-04-30T01:00:00Z') } as typeof orders.$inferSelect;
    const view = toOrderView(
      {
        ...row,
        status: 'approved',
        planName: { cn: 'x', ja: 'x' },
        info: {},
        createdAt: new Date(),
        payBefore: new Date(),
      },
      'cn',
    );
    expect(view.dispatchBy).toBe('2027-05-10');
  });
});
