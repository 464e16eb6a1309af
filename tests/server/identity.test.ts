import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IdentityState } from '../../contract/identity-views';
import { auditLog, identityVerifications, jobRuns, orders, outbox } from '../../server/db/schema';
import { runScheduledTasks, type ScheduleDeps } from '../../server/jobs/scheduled';
import { SANDBOX_EKYC_SECRET, webhookHeaders } from '../../server/identity/index';
import { demoPurchaseForm } from '../../server/ops/demo-purchase';
import { reviewQueue } from '../../server/staff/admin-orders';
import { activateOrder, approveOrder, readyForPickup, shipOrder } from '../../server/staff/operations';
import { transitionOrder } from '../../server/orders/index';
import { backends } from './helpers/databases';
import { identityEvent, identityWebhook, providerRefOf } from './helpers/identity';
import { placeOrder, signUp, upload } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { signInStaff } from './helpers/staff';
import { createTestApp, ja, type TestApp } from './helpers/test-app';

/** The seed's voice plan (server/db/seed.ts: the fourth). */
const VOICE = '4';
const DATA = '1';

describe.each(backends)('identity verification on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let stranger: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ token, id: userId } = await signUp(t.app, 'kyc'));
    ({ token: stranger } = await signUp(t.app, 'kycother'));
  });
  afterAll(() => t.close());

  const start = (orderNo: string, method = 'ic_chip', who = token) =>
    postForm<{ verificationNo: string; url: string; expiresAt: string }>(
      t.app,
      '/api/identity/start',
      { orderNo, method },
      { token: who },
    );
  const status = (orderNo: string, who = token) =>
    getJson<IdentityState>(t.app, `/api/identity/status?orderNo=${orderNo}`, { token: who });
  const refOf = providerRefOf;
  const submit = (ref: string, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/sandbox/ekyc/${ref}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...ja },
      payload: new URLSearchParams(form).toString(),
    });
  const settled = (orderNo: string) =>
    vi.waitFor(
      async () => {
        const res = await status(orderNo);
        expect(res.body.data.latest?.status).not.toBe('pending');
        return res.body.data;
      },
      { timeout: 5000, interval: 20 },
    );
  const cardToken = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/gmo/token',
      payload: {
        shopId: 'tshop00000001',
        cardno: '4111111111111111',
        expire: '2812',
        securitycode: '123',
        holdername: 'LI HUA',
      },
    });
    return res.json<{ tokenObject: { token: string[] } }>().tokenObject.token[0]!;
  };
  const pay = async (orderNo: string) =>
    postForm(t.app, '/api/pay/create', { orderNo, method: 'card', token: await cardToken() }, { token });
  const orderRow = async (orderNo: string) =>
    (await t.database.handle.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
  const webhook = (body: Record<string, unknown>, at = new Date(), secret = SANDBOX_EKYC_SECRET) =>
    identityWebhook(t.app, body, at, secret);
  const verifiedEvent = (ref: string, occurredAt: Date, changes: Record<string, unknown> = {}) =>
    identityEvent(ref, 'verified', occurredAt, changes);
  const pickupOrder = async (planId = VOICE) => {
    const documents = {
      residenceFront: await upload(t.app, token, 'residence_front', 'residence-front.jpg'),
      residenceBack: await upload(t.app, token, 'residence_back', 'residence-back.jpg'),
      identityDoc: await upload(t.app, token, 'passport', 'passport.jpg'),
      signatureId: await upload(t.app, token, 'signature', 'address-proof.png', 'image/png'),
    };
    const form = demoPurchaseForm(planId, documents, { delivery: 'pickup', storeId: '1' });
    const res = await postForm<{ order: { orderNo: string } }>(t.app, '/api/order/create', form, { token });
    if (res.body.code !== 1) throw new Error(res.raw);
    return res.body.data.order.orderNo;
  };

  describe('plans and orders say their line type', () => {
    it('lists a voice plan beside the data plans, and the init says whether photos are asked', async () => {
      const plans = await getJson<{ id: number; lineType: string }[]>(t.app, '/api/setmeal/lists');
      expect(plans.body.data.find((p) => String(p.id) === VOICE)?.lineType).toBe('voice');
      expect(plans.body.data.find((p) => String(p.id) === DATA)?.lineType).toBe('data');
      const init = await getJson<{ identity: { photoForData: boolean } }>(t.app, '/api/common/init');
      expect(init.body.data.identity).toEqual({ photoForData: true });
    });

    it('collects no identity photo for a voice plan, and the order view says voice', async () => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      const row = await orderRow(orderNo);
      expect(row.lineType).toBe('voice');
      expect([row.info.residenceFront, row.info.residenceBack, row.info.identityDoc, row.info.identityKind]).toEqual([
        '',
        '',
        '',
        '',
      ]);
      const detail = await getJson<{ order: { lineType: string } }>(t.app, `/api/order/detail?orderNo=${orderNo}`, {
        token,
      });
      expect(detail.body.data.order.lineType).toBe('voice');
    });

    it('places a voice order without any photo, and a data order still needs them', async () => {
      const signatureId = await upload(t.app, token, 'signature', 'address-proof.png', 'image/png');
      const docs = { residenceFront: '', residenceBack: '', identityDoc: '', signatureId };
      const voice = await postForm(t.app, '/api/order/create', demoPurchaseForm(VOICE, docs), { token });
      expect(voice.body.code).toBe(1);
      const data = await postForm(t.app, '/api/order/create', demoPurchaseForm(DATA, docs), { token });
      expect(data.body).toMatchObject({ code: 0 });
      expect(Object.keys((data.body.data as { fields: object }).fields)).toContain('residenceFront');
    });
  });

  describe('a voice order is refused at every step without verification', () => {
    it('refuses payment with IDENTITY_REQUIRED in both languages', async () => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      const res = await pay(orderNo);
      expect(res.body).toMatchObject({ code: 0, data: { error: 'IDENTITY_REQUIRED' } });
      expect(res.body.msg).toContain('本人确认');
      const jaRes = await postForm(
        t.app,
        '/api/pay/create',
        { orderNo, method: 'card', token: await cardToken() },
        { token, ...ja },
      );
      expect(jaRes.body.msg).toContain('本人確認');
      const state = await status(orderNo);
      expect(state.body.data).toMatchObject({ lineType: 'voice', methods: ['ic_chip', 'jpki'], satisfied: false });
    });

    it('refuses staff approval, shipping and activation', async () => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      const row = await orderRow(orderNo);
      // As if it had been paid some other way: the staff steps still refuse.
      await transitionOrder(t.app.db, row.id, 'paid', 'system');
      await transitionOrder(t.app.db, row.id, 'under_review', 'system');
      await expect(approveOrder(t.app.db, 'staff:t', orderNo)).rejects.toMatchObject({ key: 'IDENTITY_REQUIRED' });
      await transitionOrder(t.app.db, row.id, 'approved', 'system');
      await expect(shipOrder(t.app.db, 'staff:t', orderNo, 'JP1234567890')).rejects.toMatchObject({
        key: 'IDENTITY_REQUIRED',
      });
      await expect(
        activateOrder(t.app.db, 'staff:t', orderNo, '070-1111-2222', '8981100000000000001'),
      ).rejects.toMatchObject({
        key: 'IDENTITY_REQUIRED',
      });
      expect((await orderRow(orderNo)).status).toBe('approved');
    });

    it("answers someone else's order as not found", async () => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      expect((await status(orderNo, stranger)).status).toBe(404);
      expect((await start(orderNo, 'ic_chip', stranger)).status).toBe(404);
    });

    it('offers no counter or photos through start', async () => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      for (const method of ['counter', 'photos', 'face'])
        expect((await start(orderNo, method)).body).toMatchObject({ code: 0 });
    });
  });

  describe('each provider outcome end to end through the sandbox', () => {
    it('verified: the page is in the customer language, prefilled; the webhook verifies; payment opens', async () => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      const started = await start(orderNo, 'ic_chip');
      expect(started.body.code).toBe(1);
      const ref = refOf(started.body.data.url);
      const pageZh = await t.app.inject({
        method: 'GET',
        url: `/sandbox/ekyc/${ref}`,
        headers: { 'accept-language': 'zh-cn' },
      });
      expect(pageZh.statusCode).toBe(200);
      expect(pageZh.body).toContain('本人确认');
      expect(pageZh.body).toContain('value="李 华"');
      expect(pageZh.body).toContain('value="171-0021"');
      const pageJa = await t.app.inject({ method: 'GET', url: `/sandbox/ekyc/${ref}`, headers: { cookie: 'lang=ja' } });
      expect(pageJa.body).toContain('本人確認');
      expect((await status(orderNo)).body.data.latest?.status).toBe('pending');
      const done = await submit(ref, {
        outcome: 'verified',
        name: '李 华',
        birthday: '1999-04-12',
        postcode: '171-0021',
      });
      expect(done.body).toContain('/h5/pages/process/verify?orderNo=');
      const state = await settled(orderNo);
      expect(state).toMatchObject({
        satisfied: true,
        latest: { status: 'verified', method: 'ic_chip', mismatched: [] },
      });
      expect(state.latest?.documentType).toBe('residence_card');
      // The duplicates the sandbox sends change nothing.
      await new Promise((r) => setTimeout(r, 400));
      expect((await status(orderNo)).body.data.latest?.status).toBe('verified');
      expect((await pay(orderNo)).body.code).toBe(1);
      // The customer heard of it.
      const mails = await t.app.db.select().from(outbox).where(eq(outbox.kind, 'identity_verified'));
      expect(mails.some((m) => m.userId === userId)).toBe(true);
      // A second start is pointless now.
      expect((await start(orderNo, 'jpki')).body).toMatchObject({ code: 0 });
    });

    it.each(['mismatch', 'document_expired', 'face_mismatch', 'abandoned'])('%s', async (outcome) => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      const started = await start(orderNo, 'jpki');
      await submit(refOf(started.body.data.url), { outcome });
      const state = await settled(orderNo);
      expect(state).toMatchObject({ satisfied: false, latest: { status: outcome, method: 'jpki' } });
      expect((await pay(orderNo)).body).toMatchObject({ data: { error: 'IDENTITY_REQUIRED' } });
      const told = await t.app.db.select().from(outbox).where(eq(outbox.kind, 'identity_failed'));
      expect(told.length).toBeGreaterThan(0);
    });

    it.each([
      ['name', { name: '王 华' }],
      ['birthday', { birthday: '1999-04-13' }],
      ['address', { postcode: '171-0022' }],
    ])('a %s that does not match what was entered is data_mismatch', async (field, change) => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      const started = await start(orderNo);
      await submit(refOf(started.body.data.url), {
        outcome: 'verified',
        name: '华 李',
        birthday: '1999-04-12',
        postcode: '1710021',
        ...change,
      });
      const state = await settled(orderNo);
      expect(state).toMatchObject({ satisfied: false, latest: { status: 'data_mismatch', mismatched: [field] } });
      expect((await pay(orderNo)).body).toMatchObject({ data: { error: 'IDENTITY_REQUIRED' } });
    });

    it('delivered out of order (the flag): the final outcome stands', async () => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      const started = await start(orderNo);
      const ref = refOf(started.body.data.url);
      await submit(ref, {
        outcome: 'verified',
        name: '李华',
        birthday: '1999-04-12',
        postcode: '1710021',
        outOfOrder: '1',
      });
      await settled(orderNo);
      await new Promise((r) => setTimeout(r, 400));
      expect((await status(orderNo)).body.data.latest?.status).toBe('verified');
    });
  });

  describe('many starts at once', () => {
    it('60 concurrent starts of one order: at most 10 reach the provider, the rest wait (429), one stays pending', async () => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      const answers = await Promise.all(Array.from({ length: 60 }, () => start(orderNo)));
      expect(answers.every((a) => a.status < 500)).toBe(true);
      const started = answers.filter((a) => a.body.code === 1);
      expect(started.length).toBeGreaterThan(0);
      expect(started.length).toBeLessThanOrEqual(10);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(60 - started.length);
      const order = await orderRow(orderNo);
      const rows = await t.app.db
        .select()
        .from(identityVerifications)
        .where(eq(identityVerifications.orderId, order.id));
      expect(rows).toHaveLength(started.length);
      expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1);
    });
  });

  describe('the review queue', () => {
    it('names the latest verification of each order it lists', async () => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      const ref = refOf((await start(orderNo)).body.data.url);
      expect((await webhook(verifiedEvent(ref, new Date()))).statusCode).toBe(200);
      await settled(orderNo);
      expect((await pay(orderNo)).body.code).toBe(1);
      await vi.waitFor(async () => expect((await orderRow(orderNo)).status).toBe('under_review'), { timeout: 5000 });
      const queue = await reviewQueue(t.app.db);
      expect(queue.orders.find((o) => o.orderNo === orderNo)?.identityStatus).toBe('verified');
    });
  });

  describe('webhooks', () => {
    const opened = async () => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      const started = await start(orderNo);
      return { orderNo, ref: refOf(started.body.data.url) };
    };

    it('refuses a bad signature, a forged secret, an old or future timestamp, and a malformed body', async () => {
      const { orderNo, ref } = await opened();
      const event = verifiedEvent(ref, new Date());
      expect((await webhook(event, new Date(), 'not-the-secret')).statusCode).toBe(401);
      const raw = JSON.stringify(event);
      const tampered = await t.app.inject({
        method: 'POST',
        url: '/api/identity/webhook/sandbox',
        headers: webhookHeaders(SANDBOX_EKYC_SECRET, raw, new Date()),
        payload: raw.replace('1999-04-12', '1999-04-13'),
      });
      expect(tampered.statusCode).toBe(401);
      const none = await t.app.inject({
        method: 'POST',
        url: '/api/identity/webhook/sandbox',
        headers: { 'content-type': 'application/json' },
        payload: raw,
      });
      expect(none.statusCode).toBe(401);
      expect((await webhook(event, new Date(Date.now() - 6 * 60_000))).statusCode).toBe(401);
      expect((await webhook(event, new Date(Date.now() + 6 * 60_000))).statusCode).toBe(401);
      expect((await webhook({ hello: 'world' })).statusCode).toBe(400);
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/identity/webhook/trustdock',
        headers: webhookHeaders(SANDBOX_EKYC_SECRET, raw, new Date()),
        payload: raw,
      });
      expect(other.statusCode).toBe(404);
      expect((await status(orderNo)).body.data.latest?.status).toBe('pending');
    });

    it('is idempotent by event id: a replay within the window changes nothing', async () => {
      const { orderNo, ref } = await opened();
      const failed = { ...verifiedEvent(ref, new Date()), status: 'face_mismatch', result: null };
      expect((await webhook(failed)).json()).toMatchObject({ received: true, outcome: 'applied' });
      expect((await webhook(failed)).json()).toMatchObject({ received: true, outcome: 'duplicate' });
      const rows = await t.app.db
        .select()
        .from(identityVerifications)
        .where(eq(identityVerifications.providerRef, ref));
      expect(rows).toHaveLength(1);
      expect((await status(orderNo)).body.data.latest?.status).toBe('face_mismatch');
    });

    it('never lets an older event overwrite a later one, nor a final status go back to pending', async () => {
      const { orderNo, ref } = await opened();
      const now = Date.now();
      expect((await webhook(verifiedEvent(ref, new Date(now)))).statusCode).toBe(200);
      const older = { ...verifiedEvent(ref, new Date(now - 5000)), status: 'abandoned', result: null };
      expect((await webhook(older)).json()).toMatchObject({ outcome: 'stale' });
      const progress = { ...verifiedEvent(ref, new Date(now + 5000)), status: 'in_progress', result: null };
      expect((await webhook(progress)).json()).toMatchObject({ outcome: 'stale' });
      expect((await status(orderNo)).body.data.latest?.status).toBe('verified');
    });

    it('arrives before or after the customer returns: the status page shows the same', async () => {
      const { orderNo, ref } = await opened();
      // Returned first: still pending, no payment.
      expect((await status(orderNo)).body.data).toMatchObject({ satisfied: false, latest: { status: 'pending' } });
      expect((await pay(orderNo)).body).toMatchObject({ data: { error: 'IDENTITY_REQUIRED' } });
      await webhook(verifiedEvent(ref, new Date()));
      expect((await status(orderNo)).body.data).toMatchObject({ satisfied: true, latest: { status: 'verified' } });
    });

    it('a new start abandons the pending one, whose late webhook then changes nothing', async () => {
      const { orderNo, ref } = await opened();
      const second = await start(orderNo, 'jpki');
      const rows = await t.app.db
        .select()
        .from(identityVerifications)
        .where(eq(identityVerifications.orderId, (await orderRow(orderNo)).id));
      expect(rows.map((r) => r.status).sort()).toEqual(['abandoned', 'pending']);
      expect((await webhook(verifiedEvent(ref, new Date()))).json()).toMatchObject({ outcome: 'stale' });
      expect((await status(orderNo)).body.data).toMatchObject({ satisfied: false, latest: { method: 'jpki' } });
      expect(second.body.code).toBe(1);
    });
  });

  describe('the counter', () => {
    it('a pickup voice order pays first, and the SIM is not activated before the counter check', async () => {
      const orderNo = await pickupOrder();
      const state = await status(orderNo);
      expect(state.body.data.methods).toEqual(['ic_chip', 'jpki', 'counter']);
      expect((await pay(orderNo)).body.code).toBe(1);
      const row = await orderRow(orderNo);
      await vi.waitFor(async () => expect((await orderRow(orderNo)).status).not.toBe('awaiting_payment'), {
        timeout: 5000,
      });
      if ((await orderRow(orderNo)).status === 'paid')
        await transitionOrder(t.app.db, row.id, 'under_review', 'system');
      await approveOrder(t.app.db, 'staff:t', orderNo);
      await readyForPickup(t.app.db, 'staff:t', orderNo);
      await expect(
        activateOrder(t.app.db, 'staff:t', orderNo, '070-3333-4444', '8981100000000000031'),
      ).rejects.toMatchObject({
        key: 'COUNTER_CHECK_REQUIRED',
      });
      const staff = await signInStaff(t.app, 'fulfilment');
      const badLast4 = await staff.call('POST', `/api/admin/orders/${orderNo}/counter-check`, {
        documentType: 'residence_card',
        documentLast4: '12',
      });
      expect(badLast4.body).toMatchObject({ code: 0, data: { error: 'DOCUMENT_LAST4_INVALID' } });
      const support = await signInStaff(t.app, 'support');
      const refused = await support.call('POST', `/api/admin/orders/${orderNo}/counter-check`, {
        documentType: 'residence_card',
        documentLast4: '1234',
      });
      expect(refused.status).toBe(403);
      const checked = await staff.call<{
        identity: { satisfied: boolean; verifications: { method: string; checkedBy: string; documentLast4: string }[] };
      }>('POST', `/api/admin/orders/${orderNo}/counter-check`, {
        documentType: 'residence_card',
        documentLast4: 'AB12',
      });
      expect(checked.body.code).toBe(1);
      expect(checked.body.data.identity.satisfied).toBe(true);
      expect(checked.body.data.identity.verifications[0]).toMatchObject({
        method: 'counter',
        checkedBy: `staff:${staff.login}`,
        documentLast4: 'AB12',
      });
      await activateOrder(t.app.db, 'staff:t', orderNo, '070-3333-4444', '8981100000000000031');
      expect((await orderRow(orderNo)).status).toBe('active');
    });

    it('refuses a counter check for a mail order', async () => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      const staff = await signInStaff(t.app, 'fulfilment');
      const res = await staff.call('POST', `/api/admin/orders/${orderNo}/counter-check`, {
        documentType: 'residence_card',
        documentLast4: '1234',
      });
      expect(res.body).toMatchObject({ code: 0, data: { error: 'DELIVERY_MISMATCH' } });
    });
  });

  describe('a data plan with photos', () => {
    it('pays without a chip check while KYC_PHOTO_FOR_DATA=on', async () => {
      const orderNo = await placeOrder(t.app, token, DATA);
      expect((await status(orderNo)).body.data).toMatchObject({
        lineType: 'data',
        methods: ['photos', 'ic_chip', 'jpki'],
        satisfied: true,
      });
      expect((await pay(orderNo)).body.code).toBe(1);
    });
  });

  describe('the hand-off link can open the identity step', () => {
    it('stores next=verify with the token and returns it on redeem; pay stays the default', async () => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      const made = await postForm<{ path: string }>(
        t.app,
        '/api/handoff/create',
        { orderNo, next: 'verify' },
        { token },
      );
      expect(made.body.code).toBe(1);
      const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('t')!;
      const redeemed = await postForm<{ orderNo: string; next: string }>(t.app, '/api/handoff/redeem', {
        token: tokenOf(made.body.data.path),
      });
      expect(redeemed.body.data).toMatchObject({ orderNo, next: 'verify' });
      const plain = await postForm<{ path: string }>(t.app, '/api/handoff/create', { orderNo }, { token });
      const again = await postForm<{ next: string }>(t.app, '/api/handoff/redeem', {
        token: tokenOf(plain.body.data.path),
      });
      expect(again.body.data.next).toBe('pay');
      const odd = await postForm(t.app, '/api/handoff/create', { orderNo, next: 'elsewhere' }, { token });
      expect(odd.body).toMatchObject({ code: 0 });
      const noOrder = await postForm(t.app, '/api/handoff/create', { next: 'verify' }, { token });
      expect(noOrder.body).toMatchObject({ code: 0, data: { error: 'REQUIRED' } });
    });
  });

  describe('retention on a faked clock', () => {
    it('deletes abandoned documents after 30 days, and records 3 years after the contract ended, each audited', async () => {
      const db = t.app.db;
      // A customer of their own: their uploads belong to these orders only.
      const keeper = (await signUp(t.app, 'keeper')).token;
      const dataOrder = await placeOrder(t.app, keeper, DATA);
      const voiceOrder = await placeOrder(t.app, token, VOICE);
      const started = await start(voiceOrder);
      await webhook(verifiedEvent(refOf(started.body.data.url), new Date()));
      const placed = new Date();
      const deps = {
        db,
        usageInbox: { list: () => Promise.resolve([]), read: () => Promise.resolve(''), done: () => Promise.resolve() },
        retention: { storage: t.app.documents.storage, years: 3, abandonedDays: 30 },
        log: { info: () => undefined, error: () => undefined },
      } as unknown as ScheduleDeps;
      for (const orderNo of [dataOrder, voiceOrder]) {
        const row = await orderRow(orderNo);
        await transitionOrder(db, row.id, 'expired', 'system', '', {}, placed);
      }
      const data = await orderRow(dataOrder);
      const docIds = [data.info.residenceFront!, data.info.identityDoc!];
      expect(await t.app.documents.storage.get(docIds[0]!)).not.toBeNull();
      // Each run at noon in Tokyo, after the 03:00 retention hour, whatever time the test runs
      // (six hours on from a late-morning UTC start would be past midnight in Tokyo, before 03:00).
      const day = 86_400_000;
      const tokyo = 9 * 3_600_000;
      const noonInTokyo = (days: number) => {
        const local = new Date(placed.getTime() + days * day + tokyo);
        local.setUTCHours(12, 0, 0, 0);
        return new Date(local.getTime() - tokyo);
      };
      // 29 days on: nothing yet.
      await runScheduledTasks(deps, noonInTokyo(29));
      expect((await orderRow(dataOrder)).info.residenceFront).toBe(data.info.residenceFront);
      // 31 days on: the documents are gone, rows and files, with an audit row; verifications stay.
      await runScheduledTasks(deps, noonInTokyo(31));
      const after = await orderRow(dataOrder);
      expect([after.info.residenceFront, after.info.identityDoc, after.signatureId]).toEqual(['', '', null]);
      expect(await t.app.documents.storage.get(docIds[0]!)).toBeNull();
      expect(await t.app.documents.storage.get(docIds[1]!)).toBeNull();
      const audits = await db.select().from(auditLog).where(eq(auditLog.target, dataOrder));
      expect(audits.map((a) => a.action)).toContain('identity-retention-delete');
      const voiceRow = await orderRow(voiceOrder);
      expect(
        await db.select().from(identityVerifications).where(eq(identityVerifications.orderId, voiceRow.id)),
      ).toHaveLength(1);
      // The run is recorded once a day.
      const runs = await db.select().from(jobRuns).where(eq(jobRuns.task, 'identity-retention'));
      expect(runs.length).toBeGreaterThanOrEqual(2);
      // Over 3 years after it ended: the verification records go too.
      await runScheduledTasks(deps, noonInTokyo(3 * 365 + 2));
      expect(
        await db.select().from(identityVerifications).where(eq(identityVerifications.orderId, voiceRow.id)),
      ).toHaveLength(0);
      const voiceAudits = await db.select().from(auditLog).where(eq(auditLog.target, voiceOrder));
      expect(voiceAudits.some((a) => a.action === 'identity-retention-delete')).toBe(true);
    });
  });

  describe('hostile input in every new field', () => {
    const odd = ['\u0000', 'a\u0000b', '\uD800', '𠀋👩‍👩‍👧', 'x'.repeat(100_000), '../../etc/passwd', '<script>'];
    // A lone surrogate has no UTF-8: in a URL it travels as the bytes a broken client sends.
    const enc = (v: string) => {
      try {
        return encodeURIComponent(v);
      } catch {
        return '%ED%A0%80';
      }
    };
    it('never answers 5xx', async () => {
      const orderNo = await placeOrder(t.app, token, VOICE);
      for (const value of odd) {
        const answers = [
          await postForm(t.app, '/api/identity/start', { orderNo: value, method: 'ic_chip' }, { token }),
          await postForm(t.app, '/api/identity/start', { orderNo, method: value }, { token }),
          await t.app.inject({
            method: 'GET',
            url: `/api/identity/status?orderNo=${enc(value)}`,
            headers: { token },
          }),
          await t.app.inject({ method: 'GET', url: `/sandbox/ekyc/${enc(value)}` }),
          await submit(enc(value), { outcome: 'verified' }),
          await webhook({
            event_id: value,
            verification_id: value,
            status: 'verified',
            occurred_at: new Date().toISOString(),
          }),
          await t.app.inject({
            method: 'POST',
            url: '/api/identity/webhook/sandbox',
            headers: {
              'content-type': 'application/json',
              'x-ekyc-timestamp': value.slice(0, 50),
              'x-ekyc-signature': value.slice(0, 50),
            },
            payload: value,
          }),
          await handoff(value),
        ];
        answers.forEach((res, i) =>
          expect(
            'statusCode' in res ? res.statusCode : res.status,
            `${i} ${JSON.stringify(value.slice(0, 20))}`,
          ).toBeLessThan(500),
        );
      }
      const staff = await signInStaff(t.app, 'fulfilment');
      for (const value of odd) {
        const res = await staff.call('POST', `/api/admin/orders/${enc(value.slice(0, 200))}/counter-check`, {
          documentType: value,
          documentLast4: value,
        });
        expect(res.status).toBeLessThan(500);
      }
    });
    const handoff = (value: string) => postForm(t.app, '/api/handoff/create', { orderNo: 'x', next: value }, { token });
  });
});

describe.each(backends)('KYC_PHOTO_FOR_DATA=off on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(backend, { env: { KYC_PHOTO_FOR_DATA: 'off' } });
    ({ token } = await signUp(t.app, 'nophoto'));
  });
  afterAll(() => t.close());

  it('a data plan asks no photos and uses what a voice plan uses: no payment before the chip check', async () => {
    const init = await getJson<{ identity: { photoForData: boolean } }>(t.app, '/api/common/init');
    expect(init.body.data.identity.photoForData).toBe(false);
    const orderNo = await placeOrder(t.app, token, DATA);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row!.info.residenceFront).toBe('');
    const state = await getJson<IdentityState>(t.app, `/api/identity/status?orderNo=${orderNo}`, { token });
    expect(state.body.data).toMatchObject({ lineType: 'data', methods: ['ic_chip', 'jpki'], satisfied: false });
    const res = await postForm(t.app, '/api/pay/create', { orderNo, method: 'card', token: 'tok' }, { token });
    expect(res.body).toMatchObject({ code: 0, data: { error: 'IDENTITY_REQUIRED' } });
  });
});
