import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines, orders, outbox, users } from '../../server/db/schema';
import { backends, freshDatabase, type TestDatabase } from './helpers/databases';
import { CHECKLIST, esimOrderUnderReview, iccidOf, loggedApp, matchingIdOf, profileCsv } from './helpers/esim';
import { signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { signInStaff } from './helpers/staff';

// The "done when", from the reissue's side: an eSIM bought, approved, installed on the
// sandbox phone; the customer (in Japanese) asks for a reissue from the line page, pays the fee
// by Alipay, and the order page offers the new profile while the phone refuses the first.
// The codes appear in no log line and no message on the way.

type View = {
  state: string;
  activation: { lpa: string; matchingId: string } | null;
  iccidLast4: string | null;
  reissued: boolean;
};

describe.each(backends)('an eSIM reissued end to end on %s', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let logs: string[];
  beforeAll(async () => {
    database = await freshDatabase(backend);
    ({ app, lines: logs } = await loggedApp(database));
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const phone = (code: string, action: string) =>
    app.inject({
      method: 'POST',
      url: '/sandbox/esim/phone',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'ja' },
      payload: new URLSearchParams({ code, action }).toString(),
    });
  const ja = { 'accept-language': 'ja' };

  it('releases the first profile, installs the second on the same line and number', async () => {
    const { token, id: userId } = await signUp(app, 'newphone');
    await app.db.update(users).set({ lang: 'ja' }).where(eq(users.id, userId));
    const view = async () =>
      (await getJson<View>(app, `/api/esim/order?orderNo=${orderNo}`, { token, ...ja })).body.data;
    const { orderNo, id } = await esimOrderUnderReview(app, token);
    const reviewer = await signInStaff(app, 'reviewer');
    const fulfil = await signInStaff(app, 'fulfilment');
    await fulfil.call('POST', '/api/admin/esim/import', { csv: profileCsv(2, 500) });
    expect((await reviewer.call('POST', `/api/admin/orders/${orderNo}/approve`, { checklist: CHECKLIST })).status).toBe(
      200,
    );
    const first = (await view()).activation!;
    expect(first.matchingId).toBe(matchingIdOf(500));
    await phone(first.lpa, 'install');
    await expect
      .poll(async () => (await app.db.select().from(orders).where(eq(orders.id, id)))[0]!.status, { timeout: 5000 })
      .toBe('active');
    const [before] = await app.db.select().from(lines).where(eq(lines.orderId, id));

    // The line page: an eSIM line, a reissue asked for a new phone, paid by WeChat Pay.
    const line = await getJson<{ esim: boolean; iccidLast4: string }>(app, '/api/esim/line', { token, ...ja });
    expect(line.body.data).toMatchObject({ esim: true, iccidLast4: iccidOf(500).slice(-4) });
    const asked = await postForm<{ chargeNo: string; status: string }>(
      app,
      '/api/esim/reissue',
      { reason: 'new_phone' },
      { token, ...ja },
    );
    expect(asked.body.data.status).toBe('awaiting_payment');
    const pay = await postForm<{ paymentNo: string; outcome: { kind: string; url?: string } }>(
      app,
      '/api/pay/create',
      { chargeNo: asked.body.data.chargeNo, method: 'alipay', scene: 'wap' },
      { token, ...ja },
    );
    expect(pay.body.code).toBe(1);
    const trade = new URL(pay.body.data.outcome.url ?? '/', 'http://x').searchParams.get('trade');
    const cashier = await app.inject({
      method: 'POST',
      url: '/sandbox/alipay/confirm',
      payload: { trade, result: 'ok' },
    });
    expect(cashier.statusCode).toBeLessThan(500);
    await expect
      .poll(
        async () =>
          (await getJson<{ status: string }>(app, `/api/pay/status?paymentNo=${pay.body.data.paymentNo}`, { token }))
            .body.data.status,
        { timeout: 5000 },
      )
      .toBe('paid');

    // The order page (its read moves the reissue on): the second profile, marked as a reissue.
    const second = await view();
    expect(second).toMatchObject({ state: 'ready', reissued: true, iccidLast4: iccidOf(501).slice(-4) });
    expect(second.activation!.matchingId).toBe(matchingIdOf(501));
    // The phone refuses the first code now, and installs the second.
    expect((await phone(first.lpa, 'install')).statusCode).toBe(409);
    expect((await phone(second.activation!.lpa, 'install')).statusCode).toBe(200);
    await expect.poll(async () => (await view()).state, { timeout: 5000 }).toBe('installed');
    const [after] = await app.db.select().from(lines).where(eq(lines.orderId, id));
    expect([after!.iccid, after!.msisdn]).toEqual([iccidOf(501), before!.msisdn]);

    // Told in Japanese with the order page's link; no code in a message or a log line.
    const told = await app.db.select().from(outbox).where(eq(outbox.kind, 'esim_reissued'));
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((m) => /[ぁ-んァ-ン]/.test(m.subject))).toBe(true);
    const everything = [...logs, ...(await app.db.select().from(outbox)).map((m) => `${m.subject}\n${m.body}`)];
    for (const secret of [matchingIdOf(500), matchingIdOf(501)])
      expect(everything.filter((text) => text.includes(secret))).toEqual([]);
  });
});
