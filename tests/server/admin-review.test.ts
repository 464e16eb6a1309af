import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, FulfilmentQueue, ReviewQueue } from '../../contract/admin-api';
import { luhnValid } from '../../contract/admin-review-views';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { auditLog, orderEvents, orders, outbox, staff, stores } from '../../server/db/schema';
import { activateOrder, approveOrder, shipOrder } from '../../server/staff/operations';
import { reviewQueue } from '../../server/staff/admin-orders';
import { transitionOrder } from '../../server/orders/orders';
import { backends } from './helpers/databases';
import { sandboxCardToken } from './helpers/sandbox-card';
import { multipartBody } from './helpers/multipart';
import { plainPdf } from './helpers/pdf-build';
import { ORDER_INFORMATION, placeOrder, upload } from './helpers/purchase';
import { getJson, postForm, type SignedInBody } from './helpers/requests';
import { signInStaff, type StaffClient } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

interface CustomerDetail {
  order: {
    status: string;
    rejections: { document: string; reason: string; note: string }[];
    trackingNo: string | null;
  } | null;
}

const CHECKED = { nameAndBirthday: true, cardValid: true, address: true, visaType: true };

/** `prefix` with the Luhn digit that makes it a valid ICCID. */
function iccid(prefix: string): string {
  for (let d = 0; d <= 9; d += 1) if (luhnValid(`${prefix}${d}`)) return `${prefix}${d}`;
  throw new Error('unreachable');
}

describe.each(backends)('staff console: review and fulfilment on %s', (backend) => {
  let t: TestApp;
  let reviewer: StaffClient;
  let fulfilment: StaffClient;
  let support: StaffClient;
  let finance: StaffClient;
  let admin: StaffClient;
  let customers = 0;

  beforeAll(async () => {
    t = await createTestApp(backend);
    reviewer = await signInStaff(t.app, 'reviewer', { name: '山田 花子' });
    fulfilment = await signInStaff(t.app, 'fulfilment');
    support = await signInStaff(t.app, 'support');
    finance = await signInStaff(t.app, 'finance');
    admin = await signInStaff(t.app, 'admin');
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const staffId = async (client: StaffClient) =>
    (await db().select().from(staff).where(eq(staff.login, client.login)))[0]!.id;

  /** A customer registered from a Japanese phone: their messages are in Japanese. */
  async function customer(lang: 'ja' | 'zh-cn' = 'ja') {
    customers += 1;
    const name = `review${customers}${backend}`;
    const res = await postForm<SignedInBody>(
      t.app,
      '/api/user/register',
      { username: name, email: `${name}@example.com`, password: 'testpass1', repassword: 'testpass1' },
      { 'accept-language': lang },
    );
    return res.body.data.userinfo;
  }

  /** Places an order and pays it by card: the settlement puts it under review. */
  async function paidOrder(token: string): Promise<string> {
    const orderNo = await placeOrder(t.app, token);
    const paid = await postForm<{ outcome: { kind: string } }>(
      t.app,
      '/api/pay/create',
      { orderNo, method: 'card', token: await sandboxCardToken(t.app) },
      { token },
    );
    expect(paid.body.data.outcome.kind).toBe('paid');
    return orderNo;
  }

  const orderRow = async (orderNo: string) => (await db().select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
  const auditOf = async (target: string) =>
    db().select().from(auditLog).where(eq(auditLog.target, target)).orderBy(asc(auditLog.id));

  it('refuses each role outside its rights, and records every refusal with the staff member', async () => {
    const { token } = await customer();
    const orderNo = await paidOrder(token);
    const order = await reviewer.call<AdminOrder>('GET', `/api/admin/orders/${orderNo}`);
    const passport = order.body.data.documents.find((d) => d.kind === 'passport')!;
    expect(passport).toBeDefined();

    // Support may see the order but not open a document; the attempt is on record.
    const asSupport = await support.call<AdminOrder>('GET', `/api/admin/orders/${orderNo}`);
    expect(asSupport.body.data).toMatchObject({ canSeeDocuments: false, documents: [] });
    expect(asSupport.body.data.order.info).toMatchObject({
      lastName: ORDER_INFORMATION.lastName,
      firstName: ORDER_INFORMATION.firstName,
      visaType: 'study',
    });
    const refused = await support.call('GET', `/api/admin/documents/${passport.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 0, data: { error: 'FORBIDDEN' } });
    expect(refused.headers['content-type']).toMatch(/json/);
    const denied = (
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.staffId, await staffId(support)))
    ).filter((row) => row.action === 'denied');
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({
      actor: `staff:${support.login}`,
      target: '/api/admin/documents/:id',
      detail: { permission: 'documents', method: 'GET' },
    });
    expect(denied[0]!.ip).toBeTruthy();
    expect(await auditOf(passport.id)).toEqual([]);

    // Each role outside its rights: the order does not move.
    const refusals: [StaffClient, 'GET' | 'POST', string, unknown?][] = [
      [support, 'GET', '/api/admin/review'],
      [support, 'POST', `/api/admin/orders/${orderNo}/approve`, { checklist: CHECKED }],
      [fulfilment, 'POST', `/api/admin/orders/${orderNo}/approve`, { checklist: CHECKED }],
      // The role is checked before the body: a malformed one is refused the same way.
      [fulfilment, 'POST', `/api/admin/orders/${orderNo}/approve`, { checklist: 'yes' }],
      [fulfilment, 'POST', `/api/admin/orders/${orderNo}/reject`, { rejections: [] }],
      [fulfilment, 'GET', `/api/admin/documents/${passport.id}`],
      [fulfilment, 'GET', '/api/admin/review'],
      [reviewer, 'POST', `/api/admin/orders/${orderNo}/ship`, { carrier: 'japanpost', trackingNo: 'JP123456789' }],
      [reviewer, 'POST', `/api/admin/orders/${orderNo}/pickup`],
      [reviewer, 'POST', `/api/admin/orders/${orderNo}/activate`, { msisdn: '070-1111-2222', iccid: '1' }],
      [reviewer, 'GET', '/api/admin/fulfilment'],
      [finance, 'GET', `/api/admin/documents/${passport.id}`],
      [finance, 'POST', `/api/admin/orders/${orderNo}/approve`, { checklist: CHECKED }],
    ];
    for (const [client, method, url, body] of refusals) {
      const res = await client.call(method, url, body);
      expect(res.status, `${client.login} ${method} ${url}`).toBe(403);
      expect(res.body).toMatchObject({ data: { error: 'FORBIDDEN' } });
    }
    expect((await orderRow(orderNo)).status).toBe('under_review');
    const deniedCount = (await db().select().from(auditLog)).filter(
      (row) => row.action === 'denied' && row.staffId !== null,
    ).length;
    expect(deniedCount).toBe(refusals.length + 1);

    // Without the session's CSRF token a change is refused before anything else; signed out, 401.
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderNo}/approve`,
      headers: { cookie: reviewer.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ checklist: CHECKED }),
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toMatchObject({ data: { error: 'CSRF_REFUSED' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/review' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/documents/${passport.id}` })).statusCode).toBe(401);

    // An admin may do everything; fulfilment and finance see the order without documents.
    expect((await admin.call('GET', '/api/admin/review')).status).toBe(200);
    expect((await admin.call<AdminOrder>('GET', `/api/admin/orders/${orderNo}`)).body.data.canSeeDocuments).toBe(true);
    for (const client of [fulfilment, finance])
      expect((await client.call<AdminOrder>('GET', `/api/admin/orders/${orderNo}`)).body.data).toMatchObject({
        canSeeDocuments: false,
        documents: [],
      });
    expect((await reviewer.call('GET', '/api/admin/orders/SM00000000000000')).status).toBe(404);
  });

  it('shows a document decrypted and watermarked, never cached, and records each look', async () => {
    const { token } = await customer();
    const orderNo = await paidOrder(token);
    const { documents } = (await reviewer.call<AdminOrder>('GET', `/api/admin/orders/${orderNo}`)).body.data;
    expect(documents.map((d) => d.kind)).toEqual(['residence_front', 'residence_back', 'passport', 'signature']);
    const passport = documents.find((d) => d.kind === 'passport')!;
    expect(passport.contentType).toBe('image/jpeg');

    const seen = await reviewer.call('GET', `/api/admin/documents/${passport.id}`);
    expect(seen.status).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    expect(seen.headers['cache-control']).toBe('no-store');
    expect(seen.headers['x-content-type-options']).toBe('nosniff');
    const bytes = seen.rawPayload;
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const sealed = await t.app.documents.storage.get(passport.id);
    expect(sealed).not.toBeNull();
    expect(bytes.equals(sealed!)).toBe(false);
    expect(bytes.includes(sealed!.subarray(0, 64))).toBe(false);

    // What the owner downloads is the clean image; the staff copy has the watermark drawn in.
    const own = await t.app.inject({ method: 'GET', url: `/api/common/file?id=${passport.id}`, headers: { token } });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(bytes)).toBe(false);
    const [a, b] = await Promise.all(
      [own.rawPayload, bytes].map((image) => sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
    );
    expect(b!.info.width).toBe(a!.info.width);
    expect(b!.info.height).toBe(a!.info.height);
    let marked = 0;
    for (let i = 0; i < a!.data.length; i += 3) {
      const diff = Math.max(
        Math.abs(a!.data[i]! - b!.data[i]!),
        Math.abs(a!.data[i + 1]! - b!.data[i + 1]!),
        Math.abs(a!.data[i + 2]! - b!.data[i + 2]!),
      );
      if (diff > 40) marked += 1;
    }
    // Visible all over the page, yet the card still shows through (semi-transparent, not a cover).
    const share = marked / (a!.data.length / 3);
    expect(share).toBeGreaterThan(0.03);
    expect(share).toBeLessThan(0.5);

    const looks = await auditOf(passport.id);
    expect(looks).toHaveLength(1);
    expect(looks[0]).toMatchObject({
      actor: `staff:${reviewer.login}`,
      action: 'view-document',
      staffId: await staffId(reviewer),
      detail: { orderNo, kind: 'passport' },
    });
    expect(looks[0]!.ip).toBeTruthy();
    // Each look is its own row, naming the order it was opened for; an order the document is
    // not part of does not open it.
    await reviewer.call('GET', `/api/admin/documents/${passport.id}?orderNo=${orderNo}`);
    expect(await auditOf(passport.id)).toHaveLength(2);
    expect((await auditOf(passport.id))[1]).toMatchObject({ detail: { orderNo } });
    expect((await reviewer.call('GET', `/api/admin/documents/${passport.id}?orderNo=SM00000000000000`)).status).toBe(
      404,
    );
    expect(await auditOf(passport.id)).toHaveLength(2);
    const signature = documents.find((d) => d.kind === 'signature')!;
    const signed = await reviewer.call('GET', `/api/admin/documents/${signature.id}`);
    expect(signed.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(signed.rawPayload).metadata()).format).toBe('jpeg');

    // A document no order refers to, an unknown id and a malformed one: not found, and no look recorded.
    const loose = await upload(t.app, token, 'passport', 'passport.jpg');
    for (const id of [loose, randomUUID(), 'not-a-uuid']) {
      const res = await reviewer.call('GET', `/api/admin/documents/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ code: 0, data: { error: 'NOT_FOUND' } });
    }
    expect(await auditOf(loose)).toEqual([]);

    // A PDF proof comes as the watermarked picture of its page: no PDF byte leaves.
    const pdfBytes = plainPdf(1);
    const { payload, contentType } = multipartBody(
      { kind: 'address_proof' },
      { name: 'proof.pdf', type: 'application/pdf', bytes: pdfBytes },
    );
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      payload,
      headers: { 'content-type': contentType, token },
    });
    const proofId = stored.json().data.id as string;
    const row = await orderRow(orderNo);
    await db()
      .update(orders)
      .set({ info: { ...row.info, addressSame: 'no', proofDoc: proofId } })
      .where(eq(orders.id, row.id));
    const proof = await reviewer.call('GET', `/api/admin/documents/${proofId}`);
    expect(proof.status).toBe(200);
    expect(proof.headers['content-type']).toBe('image/jpeg');
    expect(proof.headers['cache-control']).toBe('no-store');
    expect((await sharp(proof.rawPayload).metadata()).format).toBe('jpeg');
    expect(proof.rawPayload.includes('%PDF')).toBe(false);
    expect(await auditOf(proofId)).toMatchObject([{ action: 'view-document', detail: { kind: 'address_proof' } }]);
  });

  it('takes an order from review through a rejection, a resubmission and approval to an active line', async () => {
    const buyer = await customer('ja');
    const orderNo = await paidOrder(buyer.token);

    const queue = (await reviewer.call<ReviewQueue>('GET', '/api/admin/review')).body.data.orders;
    expect(queue.find((o) => o.orderNo === orderNo)).toMatchObject({
      customerName: `${ORDER_INFORMATION.lastName}${ORDER_INFORMATION.firstName}`,
      overdue: false,
      resubmitted: false,
      waitingWorkingDays: 0,
      planName: { cn: expect.any(String), ja: expect.any(String) },
    });

    // Refusals name the field, in the staff member's language.
    const unticked = await reviewer.call('POST', `/api/admin/orders/${orderNo}/approve`, {
      checklist: { ...CHECKED, cardValid: false },
    });
    expect(unticked.body).toMatchObject({
      code: 0,
      msg: cn.api.errors.CHECKLIST_INCOMPLETE,
      data: { error: 'CHECKLIST_INCOMPLETE', fields: { cardValid: 'CHECKLIST_INCOMPLETE' } },
    });
    const badRejections: [unknown, string, Record<string, string>][] = [
      [{ rejections: [] }, 'REJECTION_REQUIRED', { rejections: 'REJECTION_REQUIRED' }],
      [
        { rejections: [{ document: 'passport', reason: 'other', note: ' ' }] },
        'REJECTION_NOTE_REQUIRED',
        { 'rejections.0': 'REJECTION_NOTE_REQUIRED' },
      ],
      [
        { rejections: [{ document: 'address_proof', reason: 'blurry', note: '' }] },
        'DOCUMENT_NOT_IN_ORDER',
        { 'rejections.0': 'DOCUMENT_NOT_IN_ORDER' },
      ],
    ];
    for (const [body, error, fields] of badRejections)
      expect((await reviewer.call('POST', `/api/admin/orders/${orderNo}/reject`, body)).body).toMatchObject({
        code: 0,
        data: { error, fields },
      });
    expect((await reviewer.call('POST', `/api/admin/orders/${orderNo}/reject`, { rejections: 'x' })).status).toBe(400);
    expect((await orderRow(orderNo)).status).toBe('under_review');

    // Sent back with a template reason and a note.
    const note = 'パスポートの写真が暗くて読めません';
    const rejected = await reviewer.call<AdminOrder>('POST', `/api/admin/orders/${orderNo}/reject`, {
      rejections: [{ document: 'passport', reason: 'blurry', note }],
    });
    expect(rejected.body).toMatchObject({
      code: 1,
      data: { order: { status: 'rejected', rejections: [{ document: 'passport', reason: 'blurry', note }] } },
    });
    expect(rejected.body.data.order.history.at(-1)).toMatchObject({
      status: 'rejected',
      actor: `staff:${reviewer.login}`,
    });
    expect((await reviewer.call('POST', `/api/admin/orders/${orderNo}/approve`, { checklist: CHECKED })).body).toEqual(
      expect.objectContaining({ code: 0, data: { error: 'STATUS_CONFLICT' } }),
    );

    // The customer, in Japanese, reads the reason and the note, on the order page and by mail.
    const detail = await getJson<CustomerDetail>(t.app, `/api/order/detail?orderNo=${orderNo}`, {
      token: buyer.token,
      'accept-language': 'ja',
    });
    expect(detail.body.data.order).toMatchObject({
      status: 'rejected',
      rejections: [{ document: 'passport', reason: 'blurry', note }],
    });
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, buyer.id), eq(outbox.kind, 'order_rejected')));
    expect(mail!.body).toContain(ja.order.rejection.blurry);
    expect(mail!.body).toContain(ja.order.document.passport);
    expect(mail!.body).toContain(note);

    // The customer replaces the passport and resubmits; the queue says it came back.
    const identityDoc = await upload(t.app, buyer.token, 'passport', 'passport.jpg');
    const again = await postForm<CustomerDetail>(
      t.app,
      '/api/user/submit',
      { orderNo, identityDoc },
      { token: buyer.token },
    );
    expect(again.body.data.order!.status).toBe('under_review');
    const back = (await reviewer.call<ReviewQueue>('GET', '/api/admin/review')).body.data.orders;
    expect(back.find((o) => o.orderNo === orderNo)).toMatchObject({ resubmitted: true });
    const fresh = (await reviewer.call<AdminOrder>('GET', `/api/admin/orders/${orderNo}`)).body.data;
    expect(fresh.documents.find((d) => d.kind === 'passport')!.id).toBe(identityDoc);
    expect(fresh.order.rejections).toEqual([]);

    const approved = await reviewer.call<AdminOrder>('POST', `/api/admin/orders/${orderNo}/approve`, {
      checklist: CHECKED,
    });
    expect(approved.body).toMatchObject({ code: 1, data: { order: { status: 'approved' } } });
    expect(
      (await reviewer.call<ReviewQueue>('GET', '/api/admin/review')).body.data.orders.map((o) => o.orderNo),
    ).not.toContain(orderNo);

    // Fulfilment: in the queue to ship; not a pickup; the tracking number checked.
    const toShip = (await fulfilment.call<FulfilmentQueue>('GET', '/api/admin/fulfilment')).body.data.toShip;
    expect(toShip.find((o) => o.orderNo === orderNo)).toMatchObject({
      delivery: 'mail',
      store: null,
      overdue: false,
      customerName: `${ORDER_INFORMATION.lastName}${ORDER_INFORMATION.firstName}`,
    });
    expect((await fulfilment.call('POST', `/api/admin/orders/${orderNo}/pickup`)).body).toMatchObject({
      code: 0,
      data: { error: 'DELIVERY_MISMATCH' },
    });
    expect(
      (await fulfilment.call('POST', `/api/admin/orders/${orderNo}/ship`, { carrier: 'japanpost', trackingNo: 'x' }))
        .body,
    ).toMatchObject({ code: 0, data: { error: 'TRACKING_INVALID', fields: { trackingNo: 'TRACKING_INVALID' } } });
    const shipped = await fulfilment.call<AdminOrder>('POST', `/api/admin/orders/${orderNo}/ship`, {
      carrier: 'japanpost',
      trackingNo: 'JP123456789',
    });
    expect(shipped.body).toMatchObject({ code: 1, data: { order: { status: 'shipped', trackingNo: 'JP123456789' } } });
    const toActivate = (await fulfilment.call<FulfilmentQueue>('GET', '/api/admin/fulfilment')).body.data.toActivate;
    expect(toActivate.find((o) => o.orderNo === orderNo)).toMatchObject({
      status: 'shipped',
      trackingNo: 'JP123456789',
    });

    // Another customer's line already holds a number and a SIM.
    const other = await customer('zh-cn');
    const otherOrder = await paidOrder(other.token);
    const heldIccid = iccid('898110000000000123');
    await approveOrder(db(), 'staff:test', otherOrder);
    await shipOrder(db(), 'staff:test', otherOrder, 'JP999999999');
    await activateOrder(db(), 'staff:test', otherOrder, '080-2222-3333', heldIccid);

    const goodIccid = iccid('898110000000000456');
    const badLuhn = `${goodIccid.slice(0, -1)}${(Number(goodIccid.at(-1)) + 1) % 10}`;
    const activations: [Record<string, string>, string, string][] = [
      [{ msisdn: '12345', iccid: goodIccid }, 'MSISDN_INVALID', 'msisdn'],
      [{ msisdn: '060-1111-2222', iccid: goodIccid }, 'MSISDN_INVALID', 'msisdn'],
      [{ msisdn: '070-1111-2222', iccid: badLuhn }, 'ICCID_INVALID', 'iccid'],
      [{ msisdn: '070-1111-2222', iccid: '1234567890123456789' }, 'ICCID_INVALID', 'iccid'],
      [{ msisdn: '080-2222-3333', iccid: goodIccid }, 'MSISDN_IN_USE', 'msisdn'],
      [{ msisdn: '070-1111-2222', iccid: heldIccid }, 'ICCID_IN_USE', 'iccid'],
    ];
    for (const [body, error, field] of activations) {
      const res = await fulfilment.call('POST', `/api/admin/orders/${orderNo}/activate`, body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 0, data: { error, fields: { [field]: error } } });
    }
    expect((await orderRow(orderNo)).status).toBe('shipped');
    const active = await fulfilment.call<AdminOrder>('POST', `/api/admin/orders/${orderNo}/activate`, {
      msisdn: '070-1111-2222',
      iccid: goodIccid,
    });
    expect(active.body).toMatchObject({ code: 1, data: { order: { status: 'active' } } });

    // Who moved it, on the order's history and in the audit trail, with where from.
    const events = await db()
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, (await orderRow(orderNo)).id))
      .orderBy(asc(orderEvents.id));
    expect(events.map((e) => `${e.toStatus}:${e.actor}`)).toEqual([
      `awaiting_payment:customer:${buyer.id}`,
      expect.stringMatching(/^paid:/),
      'under_review:system',
      `rejected:staff:${reviewer.login}`,
      `under_review:customer:${buyer.id}`,
      `approved:staff:${reviewer.login}`,
      `shipped:staff:${fulfilment.login}`,
      `active:staff:${fulfilment.login}`,
    ]);
    const trail = await auditOf(orderNo);
    expect(trail.map((row) => [row.action, row.staffId])).toEqual([
      ['rejected', await staffId(reviewer)],
      ['approved', await staffId(reviewer)],
      ['shipped', await staffId(fulfilment)],
      ['active', await staffId(fulfilment)],
    ]);
    expect(trail.every((row) => row.ip && row.actor.startsWith('staff:'))).toBe(true);
    expect(trail[1]!.detail).toMatchObject({ checklist: CHECKED });
    expect(trail[2]!.detail).toMatchObject({ carrier: 'japanpost', trackingNo: 'JP123456789' });
    expect(await auditOf('07011112222')).toMatchObject([
      { action: 'create-line', staffId: await staffId(fulfilment), detail: { orderNo, iccid: goodIccid } },
    ]);

    // The customer heard of each step.
    const kinds = new Set(
      (await db().select().from(outbox).where(eq(outbox.userId, buyer.id))).map((message) => message.kind),
    );
    for (const kind of ['order_rejected', 'order_approved', 'order_shipped', 'line_active'])
      expect(kinds.has(kind), kind).toBe(true);
  });

  it('hands a pickup order over at its store', async () => {
    const { token, id } = await customer('zh-cn');
    const orderNo = await paidOrder(token);
    const row = await orderRow(orderNo);
    const [store] = await db().select().from(stores).limit(1);
    await db()
      .update(orders)
      .set({ info: { ...row.info, delivery: 'pickup', storeId: String(store!.id) } })
      .where(eq(orders.id, row.id));
    await reviewer.call('POST', `/api/admin/orders/${orderNo}/approve`, { checklist: CHECKED });
    const toShip = (await fulfilment.call<FulfilmentQueue>('GET', '/api/admin/fulfilment')).body.data.toShip;
    expect(toShip.find((o) => o.orderNo === orderNo)).toMatchObject({ delivery: 'pickup', store: store!.nameCn });
    expect(
      (
        await fulfilment.call('POST', `/api/admin/orders/${orderNo}/ship`, {
          carrier: 'yamato',
          trackingNo: '1234-5678',
        })
      ).body,
    ).toMatchObject({ code: 0, data: { error: 'DELIVERY_MISMATCH' } });
    const ready = await fulfilment.call<AdminOrder>('POST', `/api/admin/orders/${orderNo}/pickup`);
    expect(ready.body).toMatchObject({ code: 1, data: { order: { status: 'ready_for_pickup' } } });
    const toActivate = (await fulfilment.call<FulfilmentQueue>('GET', '/api/admin/fulfilment')).body.data.toActivate;
    expect(toActivate.find((o) => o.orderNo === orderNo)).toMatchObject({ status: 'ready_for_pickup' });
    const kinds = (await db().select().from(outbox).where(eq(outbox.userId, id))).map((m) => m.kind);
    expect(kinds).toContain('order_ready_for_pickup');
  });

  it('lists the oldest payment first and marks orders past the 3-working-day promise', async () => {
    const { token } = await customer('zh-cn');
    const late = await paidOrder(token);
    const recent = await paidOrder(token);
    // Paid Thursday 2026-11-19; Monday 11-23 is Labour Thanksgiving Day: due Wednesday 11-25.
    await db()
      .update(orders)
      .set({ paidAt: new Date('2026-11-19T03:00:00Z') })
      .where(eq(orders.orderNo, late));
    const on = async (today: string) => (await reviewQueue(db(), today)).orders.find((o) => o.orderNo === late)!;
    expect(await on('2026-11-25')).toMatchObject({ overdue: false, waitingWorkingDays: 3 });
    expect(await on('2026-11-26')).toMatchObject({ overdue: true, waitingWorkingDays: 4 });

    // Through the console, today: paid a month ago is late whatever the calendar.
    await db()
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(orders.orderNo, late));

    const queue = (await reviewer.call<ReviewQueue>('GET', '/api/admin/review')).body.data.orders;
    const numbers = queue.map((o) => o.orderNo);
    expect(numbers.indexOf(late)).toBeLessThan(numbers.indexOf(recent));
    expect(queue.find((o) => o.orderNo === late)).toMatchObject({ overdue: true });
    expect(queue.find((o) => o.orderNo === recent)).toMatchObject({ overdue: false });
    const paidTimes = queue.map((o) => o.paidAt ?? '');
    expect([...paidTimes].sort()).toEqual(paidTimes);
    // Orders not under review are not in it.
    await transitionOrder(db(), (await orderRow(recent)).id, 'approved', 'staff:test');
    expect(
      (await reviewer.call<ReviewQueue>('GET', '/api/admin/review')).body.data.orders.map((o) => o.orderNo),
    ).not.toContain(recent);
  });

  it('60 concurrent approvals and 60 concurrent shipments of one order each move it once, never a 5xx', async () => {
    const { token } = await customer();
    const orderNo = await paidOrder(token);
    const approvals = await Promise.all(
      Array.from({ length: 60 }, () =>
        reviewer.call('POST', `/api/admin/orders/${orderNo}/approve`, { checklist: CHECKED }),
      ),
    );
    expect(approvals.every((r) => r.status < 500)).toBe(true);
    expect(approvals.filter((r) => r.body.code === 1)).toHaveLength(1);
    const ships = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fulfilment.call('POST', `/api/admin/orders/${orderNo}/ship`, {
          carrier: 'japanpost',
          trackingNo: `JP${100000 + i}`,
        }),
      ),
    );
    expect(ships.every((r) => r.status < 500)).toBe(true);
    expect(ships.filter((r) => r.body.code === 1)).toHaveLength(1);
    const [row] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    const moves = await db().select().from(orderEvents).where(eq(orderEvents.orderId, row!.id));
    expect(moves.filter((m) => m.toStatus === 'approved')).toHaveLength(1);
    expect(moves.filter((m) => m.toStatus === 'shipped')).toHaveLength(1);
    const told = await db().select().from(outbox).where(eq(outbox.kind, 'order_shipped'));
    expect(told.filter((m) => m.body.includes(row!.trackingNo!))).toHaveLength(1);
  });
});
