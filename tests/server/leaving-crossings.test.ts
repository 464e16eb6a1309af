import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import { applyDuePlanChanges, billRun } from '../../server/billing/index';
import {
  auditLog,
  bills,
  charges,
  lineCancellations,
  lines,
  payments,
  planChanges,
  refunds,
} from '../../server/db/schema';
import { bookCancellation, leavingSweep } from '../../server/lifecycle/index';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { postForm } from './helpers/requests';
import { sandboxCardToken } from './helpers/sandbox-card';
import { deliverNotification, wechatNotification } from './helpers/signed-notifications';
import { signInStaff, type StaffClient } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 31, where a booked cancellation crosses another change of the line: a bill's own open
// payment confirmed after the final bill took it over, staff's stop and undo, a lost report.

const quiet = { info: () => undefined, error: () => undefined };

describe.each(backends)('a booked cancellation crossing other changes on %s', (backend) => {
  let t: TestApp;
  let support: StaffClient;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
    support = await signInStaff(t.app, 'support');
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  async function customer(name: string) {
    const { token, id } = await signUp(t.app, `${name}-${backend}`);
    seq += 1;
    const n = `${backend === 'postgres' ? 3 : 4}${String(seq).padStart(5, '0')}`;
    const { line } = await activeLine(t.app, token, { msisdn: `0807${n}0`, iccid: `8981178${n}000000`, planId: '2' });
    return { token, id, line };
  }
  const statusOf = async (id: number) => (await db().select().from(lines).where(eq(lines.id, id)))[0]!.status;
  const cancellationOf = async (lineId: number) =>
    (await db().select().from(lineCancellations).where(eq(lineCancellations.lineId, lineId)))[0]!;
  const bookToday = (lineId: number) =>
    bookCancellation(db(), { lineId, lastDay: tokyoDate(new Date()), fee: 0, actor: 'customer:test' });
  const staffLine = (userId: number, action: 'suspend' | 'resume') =>
    support.call('POST', `/api/admin/customers/${userId}/line`, { action });
  const sweepAfterLastDay = () =>
    leavingSweep({ db: db(), linePlatform: t.app.linePlatform, log: quiet }, new Date(Date.now() + 2 * 86_400_000));

  it("refunds a bill's own payment confirmed after the final bill covers it; the final bill pays it once", async () => {
    const c = await customer('cross-3ds');
    await billRun(db(), 'test', tokyoDate(new Date()).slice(0, 7), undefined, 300, c.line.id);
    const [bill] = await db().select().from(bills).where(eq(bills.lineId, c.line.id));
    // The bill's own attempt opens (a 3-D Secure or wallet payment waiting for the customer)...
    const opened = await postForm<{ paymentNo: string }>(
      t.app,
      '/api/pay/create',
      { billNo: bill!.billNo, method: 'wechat', scene: 'jsapi' },
      { token: c.token },
    );
    const paymentNo = opened.body.data.paymentNo;
    // ...then the cancellation's final bill takes the bill over, and the attempt succeeds late.
    const booked = await bookToday(c.line.id);
    const note = wechatNotification(t.app, { paymentNo, amount: bill!.total });
    expect((await deliverNotification(t.app, 'wechat', note)).statusCode).toBe(200);
    const [late] = await db().select().from(payments).where(eq(payments.paymentNo, paymentNo));
    const sentBack = await db().select().from(refunds).where(eq(refunds.paymentId, late!.id));
    expect(sentBack.map((r) => r.amount)).toEqual([bill!.total]);
    expect((await db().select().from(bills).where(eq(bills.id, bill!.id)))[0]!.status).toBe('unpaid');
    // The final bill still pays the bill, once.
    const [finalBill] = await db().select().from(charges).where(eq(charges.id, booked.chargeId!));
    const paid = await postForm<{ outcome: { kind: string } }>(
      t.app,
      '/api/pay/create',
      { chargeNo: finalBill!.chargeNo, method: 'card', token: await sandboxCardToken(t.app) },
      { token: c.token },
    );
    expect(paid.body.data.outcome.kind).toBe('paid');
    expect((await db().select().from(bills).where(eq(bills.id, bill!.id)))[0]!.status).toBe('paid');
  });

  it('a bill is payable on its own again once the cancellation (and its final bill) is withdrawn', async () => {
    const c = await customer('cross-withdrawn');
    await billRun(db(), 'test', tokyoDate(new Date()).slice(0, 7), undefined, 300, c.line.id);
    const [bill] = await db().select().from(bills).where(eq(bills.lineId, c.line.id));
    await bookToday(c.line.id);
    expect((await postForm(t.app, '/api/line/cancellation/withdraw', {}, { token: c.token })).body.code).toBe(1);
    const pay = await postForm<{ outcome: { kind: string } }>(
      t.app,
      '/api/pay/create',
      { billNo: bill!.billNo, method: 'card', token: await sandboxCardToken(t.app) },
      { token: c.token },
    );
    expect(pay.body.data.outcome.kind).toBe('paid');
  });

  it('withdrawing on a line staff suspended since withdraws the cancellation and keeps the line suspended', async () => {
    const c = await customer('cross-suspended');
    await bookToday(c.line.id);
    expect((await staffLine(c.id, 'suspend')).body.code).toBe(1);
    const withdrawn = await postForm(t.app, '/api/line/cancellation/withdraw', {}, { token: c.token });
    expect(withdrawn.body.code).toBe(1);
    expect(await statusOf(c.line.id)).toBe('suspended');
    expect((await cancellationOf(c.line.id)).status).toBe('withdrawn');
    // Staff's undo then makes it active: no cancellation is booked any more.
    expect((await staffLine(c.id, 'resume')).body.code).toBe(1);
    expect(await statusOf(c.line.id)).toBe('active');
  });

  it('withdrawing on a line reported lost since keeps it lost', async () => {
    const c = await customer('cross-lost');
    await bookToday(c.line.id);
    expect((await postForm(t.app, '/api/line/lost', {}, { token: c.token })).body.code).toBe(1);
    const withdrawn = await postForm(t.app, '/api/line/cancellation/withdraw', {}, { token: c.token });
    expect(withdrawn.body.code).toBe(1);
    expect(await statusOf(c.line.id)).toBe('lost');
    expect((await cancellationOf(c.line.id)).status).toBe('withdrawn');
  });

  it("staff's undo of a stop on a cancelling line returns it to cancelling, and the sweep ends it", async () => {
    const c = await customer('cross-resume');
    await bookToday(c.line.id);
    await staffLine(c.id, 'suspend');
    expect((await staffLine(c.id, 'resume')).body.code).toBe(1);
    expect(await statusOf(c.line.id)).toBe('cancelling');
    expect((await sweepAfterLastDay()).ended).toBeGreaterThanOrEqual(1);
    expect(await statusOf(c.line.id)).toBe('ended');
    expect((await cancellationOf(c.line.id)).status).toBe('done');
  });

  it('the sweep ends a line still suspended (or lost) on its cancellation day', async () => {
    const s = await customer('cross-end-suspended');
    const l = await customer('cross-end-lost');
    await bookToday(s.line.id);
    await bookToday(l.line.id);
    await staffLine(s.id, 'suspend');
    await postForm(t.app, '/api/line/lost', {}, { token: l.token });
    await sweepAfterLastDay();
    expect([await statusOf(s.line.id), await statusOf(l.line.id)]).toEqual(['ended', 'ended']);
    const done = await db()
      .select()
      .from(lineCancellations)
      .where(and(eq(lineCancellations.lineId, s.line.id), eq(lineCancellations.status, 'done')));
    expect(done).toHaveLength(1);
  });

  it("the 25th's run cancels, audited, a plan change left pending on a line that has ended", async () => {
    const c = await customer('cross-plan');
    await bookToday(c.line.id);
    await sweepAfterLastDay();
    expect(await statusOf(c.line.id)).toBe('ended');
    // A change booked in the moment before the cancellation (it cancels only the changes it sees).
    const [change] = await db()
      .insert(planChanges)
      .values({ lineId: c.line.id, fromPlanId: 2, toPlanId: 3, effectiveDate: tokyoDate(new Date()) })
      .returning();
    await applyDuePlanChanges(db(), 'test', tokyoDate(new Date()));
    const [after] = await db().select().from(planChanges).where(eq(planChanges.id, change!.id));
    expect(after!.status).toBe('cancelled');
    expect((await db().select().from(lines).where(eq(lines.id, c.line.id)))[0]!.planId).toBe(2);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan-change-cancelled'), eq(auditLog.target, String(c.line.id))));
    expect(audited).toHaveLength(1);
  });
});
