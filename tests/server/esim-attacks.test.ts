import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  charges,
  esimReissues,
  payments,
  refunds,
  esimProfiles,
  lines,
  orderEvents,
  orders,
  outbox,
  sandboxEsimProfiles,
} from '../../server/db/schema';
import {
  assignProfile,
  esimSweep,
  EsimUnavailableError,
  noticeHeaders,
  reserveProfile,
  SANDBOX_ESIM_SECRET,
} from '../../server/esim/index';
import { backends, freshDatabase, type TestDatabase } from './helpers/databases';
import { CHECKLIST, esimOrderUnderReview, iccidOf, loggedApp, profileCsv } from './helpers/esim';
import { signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { deliverNotification, wechatNotification } from './helpers/signed-notifications';
import { signInStaff, type StaffClient } from './helpers/staff';

// A crash's and a race's view of the eSIM domain: a server killed between two steps, the same
// request many times at once on one PostgreSQL pool (as servers behind a balancer would send it).
// Hostile input and the search for the activation code are in esim-attacks-input.test.ts.

type View = { state: string };

describe.each(backends)('eSIM under attack on %s', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let reviewer: StaffClient;
  let fulfil: StaffClient;
  let next = 5000;

  const approve = (orderNo: string) =>
    reviewer.call('POST', `/api/admin/orders/${orderNo}/approve`, { checklist: CHECKLIST });
  const importCsv = (csv: string) => fulfil.call('POST', '/api/admin/esim/import', { csv });
  const orderOf = async (orderNo: string) =>
    (await app.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
  const heldBy = (orderId: number) =>
    app.db
      .select()
      .from(esimProfiles)
      .where(and(eq(esimProfiles.orderId, orderId), ne(esimProfiles.status, 'available')));
  const mails = (kind: string, userId: number) =>
    app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, kind), eq(outbox.userId, userId)));
  const stock = async (n: number) => {
    const from = next;
    next += n;
    await importCsv(profileCsv(n, from));
    return from;
  };
  const notice = (iccid: string, state: string, eventId: string) => {
    const body = JSON.stringify({ event_id: eventId, iccid, state, occurred_at: new Date().toISOString() });
    return app.inject({
      method: 'POST',
      url: '/api/esim/notify',
      headers: noticeHeaders(SANDBOX_ESIM_SECRET, body, new Date()),
      payload: body,
    });
  };

  beforeAll(async () => {
    database = await freshDatabase(backend);
    // A free reissue: the crash under test is after payment, so none is needed here.
    ({ app } = await loggedApp(database, { ESIM_REISSUE_FEE: '0' }));
    reviewer = await signInStaff(app, 'reviewer');
    fulfil = await signInStaff(app, 'fulfilment');
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('finishes once, with the same profile, an order whose server died before the carrier reserved it', async () => {
    const { token, id: userId } = await signUp(app, 'esimcrash1');
    const { orderNo, id } = await esimOrderUnderReview(app, token);
    await stock(2);
    // The carrier cannot be reached for this one reservation (as if the server died there).
    const provider = app.esim.provider;
    const reserve = provider.reserve.bind(provider);
    let failures = 1;
    provider.reserve = async (p) => {
      if (failures-- > 0) throw new Error('connection reset');
      return reserve(p);
    };
    try {
      const answer = await approve(orderNo);
      expect(answer.status).toBe(200);
      expect((await orderOf(orderNo)).status).toBe('approved');
      const [taken] = await heldBy(id);
      expect(taken).toMatchObject({ status: 'assigned', reservedAt: null });
      await Promise.all([esimSweep(app.esim), esimSweep(app.esim)]);
      await esimSweep(app.esim);
      expect((await orderOf(orderNo)).status).toBe('esim_ready');
      const held = await heldBy(id);
      expect(held.map((p) => p.iccid)).toEqual([taken!.iccid]);
      expect(held[0]!.msisdn).toBeTruthy();
      expect((await mails('esim_ready', userId)).length).toBeGreaterThan(0);
      const kinds = new Set((await mails('esim_ready', userId)).map((m) => m.dedupeKey));
      expect(kinds.size).toBe((await mails('esim_ready', userId)).length);
    } finally {
      provider.reserve = reserve;
    }
  });

  it('finishes once an order whose server died after the reservation, before the order moved on', async () => {
    const { token, id: userId } = await signUp(app, 'esimcrash2');
    const { orderNo, id } = await esimOrderUnderReview(app, token);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
    // Approved without the delivery (the approval's transaction committed, the process died).
    await app.db.update(orders).set({ status: 'approved', approvedAt: new Date() }).where(eq(orders.id, row!.id));
    await stock(1);
    const taken = await app.db.transaction((tx) => assignProfile(tx, { orderId: id, lineId: null }));
    await reserveProfile(app.esim, taken!.id, null);
    await Promise.all([esimSweep(app.esim), esimSweep(app.esim)]);
    expect((await orderOf(orderNo)).status).toBe('esim_ready');
    expect((await heldBy(id)).map((p) => p.iccid)).toEqual([taken!.iccid]);
    const ready = await mails('esim_ready', userId);
    expect(new Set(ready.map((m) => m.channel)).size).toBe(ready.length);
    const view = await getJson<View>(app, `/api/esim/order?orderNo=${orderNo}`, { token });
    expect(view.body.data.state).toBe('ready');
  });

  it('opens the line once when the notice, "I installed it" and the sweep race', async () => {
    const { token, id: userId } = await signUp(app, 'esimrace2');
    const { orderNo, id } = await esimOrderUnderReview(app, token);
    await stock(1);
    await approve(orderNo);
    expect((await orderOf(orderNo)).status).toBe('esim_ready');
    const [profile] = await heldBy(id);
    // The phone installed it; the carrier knows.
    await app.db
      .update(sandboxEsimProfiles)
      .set({ state: 'installed' })
      .where(eq(sandboxEsimProfiles.iccid, profile!.iccid));
    const installed = () =>
      app.inject({
        method: 'POST',
        url: '/api/esim/installed',
        headers: { token, 'content-type': 'application/json' },
        payload: { orderNo },
      });
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => installed()),
      ...Array.from({ length: 20 }, (_, i) => notice(profile!.iccid, 'installed', `race-${i}`)),
      ...Array.from({ length: 20 }, () => notice(profile!.iccid, 'installed', 'race-same')),
      esimSweep(app.esim).then(() => ({ statusCode: 200 })),
    ]);
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect((await orderOf(orderNo)).status).toBe('active');
    expect(await app.db.select().from(lines).where(eq(lines.orderId, id))).toHaveLength(1);
    const active = await mails('line_active', userId);
    expect(new Set(active.map((m) => m.channel)).size).toBe(active.length);
    expect(active.length).toBeGreaterThan(0);
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(events.filter((e) => e.toStatus === 'active')).toHaveLength(1);
  });

  it("opens the line once when staff's activation races the carrier's install notice", async () => {
    const { token } = await signUp(app, 'esimstaffrace');
    const { orderNo, id } = await esimOrderUnderReview(app, token);
    await stock(1);
    await approve(orderNo);
    const [profile] = await heldBy(id);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        fulfil
          .call('POST', `/api/admin/orders/${orderNo}/activate`, { msisdn: profile!.msisdn, iccid: profile!.iccid })
          .then((r) => r.status),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        notice(profile!.iccid, 'installed', `staffrace-${i}`).then((r) => r.statusCode),
      ),
    ]);
    expect(answers.filter((s) => s >= 500)).toEqual([]);
    expect((await orderOf(orderNo)).status).toBe('active');
    expect(await app.db.select().from(lines).where(eq(lines.orderId, id))).toHaveLength(1);
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(events.filter((e) => e.toStatus === 'active')).toHaveLength(1);
  });

  it('finishes once a reissue whose server died after releasing the old profile, before reserving the new', async () => {
    const { token, id: userId } = await signUp(app, 'esimcrash3');
    const { orderNo, id } = await esimOrderUnderReview(app, token);
    await stock(2);
    await approve(orderNo);
    const [first] = await heldBy(id);
    expect((await notice(first!.iccid, 'installed', `crash3-${first!.iccid}`)).statusCode).toBe(200);
    const [line] = await app.db.select().from(lines).where(eq(lines.orderId, id));
    expect(line).toMatchObject({ iccid: first!.iccid });
    const provider = app.esim.provider;
    const reserve = provider.reserve.bind(provider);
    provider.reserve = async () => {
      throw new EsimUnavailableError('connection reset');
    };
    try {
      const asked = await postForm<{ status: string }>(app, '/api/esim/reissue', { reason: 'new_phone' }, { token });
      expect(asked.status).toBeLessThan(500);
    } finally {
      provider.reserve = reserve;
    }
    // The old profile is gone on both sides already; the new one is taken but not reserved.
    const [old] = await app.db.select().from(esimProfiles).where(eq(esimProfiles.id, first!.id));
    expect(old!.status).toBe('released');
    const [carrier] = await app.db
      .select()
      .from(sandboxEsimProfiles)
      .where(eq(sandboxEsimProfiles.iccid, first!.iccid));
    expect(carrier!.state).toBe('revoked');
    expect((await app.db.select().from(lines).where(eq(lines.orderId, id)))[0]!.iccid).toBe(first!.iccid);
    expect(await mails('esim_reissued', userId)).toHaveLength(0);
    await Promise.all([esimSweep(app.esim), esimSweep(app.esim)]);
    await esimSweep(app.esim);
    const held = await app.db
      .select()
      .from(esimProfiles)
      .where(and(eq(esimProfiles.orderId, id), inArray(esimProfiles.status, ['assigned', 'installed'])));
    expect(held).toHaveLength(1);
    expect(held[0]!.iccid).not.toBe(first!.iccid);
    expect(held[0]!.msisdn).toBe(line!.msisdn);
    const [after] = await app.db.select().from(lines).where(eq(lines.orderId, id));
    expect(after).toMatchObject({ iccid: held[0]!.iccid, msisdn: line!.msisdn });
    const reissued = await mails('esim_reissued', userId);
    expect(reissued.length).toBeGreaterThan(0);
    expect(new Set(reissued.map((m) => m.channel)).size).toBe(reissued.length);
    // Two profiles in all went to this order: the first (released) and its one replacement.
    expect(await heldBy(id)).toHaveLength(2);
  });

  it('keeps money and reissue in step when cancels race the fee being paid', async () => {
    const { token } = await signUp(app, 'esimcancelrace');
    const { orderNo, id } = await esimOrderUnderReview(app, token);
    await stock(2);
    await approve(orderNo);
    const [first] = await heldBy(id);
    await notice(first!.iccid, 'installed', `cancelrace-${first!.iccid}`);
    const config = app.config as { ESIM_REISSUE_FEE: number };
    config.ESIM_REISSUE_FEE = 500;
    let asked;
    try {
      asked = await postForm<{ status: string; chargeNo: string; reissueNo: string }>(
        app,
        '/api/esim/reissue',
        { reason: 'deleted' },
        { token },
      );
    } finally {
      config.ESIM_REISSUE_FEE = 0;
    }
    const { chargeNo, reissueNo } = asked.body.data;
    expect(asked.body.data.status).toBe('awaiting_payment');
    const open = await postForm<{ paymentNo: string }>(
      app,
      '/api/pay/create',
      { chargeNo, method: 'wechat', scene: 'jsapi' },
      { token },
    );
    const paymentNo = open.body.data.paymentNo;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2
          ? postForm(app, '/api/esim/reissue/cancel', { reissueNo }, { token }).then((r) => r.status)
          : deliverNotification(app, 'wechat', wechatNotification(app, { paymentNo, amount: 550 })).then(
              (r) => r.statusCode,
            ),
      ),
    );
    expect(answers.filter((s) => s >= 500)).toEqual([]);
    await esimSweep(app.esim);
    const [reissue] = await app.db.select().from(esimReissues).where(eq(esimReissues.reissueNo, reissueNo));
    const [charge] = await app.db.select().from(charges).where(eq(charges.chargeNo, chargeNo));
    const [payment] = await app.db.select().from(payments).where(eq(payments.paymentNo, paymentNo));
    const back = await app.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    // Either the fee was kept and the reissue went through, or both were withdrawn and the money went back.
    if (charge!.status === 'paid') {
      expect(reissue!.status).toBe('done');
      expect(back).toHaveLength(0);
    } else {
      expect([charge!.status, reissue!.status]).toEqual(['cancelled', 'cancelled']);
      expect(back.map((r) => r.amount)).toEqual([550]);
    }
  });

  it('imports a file sent 60 times at once exactly once, the rest skipped, no 5xx', async () => {
    const from = next;
    next += 5;
    const csv = profileCsv(5, from);
    const answers = await Promise.all(Array.from({ length: 60 }, () => importCsv(csv)));
    expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
    const data = answers.map((a) => (a.body as unknown as { data: { imported: number; skipped: string[] } }).data);
    expect(data.reduce((n, d) => n + d.imported, 0)).toBe(5);
    expect(data.filter((d) => d.skipped.length === 5)).toHaveLength(59);
    const rows = await app.db
      .select()
      .from(esimProfiles)
      .where(
        inArray(
          esimProfiles.iccid,
          [0, 1, 2, 3, 4].map((i) => iccidOf(from + i)),
        ),
      );
    expect(rows).toHaveLength(5);
  });
});
