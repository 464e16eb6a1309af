import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bills,
  lineEvents,
  lines,
  orders,
  outbox,
  payments,
  plans,
  refunds,
  usageRecords,
  users,
} from '../../server/db/schema';
import { MAX_REFUND_ATTEMPTS, sendRefund } from '../../server/payments/refunds';
import { runCommand, type CliDeps } from '../../server/ops/cli';
import { DEMO_EMAIL, seedDemo } from '../../server/ops/seed-demo';
import { transitionOrder } from '../../server/orders/orders';
import { backends } from './helpers/databases';
import { sandboxCardToken } from './helpers/sandbox-card';
import { orderUnderReview } from './helpers/orders';
import { placeOrder, signUp, upload } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';
import { deliverNotification, wechatNotification } from './helpers/signed-notifications';

interface Review {
  order: {
    status: string;
    rejections: { document: string; reason: string; note: string }[];
    dispatchBy: string | null;
    trackingNo: string | null;
  };
}

describe.each(backends)('staff commands on %s', (backend) => {
  let t: TestApp;
  let deps: CliDeps;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    deps = { db: t.database.handle.db, vault: t.app.documents, actor: 'tanaka' };
    ({ token } = await signUp(t.app, 'opscustomer'));
  });
  afterAll(() => t.close());

  const ops = (...argv: string[]) => runCommand(argv, deps);
  const review = async () => (await getJson<Review>(t.app, '/api/user/review', { token })).body.data.order;
  const paidOrder = async () => (await orderUnderReview(t.app, token)).orderNo;

  it('explains itself', async () => {
    expect(await ops('--help')).toContain('bill run --month YYYY-MM');
    await expect(ops('launch-rockets')).rejects.toThrow(/unknown command/);
  });

  it('refuses an option it does not know, or one without its value, instead of guessing', async () => {
    await expect(ops('orders', '--statsu', 'paid')).rejects.toThrow(/^unknown option --statsu; see --help$/);
    await expect(ops('orders', '--status')).rejects.toThrow(/--status.*argument missing; see --help/);
    await expect(ops('payments', '--attention=yes')).rejects.toThrow(/--attention.*does not take an argument/);
  });

  it('shows staff the messages that kept failing, without their text, and queues one again', async () => {
    expect(await ops('messages', '--failed')).toBe('no failed messages');
    const [row] = await deps.db
      .insert(outbox)
      .values({
        channel: 'mail',
        recipient: 'lost@example.com',
        subject: 'code',
        body: 'your code is 123456',
        status: 'failed',
        attempts: 5,
        lastError: '451 mailbox unavailable',
      })
      .returning();
    const listed = await ops('messages', '--failed');
    expect(listed).toContain('lost@example.com');
    expect(listed).toContain('451 mailbox unavailable');
    expect(listed).not.toContain('123456');
    expect(await ops('messages', 'retry', String(row!.id))).toContain('queued again');
    const [again] = await deps.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(again).toMatchObject({ status: 'pending', attempts: 0 });
    await expect(ops('messages', 'retry', String(row!.id))).rejects.toThrow(/no failed message/);
  });

  it('takes an order from review to an active line, as the customer sees it', async () => {
    const orderNo = await paidOrder();
    await expect(ops('reject', orderNo, '--reason', '在留卡背面不清楚')).rejects.toThrow(/--document/);
    expect(await ops('reject', orderNo, '--reason', '在留卡背面不清楚', '--document', 'residence_back')).toBe(
      `${orderNo} rejected`,
    );
    expect(await review()).toMatchObject({
      status: 'rejected',
      rejections: [{ document: 'residence_back', reason: 'other', note: '在留卡背面不清楚' }],
    });

    await expect(ops('approve', orderNo)).rejects.toThrow(/is rejected; it cannot become approved/);
    // The refused residence card back is replaced: resubmitting it unchanged is refused.
    const residenceBack = await upload(t.app, token, 'residence_back', 'residence-back.jpg');
    const resubmitted = await postForm<Review>(t.app, '/api/user/submit', { orderNo, residenceBack }, { token });
    expect(resubmitted.body.data.order.status).toBe('under_review');

    expect(await ops('approve', orderNo)).toBe(`${orderNo} approved`);
    expect((await review()).dispatchBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(ops('ship', orderNo, '--tracking', 'x')).rejects.toThrow(/tracking/);
    expect(await ops('ship', orderNo, '--tracking', 'JP123456789')).toBe(`${orderNo} shipped`);
    expect(await review()).toMatchObject({ status: 'shipped', trackingNo: 'JP123456789' });
    await expect(ops('activate', orderNo, '--msisdn', '12345', '--iccid', '8981100000000000009')).rejects.toThrow(
      /msisdn/,
    );
    expect(await ops('activate', orderNo, '--msisdn', '070-1111-2222', '--iccid', '8981100000000000009')).toBe(
      'line 07011112222 active',
    );
    expect((await review()).status).toBe('active');

    const trail = await deps.db.select().from(auditLog).where(eq(auditLog.target, orderNo));
    expect(trail.map((a) => a.action)).toEqual(['rejected', 'approved', 'shipped', 'active']);
    expect(trail.every((a) => a.actor === 'staff:tanaka')).toBe(true);
  });

  it('prints times in Tokyo, as the console shows them', async () => {
    const orderNo = await paidOrder();
    // 15:30 UTC is half past midnight the next day in Tokyo: a UTC print shows the wrong day.
    await deps.db
      .update(orders)
      .set({ createdAt: new Date('2026-11-24T15:30:00Z') })
      .where(eq(orders.orderNo, orderNo));
    const line = (await ops('orders', '--status', 'under_review')).split('\n').find((l) => l.startsWith(orderNo));
    expect(line).toContain('2026/11/25 00:30');
    expect(line).not.toContain('2026-11-24');
    expect(await ops('show', orderNo)).toContain('placed 2026/11/25 00:30 (Tokyo)');
  });

  it('rejects with the language the reason is written in, and the customer is told it', async () => {
    const orderNo = await paidOrder();
    const args = ['reject', orderNo, '--reason', '在留カードの裏面が不鮮明です', '--document', 'residence_back'];
    await expect(ops(...args, '--lang', 'en')).rejects.toThrow(/--lang must be one of cn, ja/);
    expect(await ops(...args, '--lang', 'ja')).toBe(`${orderNo} rejected`);
    expect((await review()).rejections).toEqual([
      { document: 'residence_back', reason: 'other', note: '在留カードの裏面が不鮮明です', lang: 'ja' },
    ]);
    expect(await ops('show', orderNo)).toContain('residence_back: other 在留カードの裏面が不鮮明です [ja]');
    // The customer reads Chinese: the Japanese note comes labelled with its language.
    const [mail] = await deps.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'mail'), like(outbox.body, `%${orderNo}%`)));
    expect(mail?.body).toContain('审核员留言（日语）：在留カードの裏面が不鮮明です');
  });

  it('writes an order and its decrypted documents to a folder', async () => {
    const orderNo = await paidOrder();
    const out = mkdtempSync(join(tmpdir(), 'ops-show-'));
    const printed = await ops('show', orderNo, '--out', out);
    expect(printed).toContain(orderNo);
    expect(printed).toContain('wrote 4 documents');
    const files = readdirSync(out).sort();
    expect(files).toEqual([
      `${orderNo}-passport.jpg`,
      `${orderNo}-residence_back.jpg`,
      `${orderNo}-residence_front.jpg`,
      `${orderNo}-signature.png`,
    ]);
    expect(
      readFileSync(join(out, files[0]!))
        .subarray(0, 3)
        .equals(Buffer.from([0xff, 0xd8, 0xff])),
    ).toBe(true);
  });

  it('flags approved orders past 3 working days, counting around a public holiday', async () => {
    const orderNo = await paidOrder();
    await ops('approve', orderNo);
    // Approved Thursday 2026-11-19; Monday 11-23 is Labour Thanksgiving Day: due Wednesday 11-25.
    await deps.db
      .update(orders)
      .set({ approvedAt: new Date('2026-11-19T03:00:00Z') })
      .where(eq(orders.orderNo, orderNo));
    const on = async (today: string) =>
      (await runCommand(['orders', '--status', 'approved'], { ...deps, today }))
        .split('\n')
        .find((l) => l.startsWith(orderNo))!;
    expect(await on('2026-11-25')).toContain('dispatch by 2026-11-25');
    expect(await on('2026-11-25')).not.toContain('OVERDUE');
    expect(await on('2026-11-26')).toContain('OVERDUE');
  });

  it('imports usage and bills each active line once, however often it runs', async () => {
    const csv = join(mkdtempSync(join(tmpdir(), 'ops-usage-')), 'usage.csv');
    writeFileSync(
      csv,
      'msisdn,date,megabytes\n07011112222,2026-11-01,512\n070-1111-2222,2026-11-02,300\n09099999999,2026-11-02,1\nbroken\n07011112222,2026-11-01,600\n',
    );
    const printed = await ops('usage', 'import', csv);
    expect(printed).toContain('imported 3 rows');
    expect(printed).toContain('no line 09099999999');
    const [{ n } = { n: 0 }] = await deps.db.select({ n: count() }).from(usageRecords);
    expect(n).toBe(2);

    expect(await ops('bill', 'run', '--month', '2026-12')).toMatch(/^1 bills created for 1 active lines/);
    expect(await ops('bill', 'run', '--month', '2026-12')).toMatch(/^0 bills created for 1 active lines/);
    const made = await deps.db.select().from(bills);
    expect(made).toHaveLength(1);
    // Plan 1's 1,800 yen rent plus 10 % tax.
    expect(made[0]).toMatchObject({
      month: '2026-12',
      subtotal: 1800,
      tax: 180,
      total: 1980,
      dueDate: '2026-12-31',
      status: 'unpaid',
    });
    await expect(ops('bill', 'run', '--month', '2026-13')).rejects.toThrow(/YYYY-MM/);
  });

  it('prints what a customer typed with control characters escaped, never acting on the terminal', async () => {
    const orderNo = await paidOrder();
    const [row] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    const hostile = '张\x1b[2J\x1b[1;1H\x9b0m\napproved\u202e';
    await deps.db
      .update(orders)
      .set({ info: { ...row!.info, lastName: hostile } })
      .where(eq(orders.id, row!.id));
    await deps.db.update(users).set({ email: 'evil\x1b]0;title\x07@example.com' }).where(eq(users.id, row!.userId));
    for (const printed of [await ops('show', orderNo), await ops('orders')]) {
      // eslint-disable-next-line no-control-regex
      expect(printed).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/);
      expect(printed.split('\n')).not.toContain('approved');
    }
    expect(await ops('show', orderNo)).toContain('lastName: 张\\x1b[2J\\x1b[1;1H\\x9b0m\\x0aapproved\\u202e');
    expect(await ops('orders')).toContain('evil\\x1b]0;title\\x07@example.com');
    await deps.db.update(users).set({ email: 'opscustomer@example.com' }).where(eq(users.id, row!.userId));
  });

  it('payments --attention lists refunds pending or failed and paid payments on unpaid orders', async () => {
    await expect(ops('payments')).rejects.toThrow(/--attention/);
    const orderNo = await placeOrder(t.app, token);
    const wechat = await postForm<{ paymentNo: string }>(
      t.app,
      '/api/pay/create',
      { orderNo, method: 'wechat', scene: 'jsapi' },
      { token },
    );
    const cardTok = await sandboxCardToken(t.app);
    expect(
      (
        await postForm<{ outcome: { kind: string } }>(
          t.app,
          '/api/pay/create',
          { orderNo, method: 'card', token: cardTok },
          { token },
        )
      ).body.data.outcome.kind,
    ).toBe('paid');
    // A success for the closed WeChat attempt that the sandbox cannot refund (it never took it).
    const note = wechatNotification(t.app, {
      paymentNo: wechat.body.data.paymentNo,
      transactionId: 'wx-ops',
      notifyId: 'ops-note',
    });
    await deliverNotification(t.app, 'wechat', note);
    const pending = (await ops('payments', '--attention'))
      .split('\n')
      .find((l) => l.includes(wechat.body.data.paymentNo))!;
    expect(pending).toMatch(
      /^refund-pending .*1980 JPY {2}order SM\d+ {2}opscustomer@example.com .*closed, 1 attempts, last error: TRADE_STATUS_ERROR:closed/,
    );
    const customerView = await getJson<{ refunds: { amount: number; status: string }[] }>(
      t.app,
      `/api/pay/refunds?orderNo=${orderNo}`,
      { token },
    );
    expect(customerView.body.data.refunds).toEqual([{ amount: 1980, status: 'refunding' }]);

    const [refund] = await deps.db.select().from(refunds);
    for (let i = 0; i < MAX_REFUND_ATTEMPTS; i += 1)
      await sendRefund({ db: deps.db, providers: t.app.payments }, refund!.id);
    expect((await deps.db.select().from(refunds).where(eq(refunds.id, refund!.id)))[0]).toMatchObject({
      status: 'failed',
      attempts: MAX_REFUND_ATTEMPTS,
    });
    expect(await ops('payments', '--attention')).toMatch(/^refund-failed .*5 attempts/m);

    // A paid payment on an order that is still unpaid (what a half-done settlement used to leave).
    const stuck = await placeOrder(t.app, token);
    const [stuckRow] = await deps.db.select().from(orders).where(eq(orders.orderNo, stuck));
    await deps.db.insert(payments).values({
      paymentNo: 'PSTUCK1',
      userId: stuckRow!.userId,
      targetType: 'order',
      targetId: stuckRow!.id,
      method: 'card',
      scene: 'card',
      amount: 1980,
      status: 'paid',
      paidAt: new Date(),
    });
    expect(await ops('payments', '--attention')).toContain(
      `paid-unpaid-target  PSTUCK1  card    1980 JPY  order ${stuck}  opscustomer@example.com  order is awaiting_payment`,
    );
  });
});

describe('the demo customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('has an active line with usage, a paid and an unpaid bill, and an order in each state', async () => {
    const db = t.database.handle.db;
    const demo = await seedDemo(db, t.app.documents, new Date('2026-11-23T03:00:00Z'));
    const login = await postForm(t.app, '/api/user/login', { email: demo.email, password: demo.password });
    expect(login.body.code).toBe(1);
    const [line] = await db.select().from(lines);
    expect(line!.msisdn).toBe(demo.msisdn);
    // Thirty days before today, and today: the whole quota of this month used (issue 31's top-up demo).
    const usage = await db.select().from(usageRecords);
    expect(usage.length).toBe(31);
    const [plan] = await db.select().from(plans).where(eq(plans.id, line!.planId));
    const november = usage.filter((u) => u.day >= '2026-11-01').reduce((sum, u) => sum + u.megabytes, 0);
    expect(november).toBe(plan!.dataGb * 1024);
    expect((await db.select().from(bills)).map((b) => b.status).sort()).toEqual(['paid', 'unpaid']);
    const statuses = (await db.select().from(orders)).map((o) => o.status).sort();
    // Two await payment: a data plan's, and a voice plan's that waits for its identity check.
    expect(statuses).toEqual([
      'active',
      'approved',
      'awaiting_payment',
      'awaiting_payment',
      'rejected',
      'shipped',
      'under_review',
    ]);
    const waiting = (await db.select().from(orders)).filter((o) => o.status === 'awaiting_payment');
    expect(waiting.map((o) => o.lineType).sort()).toEqual(['data', 'voice']);
    expect(await seedDemo(db, t.app.documents)).toEqual(demo);
  });
});

// Issue 16: README's own activate example took 070-1234-5678 and the demo crashed; a run that
// failed half way left a customer without a line, and the next run printed "line: " and nothing.
describe('the demo customer, made again on a database that has seen other work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());
  const ops = (...argv: string[]) =>
    runCommand(argv, { db: t.database.handle.db, vault: t.app.documents, actor: 'tanaka' });

  it('takes the next free number when staff already activated 070-1234-5678 for someone else', async () => {
    const db = t.database.handle.db;
    const other = (await signUp(t.app, 'numberholder')).token;
    const orderNo = await placeOrder(t.app, other);
    for (const step of [['paid'], ['under_review']] as const) {
      const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
      await transitionOrder(db, row!.id, step[0], 'system');
    }
    await ops('approve', orderNo);
    await ops('ship', orderNo, '--tracking', 'JP1111111111');
    await ops('activate', orderNo, '--msisdn', '070-1234-5678', '--iccid', '8981100000000000001');

    const demo = await seedDemo(db, t.app.documents);
    expect(demo.msisdn).toMatch(/^070\d{8}$/);
    expect(demo.msisdn).not.toBe('07012345678');
    expect(await seedDemo(db, t.app.documents)).toEqual(demo);
  });

  it('sets aside a demo customer left without a line and makes a whole one again', async () => {
    const db = t.database.handle.db;
    const [demoUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    await db.delete(usageRecords);
    await db.delete(bills);
    // A line's history goes with it (it starts at activation: line_events).
    const [gone] = await db.select({ id: lines.id }).from(lines).where(eq(lines.userId, demoUser!.id));
    await db.delete(lineEvents).where(eq(lineEvents.lineId, gone!.id));
    await db.delete(lines).where(eq(lines.userId, demoUser!.id));
    const again = await seedDemo(db, t.app.documents);
    expect(again.msisdn).toMatch(/^070\d{8}$/);
    const login = await postForm(t.app, '/api/user/login', { email: again.email, password: again.password });
    expect(login.body.code).toBe(1);
  });
});

// Its own database: the line it opens would change the bill run the tests above count.
describe.each(backends)('the counter check from the command line on %s', (backend) => {
  let t: TestApp;
  let deps: CliDeps;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    deps = { db: t.database.handle.db, vault: t.app.documents, actor: 'tanaka' };
    ({ token } = await signUp(t.app, 'opscounter'));
  });
  afterAll(() => t.close());
  const ops = (...argv: string[]) => runCommand(argv, deps);

  it('records the counter IC chip check of a voice line picked up at the store; activation waits for it', async () => {
    const orderNo = await placeOrder(t.app, token, '4', { delivery: 'pickup', storeId: '1' });
    const [row] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    // Paid first: a pickup order is checked face to face when the customer comes.
    await transitionOrder(deps.db, row!.id, 'paid', 'system');
    await transitionOrder(deps.db, row!.id, 'under_review', 'system');
    expect(await ops('approve', orderNo)).toBe(`${orderNo} approved`);
    await expect(ops('counter-check', orderNo, '--document', 'residence_card')).rejects.toThrow(/--last4/);
    await expect(ops('counter-check', orderNo, '--document', 'residence_card', '--last4', '12')).rejects.toThrow(
      /last 4/,
    );
    // The SIM waits at the store; it is not handed over and activated before the check.
    expect(await ops('ready-for-pickup', orderNo)).toBe(`${orderNo} ready for pickup`);
    await expect(
      ops('activate', orderNo, '--msisdn', '070-1111-3333', '--iccid', '8981100000000000017'),
    ).rejects.toThrow(/counter IC chip check/);
    expect(await ops('counter-check', orderNo, '--document', 'residence_card', '--last4', '5678')).toMatch(
      new RegExp(`^${orderNo} checked at the counter`),
    );
    expect(await ops('activate', orderNo, '--msisdn', '070-1111-3333', '--iccid', '8981100000000000017')).toBe(
      'line 07011113333 active',
    );
    const trail = await deps.db.select().from(auditLog).where(eq(auditLog.target, orderNo));
    expect(trail.map((a) => a.action)).toContain('counter-check');
  });
});
