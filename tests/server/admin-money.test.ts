import { createSign, generateKeyPairSync } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { fakeApi } from './helpers/fake-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminPayment,
  BillList,
  BillRunResult,
  PaymentList,
  RefundList,
  RefundRetried,
  UsageImportResult,
} from '../../contract/admin-api';
import type { Envelope } from '../../contract/api';
import { STAFF_ROLES, allows } from '../../contract/staff-roles';
import {
  auditLog,
  outbox,
  payments,
  refunds,
  sandboxRefunds,
  sandboxTrades,
  staff,
  usageRecords,
} from '../../server/db/schema';
import { importUsage } from '../../server/staff/operations';
import { alipayLive } from '../../server/payments/providers/alipay-live';
import { gmoCardLive } from '../../server/payments/providers/gmo-live';
import { SANDBOX_WECHAT_MCHID, SANDBOX_WECHAT_SERIAL } from '../../server/payments/providers/sandbox-keys';
import { wechatPayLive } from '../../server/payments/providers/wechat-pay-live';
import { buildNotification } from '../../server/payments/providers/wechat-pay-crypto';
import { MAX_REFUND_ATTEMPTS, sendRefund } from '../../server/payments/refunds';
import { backends } from './helpers/databases';
import { sandboxCardToken } from './helpers/sandbox-card';
import { activeLine } from './helpers/orders';
import { placeOrder, signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { signInStaff, type StaffClient } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 19, the console's money pages: payments with their provider's word, refunds full or
// partial through the provider (never more than was paid, whatever arrives at once), duplicate
// payments waiting for staff, bills, the bill run and usage files with a dry run. Finance and
// admin only; every other role is refused, and the refusal is on record.

interface Created {
  paymentNo: string;
  outcome: { kind: string; params?: Record<string, string> };
}

describe.each(backends)('staff money pages on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let finance: StaffClient;
  let admin: StaffClient;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ token } = await signUp(t.app, 'moneyowner'));
    finance = await signInStaff(t.app, 'finance');
    admin = await signInStaff(t.app, 'admin');
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const pay = (form: Record<string, string>) => postForm<Created>(t.app, '/api/pay/create', form, { token });
  const cardToken = () => sandboxCardToken(t.app);
  /** An order paid in the Alipay app: the customer confirms, the page's status look settles it. */
  const paidByAlipay = async () => {
    const orderNo = await placeOrder(t.app, token);
    const created = (await pay({ orderNo, method: 'alipay', scene: 'app' })).body.data;
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/alipay/confirm',
      payload: { trade: created.outcome.params!.tradeNO, result: 'ok' },
    });
    await getJson(t.app, `/api/pay/status?paymentNo=${created.paymentNo}`, { token });
    return { orderNo, paymentNo: created.paymentNo };
  };
  const tradeOf = async (paymentNo: string) =>
    (await db().select().from(sandboxTrades).where(eq(sandboxTrades.paymentNo, paymentNo)))[0]!;
  const refundsOf = async (paymentNo: string) => {
    const [payment] = await db().select().from(payments).where(eq(payments.paymentNo, paymentNo));
    return db().select().from(refunds).where(eq(refunds.paymentId, payment!.id));
  };
  const staffId = async (client: StaffClient) =>
    (await db().select().from(staff).where(eq(staff.login, client.login)))[0]!.id;
  const auditOf = async (client: StaffClient, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, await staffId(client)), eq(auditLog.action, action)));
  const refund = (paymentNo: string, body: unknown, client = finance) =>
    client.call<AdminPayment>('POST', `/api/admin/payments/${paymentNo}/refund`, body);
  /** A line for this customer, so bills and usage have something to be about. */
  const lineOf = (msisdn: string, iccid: string) => activeLine(t.app, token, { msisdn, iccid });

  it('refuses every money call to a role without [money], on record, and changes nothing', async () => {
    const { paymentNo } = await paidByAlipay();
    const calls: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/admin/payments'],
      ['GET', `/api/admin/payments/${paymentNo}`],
      ['POST', `/api/admin/payments/${paymentNo}/refund`, { amount: 100, reason: 'x' }],
      ['GET', '/api/admin/refunds?status=failed'],
      ['POST', '/api/admin/refunds/R1/retry'],
      ['GET', '/api/admin/bills?month=2031-01'],
      ['POST', '/api/admin/bill-run', { month: '2031-01' }],
      ['POST', '/api/admin/usage', { csv: '08000000000,2031-01-01,1', dryRun: false }],
    ];
    const refused = STAFF_ROLES.filter((role) => !allows(role, 'money'));
    expect(refused).toEqual(['reviewer', 'fulfilment', 'support']);
    for (const role of refused) {
      const client = await signInStaff(t.app, role);
      for (const [method, url, body] of calls) {
        const res = await client.call(method, url, body);
        expect(res.status, `${role} ${method} ${url}`).toBe(403);
        expect(res.body).toMatchObject({ code: 0, data: { error: 'FORBIDDEN' } });
      }
      const denied = await auditOf(client, 'denied');
      expect(denied).toHaveLength(calls.length);
      expect(denied.map((d) => d.target)).toContain('/api/admin/payments/:paymentNo/refund');
      expect(denied[0]!.detail).toMatchObject({ permission: 'money' });
      expect(denied[0]!.ip).toBeTruthy();
    }
    // Even a malformed body is refused for the role first: a role without the right learns no rules.
    const support = await signInStaff(t.app, 'support');
    expect((await refund(paymentNo, { amount: 'lots' }, support)).status).toBe(403);
    expect(await refundsOf(paymentNo)).toEqual([]);
    expect((await tradeOf(paymentNo)).status).toBe('paid');

    // No session, or no CSRF token: refused before any role is looked at.
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/payments' });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentNo}/refund`,
      headers: { cookie: finance.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: 100, reason: 'x' }),
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toMatchObject({ data: { error: 'CSRF_REFUSED' } });
    expect(await refundsOf(paymentNo)).toEqual([]);

    // Admin may do everything.
    expect((await admin.call('GET', `/api/admin/payments/${paymentNo}`)).status).toBe(200);
  });

  it('a partial refund goes through the provider, and ten at once never refund more than was paid', async () => {
    const { orderNo, paymentNo } = await paidByAlipay();
    const listed = await finance.call<PaymentList>('GET', `/api/admin/payments?q=${orderNo.toLowerCase()}`);
    expect(listed.body.data.payments).toEqual([
      expect.objectContaining({ paymentNo, method: 'alipay', amount: 1980, status: 'paid', refunded: 0 }),
    ]);
    expect(listed.body.data.payments[0]!.target).toBe(`order ${orderNo}`);
    const page = await finance.call<AdminPayment>('GET', `/api/admin/payments/${paymentNo}`);
    expect(page.body.data).toMatchObject({ providerState: 'paid', refundable: 1980, partialRefund: true, refunds: [] });

    const first = await refund(paymentNo, { amount: 500, reason: '  套餐部分退款  ' });
    expect(first.body).toMatchObject({ code: 1, data: { refundable: 1480, payment: { refunded: 500 } } });
    expect(first.body.data.refunds).toEqual([
      expect.objectContaining({ amount: 500, status: 'refunded', reason: '套餐部分退款' }),
    ]);
    // The provider holds one refund of 500 under our refund number; the trade is still paid for the rest.
    const [own] = await refundsOf(paymentNo);
    expect(await db().select().from(sandboxRefunds).where(eq(sandboxRefunds.refundNo, own!.refundNo))).toEqual([
      expect.objectContaining({ amount: 500 }),
    ]);
    expect((await tradeOf(paymentNo)).status).toBe('paid');
    const [audited] = await auditOf(finance, 'refund');
    expect(audited).toMatchObject({ target: paymentNo, detail: { amount: 500, reason: '套餐部分退款' } });
    expect(audited!.ip).toBeTruthy();

    // Ten refunds of 400 at once against the 1480 left: three pass, seven are refused.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(paymentNo, { amount: 400, reason: 'concurrent' })),
    );
    for (const res of answers) expect(res.status).toBe(200);
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(3);
    const tooMuch = answers.filter((a) => a.body.code === 0);
    expect(tooMuch).toHaveLength(7);
    for (const res of tooMuch)
      expect(res.body).toMatchObject({ data: { error: 'REFUND_TOO_MUCH', fields: { amount: 'REFUND_TOO_MUCH' } } });
    expect(tooMuch[0]!.body.msg).toMatch(/¥(280|680|1080)/);
    const rows = await refundsOf(paymentNo);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(1700);
    expect(rows.every((r) => r.status === 'refunded' && r.reason === 'staff')).toBe(true);
    const atProvider = await db()
      .select()
      .from(sandboxRefunds)
      .where(
        inArray(
          sandboxRefunds.refundNo,
          rows.map((r) => r.refundNo),
        ),
      );
    expect(atProvider.reduce((sum, r) => sum + r.amount, 0)).toBe(1700);
    // The same refund number again is the same refund at the provider, not a second one.
    const again = await t.app.payments.alipay.refund({
      paymentNo,
      providerTradeNo: null,
      refundNo: own!.refundNo,
      amount: 500,
      total: 1980,
      reason: 'again',
      paidAt: null,
    });
    expect(again.status).toBe('refunded');
    expect(await db().select().from(sandboxRefunds).where(eq(sandboxRefunds.refundNo, own!.refundNo))).toHaveLength(1);

    // Amounts that are no amount, and no reason: refused with the field's key.
    for (const amount of [0, -5, 1.5, '100', null])
      expect((await refund(paymentNo, { amount, reason: 'x' })).body).toMatchObject({
        code: 0,
        data: { error: 'REFUND_AMOUNT_INVALID', fields: { amount: 'REFUND_AMOUNT_INVALID' } },
      });
    expect((await refund(paymentNo, { amount: 10, reason: '   ' })).body).toMatchObject({
      data: { error: 'REQUIRED', fields: { reason: 'REQUIRED' } },
    });

    // The rest: the trade is refunded in full at the provider, and nothing more can go.
    const last = await refund(paymentNo, { amount: 280, reason: 'rest' });
    expect(last.body.data).toMatchObject({ refundable: 0, payment: { refunded: 1980 } });
    expect((await tradeOf(paymentNo)).status).toBe('refunded');
    expect((await refund(paymentNo, { amount: 1, reason: 'one more' })).body).toMatchObject({
      data: { error: 'REFUND_TOO_MUCH' },
    });
    // Staff refunds are not "duplicate payments" on the customer's page.
    const seen = await getJson<{ refunds: unknown[] }>(t.app, `/api/pay/refunds?orderNo=${orderNo}`, { token });
    expect(seen.body.data.refunds).toEqual([]);
  });

  it('a card payment is refunded whole only (GMO-PG AlterTran), and an unpaid payment not at all', async () => {
    const orderNo = await placeOrder(t.app, token);
    const card = (await pay({ orderNo, method: 'card', token: await cardToken() })).body.data;
    expect(card.outcome.kind).toBe('paid');
    const page = await finance.call<AdminPayment>('GET', `/api/admin/payments/${card.paymentNo}`);
    expect(page.body.data).toMatchObject({ partialRefund: false, refundable: 1980 });
    const partial = await refund(card.paymentNo, { amount: 500, reason: 'part' });
    expect(partial.body).toMatchObject({
      code: 0,
      msg: '信用卡支付只能全额退款，不能部分退款',
      data: { error: 'REFUND_PARTIAL_UNSUPPORTED', fields: { amount: 'REFUND_PARTIAL_UNSUPPORTED' } },
    });
    expect(await refundsOf(card.paymentNo)).toEqual([]);
    const whole = await refund(card.paymentNo, { amount: 1980, reason: 'cancelled' });
    expect(whole.body.data.refunds).toEqual([expect.objectContaining({ amount: 1980, status: 'refunded' })]);
    expect((await tradeOf(card.paymentNo)).status).toBe('refunded');

    const open = await placeOrder(t.app, token);
    const pending = (await pay({ orderNo: open, method: 'wechat', scene: 'jsapi' })).body.data;
    expect((await refund(pending.paymentNo, { amount: 1980, reason: 'x' })).body).toMatchObject({
      data: { error: 'PAYMENT_NOT_REFUNDABLE' },
    });
    expect((await finance.call('GET', '/api/admin/payments/P000')).status).toBe(404);
  });

  it('a duplicate payment whose refund failed its tries waits for finance, who pushes it again', async () => {
    const orderNo = await placeOrder(t.app, token);
    const wechat = (await pay({ orderNo, method: 'wechat', scene: 'jsapi' })).body.data;
    const card = (await pay({ orderNo, method: 'card', token: await cardToken() })).body.data;
    expect(card.outcome.kind).toBe('paid');
    // WeChat says the closed attempt was paid too, before its books show the money: the refund fails.
    const keys = t.app.sandboxKeys;
    const note = buildNotification(
      {
        platformPrivateKeyPem: keys.wechatPlatformPrivate,
        apiV3Key: keys.wechatApiV3Key,
        serial: SANDBOX_WECHAT_SERIAL,
      },
      {
        mchid: SANDBOX_WECHAT_MCHID,
        out_trade_no: wechat.paymentNo,
        transaction_id: 'wx-dup',
        trade_state: 'SUCCESS',
        amount: { total: 1980, currency: 'JPY' },
      },
      'dup-1',
    );
    await t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: note.headers, payload: note.body });
    const [dup] = await refundsOf(wechat.paymentNo);
    // Paid after its attempt was closed: a surplus, refunded in full by itself.
    expect(dup).toMatchObject({ reason: 'closed', status: 'pending', attempts: 1 });
    // The worker's later tries fail the same way, until the refund waits for staff.
    for (let i = 1; i < MAX_REFUND_ATTEMPTS; i += 1) await sendRefund({ db: db(), providers: t.app.payments }, dup!.id);
    expect((await refundsOf(wechat.paymentNo))[0]).toMatchObject({ status: 'failed', attempts: MAX_REFUND_ATTEMPTS });

    const waiting = await finance.call<RefundList>('GET', '/api/admin/refunds?status=failed');
    expect(waiting.body.data.refunds).toContainEqual(
      expect.objectContaining({
        refundNo: dup!.refundNo,
        paymentNo: wechat.paymentNo,
        amount: 1980,
        status: 'failed',
        reason: 'closed',
        attempts: MAX_REFUND_ATTEMPTS,
        target: `order ${orderNo}`,
        lastError: expect.stringContaining('TRADE_STATUS_ERROR'),
      }),
    );
    expect(
      (await finance.call<RefundList>('GET', '/api/admin/refunds?status=refunded')).body.data.refunds.map(
        (r) => r.refundNo,
      ),
    ).not.toContain(dup!.refundNo);
    // Its money is promised already: a second refund of the same payment cannot be made beside it.
    const page = await finance.call<AdminPayment>('GET', `/api/admin/payments/${wechat.paymentNo}`);
    expect(page.body.data).toMatchObject({ refundable: 0, payment: { refunded: 1980 } });
    expect((await refund(wechat.paymentNo, { amount: 1980, reason: 'again' })).body).toMatchObject({
      data: { error: 'REFUND_TOO_MUCH' },
    });

    // The money reached WeChat's books: finance pushes the same refund again.
    await db().update(sandboxTrades).set({ status: 'paid' }).where(eq(sandboxTrades.paymentNo, wechat.paymentNo));
    const retried = await finance.call<RefundRetried>('POST', `/api/admin/refunds/${dup!.refundNo}/retry`);
    expect(retried.body).toMatchObject({
      code: 1,
      data: { refund: { refundNo: dup!.refundNo, status: 'refunded', attempts: MAX_REFUND_ATTEMPTS + 1 } },
    });
    expect((await tradeOf(wechat.paymentNo)).status).toBe('refunded');
    expect(await auditOf(finance, 'refund-retry')).toEqual([
      expect.objectContaining({ target: dup!.refundNo, detail: expect.objectContaining({ was: 'failed' }) }),
    ]);
    const seen = await getJson<{ refunds: unknown[] }>(t.app, `/api/pay/refunds?orderNo=${orderNo}`, { token });
    expect(seen.body.data.refunds).toEqual([{ amount: 1980, status: 'refunded' }]);
    expect((await finance.call('POST', `/api/admin/refunds/${dup!.refundNo}/retry`)).body).toMatchObject({
      data: { error: 'REFUND_NOT_RETRYABLE' },
    });
    expect((await finance.call('POST', '/api/admin/refunds/R-none/retry')).status).toBe(404);
  });

  it('bills of a month, and the bill run: safe to repeat, on record with who and where', async () => {
    await lineOf('080-7777-0001', '8981100000000000191');
    const month = '2031-01';
    const run = await finance.call<BillRunResult>('POST', '/api/admin/bill-run', { month });
    expect(run.body).toMatchObject({ code: 1 });
    expect(run.body.data.created).toBeGreaterThanOrEqual(1);
    expect(run.body.data.lines).toBe(run.body.data.created);
    expect((await finance.call<BillRunResult>('POST', '/api/admin/bill-run', { month })).body.data.created).toBe(0);
    const list = await finance.call<BillList>('GET', `/api/admin/bills?month=${month}`);
    expect(list.body.data.bills.length).toBe(run.body.data.created);
    expect(list.body.data.bills[0]).toMatchObject({ month, status: 'unpaid', dueDate: '2031-01-31' });
    const [bill] = list.body.data.bills;
    const found = await finance.call<PaymentList>('GET', `/api/admin/payments?q=${bill!.billNo}`);
    expect(found.body.data.payments).toEqual([]);
    const runs = await auditOf(finance, 'bill-run');
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ actor: `staff:${finance.login}`, target: month });
    expect(runs[0]!.ip).toBeTruthy();
    expect((await finance.call('POST', '/api/admin/bill-run', { month: '2031-13' })).body).toMatchObject({
      code: 0,
      data: { error: 'MONTH_INVALID', fields: { month: 'MONTH_INVALID' } },
    });
    expect((await finance.call('GET', '/api/admin/bills?month=Jan')).body).toMatchObject({
      data: { error: 'MONTH_INVALID' },
    });
  });

  it('a usage dry run writes nothing and says what would change; the real run writes it', async () => {
    await lineOf('080-7777-0002', '8981100000000000209');
    await importUsage(db(), 'staff:t', '08077770002,2031-02-01,100\n08077770002,2031-02-04,70');
    const csv = [
      'msisdn,date,megabytes',
      '080-7777-0002,2031-02-01,150',
      '08077770002,2031-02-02,20',
      '08077770002,2031-02-02,25',
      '08077770002,2031-02-04,70',
      'not,a,row',
      '08077770002,2031-02-30,5',
      '07000000000,2031-02-01,5',
    ].join('\n');
    const snapshot = async () => ({
      usage: await db().select().from(usageRecords).orderBy(usageRecords.id),
      audit: (await db().select().from(auditLog)).length,
      messages: (await db().select().from(outbox)).length,
    });
    const before = await snapshot();

    const dry = await finance.call<UsageImportResult>('POST', '/api/admin/usage', { csv, dryRun: true });
    const changes = [
      { msisdn: '08077770002', day: '2031-02-01', before: 100, after: 150 },
      { msisdn: '08077770002', day: '2031-02-02', before: null, after: 25 },
    ];
    expect(dry.body.data).toEqual({
      dryRun: true,
      changes,
      problems: [
        '第 6 行：格式应为 号码,YYYY-MM-DD,MB',
        '第 7 行：格式应为 号码,YYYY-MM-DD,MB',
        '第 8 行：没有号码为 07000000000 的线路',
      ],
    });
    expect(await snapshot()).toEqual(before);
    // In the staff member's language.
    const ja = await t.app.inject({
      method: 'POST',
      url: '/api/admin/usage',
      headers: {
        cookie: finance.cookie,
        'x-csrf-token': finance.csrf,
        'accept-language': 'ja',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ csv, dryRun: true }),
    });
    expect(ja.json<Envelope<UsageImportResult>>().data.problems[2]).toBe('8 行目：番号 07000000000 の回線がありません');

    const real = await finance.call<UsageImportResult>('POST', '/api/admin/usage', { csv, dryRun: false });
    expect(real.body.data).toMatchObject({ dryRun: false, changes });
    const rows = await db().select().from(usageRecords);
    const day = (d: string) => rows.filter((r) => r.day === d).map((r) => r.megabytes);
    expect(day('2031-02-01')).toEqual([150]);
    expect(day('2031-02-02')).toEqual([25]);
    expect(day('2031-02-04')).toEqual([70]);
    const [imported] = await auditOf(finance, 'usage-import');
    expect(imported).toMatchObject({ target: 'usage', detail: { imported: 4, problems: 3 } });
    expect(imported!.ip).toBeTruthy();
    // Nothing left to change: a second dry run says so.
    expect(
      (await finance.call<UsageImportResult>('POST', '/api/admin/usage', { csv, dryRun: true })).body.data.changes,
    ).toEqual([]);
    expect((await finance.call('POST', '/api/admin/usage', { csv })).status).toBe(400);
  });

  it('reads quoted usage fields as CSV: a comma or a doubled quote inside quotes stays in its field', async () => {
    await lineOf('080-7777-0003', '8981100000000000225');
    const csv = [
      'msisdn,date,megabytes',
      '"080-7777-0003","2031-03-01","40"',
      '08077770003,2031-03-02,55,"carrier note, with a comma"',
      '"0807777,0003",2031-03-03,5',
      '"080 ""7777""",2031-03-04,5',
      '"08077770003,2031-03-05,5',
      '08077770003,2031-03-06,9',
    ].join('\r\n');
    const dry = await finance.call<UsageImportResult>('POST', '/api/admin/usage', { csv, dryRun: true });
    expect(dry.body.data).toEqual({
      dryRun: true,
      changes: [
        { msisdn: '08077770003', day: '2031-03-01', before: null, after: 40 },
        { msisdn: '08077770003', day: '2031-03-02', before: null, after: 55 },
        // The line after a quote never closed is still read: the open quote spoils its own line only.
        { msisdn: '08077770003', day: '2031-03-06', before: null, after: 9 },
      ],
      problems: [
        '第 4 行：没有号码为 0807777,0003 的线路',
        '第 5 行：没有号码为 080 "7777" 的线路',
        '第 6 行：格式应为 号码,YYYY-MM-DD,MB',
      ],
    });
  });

  it('lists payments by status, newest first, and finds them by payment number and e-mail', async () => {
    const { paymentNo } = await paidByAlipay();
    const paid = await finance.call<PaymentList>('GET', '/api/admin/payments?status=paid');
    expect(paid.body.data.payments.every((p) => p.status === 'paid')).toBe(true);
    expect(paid.body.data.payments[0]!.paymentNo).toBe(paymentNo);
    const times = paid.body.data.payments.map((p) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(
      (await finance.call<PaymentList>('GET', '/api/admin/payments?status=&q=')).body.data.payments.length,
    ).toBeGreaterThan(paid.body.data.payments.length);
    expect(
      (await finance.call<PaymentList>('GET', `/api/admin/payments?q=${paymentNo}`)).body.data.payments,
    ).toHaveLength(1);
    const byMail = await finance.call<PaymentList>('GET', '/api/admin/payments?q=MONEYOWNER@example');
    expect(byMail.body.data.payments.map((p) => p.paymentNo)).toContain(paymentNo);
    expect((await finance.call<PaymentList>('GET', '/api/admin/payments?q=nobody%25')).body.data.payments).toEqual([]);
    expect((await finance.call('GET', '/api/admin/payments?status=lost')).status).toBe(400);
  });
});

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

describe('partial refunds on the live adapters', () => {
  const part = (refundNo: string) => ({
    paymentNo: 'P7',
    providerTradeNo: 'T7',
    refundNo,
    amount: 500,
    total: 1980,
    reason: '部分退款',
    paidAt: new Date(),
  });

  it('WeChat Pay v3: amount.refund is the part, amount.total what was paid, one out_refund_no each', async () => {
    const api = await fakeApi(() => ({ body: JSON.stringify({ refund_id: 'wxr', status: 'SUCCESS' }) }));
    const provider = wechatPayLive({
      appId: 'wx-live',
      mchid: '1230000109',
      serialNo: 'SERIAL1',
      privateKeyPem: keyPair().privateKey,
      platformPublicKeyPem: keyPair().publicKey,
      apiV3Key: '0123456789abcdef0123456789abcdef',
      apiBase: api.base,
    });
    expect(provider.partialRefunds).toBe(true);
    await provider.refund(part('RP1'));
    await provider.refund({ ...part('RP2'), reason: 'x'.repeat(120) });
    const [first, second] = api.seen.map((s) => JSON.parse(s.body) as Record<string, unknown>);
    expect(first).toEqual({
      out_trade_no: 'P7',
      out_refund_no: 'RP1',
      reason: '部分退款',
      amount: { refund: 500, total: 1980, currency: 'JPY' },
    });
    expect(second).toMatchObject({ out_refund_no: 'RP2', reason: 'x'.repeat(80) });
    await api.close();
  });

  it('Alipay: refund_amount is the part, out_request_no tells one partial refund from the next', async () => {
    const alipay = keyPair();
    const api = await fakeApi((path) => {
      const method = new URL(path, 'http://x').searchParams.get('method') ?? '';
      const json = JSON.stringify({ code: '10000', msg: 'Success', trade_no: '2026T7', fund_change: 'Y' });
      const sign = createSign('RSA-SHA256').update(json).sign(alipay.privateKey, 'base64');
      return { body: `{"${method.replaceAll('.', '_')}_response":${json},"sign":"${sign}"}` };
    });
    const provider = alipayLive({
      appId: '2021000111',
      privateKey: keyPair().privateKey,
      alipayPublicKey: alipay.publicKey,
      gateway: `${api.base}/gateway.do`,
    });
    expect(provider.partialRefunds).toBe(true);
    expect(await provider.refund(part('RP1'))).toEqual({ status: 'refunded', providerRefundNo: '2026T7:RP1' });
    await provider.refund(part('RP2'));
    const sent = api.seen.map((s) => {
      const params = new URLSearchParams(new URL(s.path, 'http://x').search + '&' + s.body);
      return JSON.parse(params.get('biz_content')!) as Record<string, unknown>;
    });
    expect(sent).toEqual([
      expect.objectContaining({ out_trade_no: 'P7', refund_amount: '500', out_request_no: 'RP1' }),
      expect.objectContaining({ out_trade_no: 'P7', refund_amount: '500', out_request_no: 'RP2' }),
    ]);
    await api.close();
  });

  it('GMO-PG: a part of a charge is refused before any call (AlterTran takes back whole charges)', async () => {
    const api = await fakeApi(() => ({
      body: 'OrderID=P7&Status=CAPTURE&AccessID=a&AccessPass=p',
      type: 'text/plain',
    }));
    const provider = gmoCardLive({ shopId: 'tshop1', shopPass: 'secret', apiBase: api.base });
    expect(provider.partialRefunds).toBe(false);
    await expect(provider.refund(part('RP1'))).rejects.toThrow(/partial/);
    expect(api.seen).toEqual([]);
    await api.close();
  });
});
