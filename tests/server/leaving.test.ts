import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import { billRun } from '../../server/billing/index';
import {
  auditLog,
  bills,
  carrierRequests,
  charges,
  lineCancellations,
  lineEvents,
  lines,
  outbox,
  planChanges,
} from '../../server/db/schema';
import { bookCancellation, leavingSweep, withdrawCancellation } from '../../server/lifecycle/index';
import { runScheduledTasks } from '../../server/jobs/scheduled';
import { createUsageInbox } from '../../server/lib/storage/create-storage';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { sandboxCardToken } from './helpers/sandbox-card';
import { signInStaff } from './helpers/staff';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';

// Issue 31, leaving Japan: the final bill made when the cancellation is booked (the rule around
// the 25th, Tokyo time), paid by any method, the line ended on the day by the scheduler.
// Taking the number along is in leaving-port-out.test.ts.

interface View {
  lineStatus: string;
  quote: { rule: string; billedThrough: string; items: { code: string; month: string | null }[]; total: number } | null;
  cancellation: {
    status: string;
    lastDay: string;
    chargeNo: string | null;
    chargeStatus: string | null;
    total: number;
    items: { code: string; month: string | null; billNo: string | null; total: number }[];
    withdrawable: boolean;
    simReturn: boolean;
  } | null;
}

const tokyo = (local: string) => new Date(`${local}+09:00`);
const quiet = { info: () => undefined, error: () => undefined };

describe.each(backends)('leaving Japan on %s', (backend) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  async function customer(name: string, planId = '2') {
    const { token, id } = await signUp(t.app, `${name}-${backend}`);
    seq += 1;
    const n = `${backend === 'postgres' ? 1 : 2}${String(seq).padStart(5, '0')}`;
    const { line } = await activeLine(t.app, token, { msisdn: `0806${n}0`, iccid: `8981177${n}000000`, planId });
    return { token, id, line };
  }
  const lineOf = async (id: number) => (await db().select().from(lines).where(eq(lines.id, id)))[0]!;
  const view = (token: string, lastDay?: string) =>
    getJson<View>(t.app, `/api/line/cancellation${lastDay ? `?lastDay=${lastDay}` : ''}`, { token });
  const payCharge = async (token: string, chargeNo: string) =>
    postForm<{ outcome: { kind: string } }>(
      t.app,
      '/api/pay/create',
      { chargeNo, method: 'card', token: await sandboxCardToken(t.app) },
      { token },
    );
  const chargeOf = async (id: number | null) => (await db().select().from(charges).where(eq(charges.id, id!)))[0]!;
  const billsOf = (lineId: number) => db().select().from(bills).where(eq(bills.lineId, lineId));
  const book = (lineId: number, lastDay: string, now: Date) =>
    bookCancellation(db(), { lineId, lastDay, fee: 0, actor: 'customer:test' }, now);

  it('bills the rent by the rule: asked on the 25th the month ends it, on the 26th next month is owed too', async () => {
    const on25 = await customer('leave-25');
    const on26 = await customer('leave-26');
    // November's bill is out and unpaid for both (the bill run of the 1st).
    await billRun(db(), 'test', '2026-11', undefined, 300, on25.line.id);
    await billRun(db(), 'test', '2026-11', undefined, 300, on26.line.id);
    // 14:59Z is still the 25th in Tokyo, 15:00Z the 26th.
    const a = await book(on25.line.id, '2026-11-30', new Date('2026-11-25T14:59:00Z'));
    const b = await book(on26.line.id, '2026-11-30', new Date('2026-11-25T15:00:00Z'));
    expect([a.rule, a.billedThrough]).toEqual(['by_cutoff', '2026-11']);
    expect([b.rule, b.billedThrough]).toEqual(['after_cutoff', '2026-12']);
    const [chargeA, chargeB] = [await chargeOf(a.chargeId), await chargeOf(b.chargeId)];
    const [nov] = await billsOf(on25.line.id);
    expect(chargeA.items).toEqual([{ code: 'bill', billNo: nov!.billNo, month: '2026-11', amount: nov!.subtotal }]);
    expect(chargeA.total).toBe(nov!.total);
    expect(chargeB.items!.map((i) => [i.code, i.month])).toEqual([
      ['monthly_rent', '2026-12'],
      ['bill', '2026-11'],
    ]);
    // Every item taxed as its own bill would be: the total is the sum the customer sees item by item.
    const shown = (await view(on26.token)).body.data.cancellation!;
    expect(shown.items.reduce((s, i) => s + i.total, 0)).toBe(chargeB.total);
    expect(chargeB.total).toBe(chargeB.amount + chargeB.tax);
    expect(shown).toMatchObject({ status: 'booked', chargeStatus: 'unpaid', simReturn: true });
    expect((await lineOf(on26.line.id)).status).toBe('cancelling');
  });

  it('quotes before booking, books once, and paying the final bill settles what it covers', async () => {
    const c = await customer('leave-pay');
    const month = tokyoDate(new Date()).slice(0, 7);
    await billRun(db(), 'test', month, undefined, 300, c.line.id);
    const today = tokyoDate(new Date());
    const quote = (await view(c.token, today)).body.data;
    expect(quote.cancellation).toBeNull();
    expect(quote.quote!.items.some((i) => i.code === 'bill')).toBe(true);
    // A pending plan change dies with the booking.
    await db()
      .insert(planChanges)
      .values({ lineId: c.line.id, fromPlanId: 2, toPlanId: 3, effectiveDate: '2027-01-25' });
    const booked = await postForm<View>(t.app, '/api/line/cancellation', { lastDay: today }, { token: c.token });
    expect(booked.body.data.cancellation).toMatchObject({ status: 'booked', lastDay: today, withdrawable: true });
    expect(booked.body.data.cancellation!.total).toBe(quote.quote!.total);
    const again = await postForm(t.app, '/api/line/cancellation', { lastDay: today }, { token: c.token });
    expect(again.body.data).toMatchObject({ error: 'CANCELLATION_OPEN' });
    const changes = await db().select().from(planChanges).where(eq(planChanges.lineId, c.line.id));
    expect(changes.map((p) => p.status)).toEqual(['cancelled']);

    // The covered bill cannot be paid on its own while the final bill is unpaid.
    const [bill] = await billsOf(c.line.id);
    const alone = await postForm(
      t.app,
      '/api/pay/create',
      { billNo: bill!.billNo, method: 'card', token: await sandboxCardToken(t.app) },
      { token: c.token },
    );
    expect(alone.body.data).toMatchObject({ error: 'FINAL_BILL_COVERS' });

    const chargeNo = booked.body.data.cancellation!.chargeNo!;
    expect((await payCharge(c.token, chargeNo)).body.data.outcome.kind).toBe('paid');
    expect((await view(c.token)).body.data.cancellation).toMatchObject({ chargeStatus: 'paid' });
    // The covered bill is paid, and each month of rent on it is a paid bill of its own.
    const rentMonths = booked.body.data.cancellation!.items.filter((i) => i.code === 'monthly_rent').length;
    const after = await billsOf(c.line.id);
    expect(after).toHaveLength(1 + rentMonths);
    expect(after.every((b) => b.status === 'paid' && b.paidAt)).toBe(true);
  });

  it('60 identical bookings at once book one cancellation with one final bill', async () => {
    const c = await customer('leave-60');
    await billRun(db(), 'test', tokyoDate(new Date()).slice(0, 7), undefined, 300, c.line.id);
    const lastDay = tokyoDate(new Date());
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => postForm(t.app, '/api/line/cancellation', { lastDay }, { token: c.token })),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    const refusals = new Set(answers.filter((a) => a.body.code !== 1).map((a) => JSON.stringify(a.body.data)));
    expect([...refusals]).toEqual([JSON.stringify({ error: 'CANCELLATION_OPEN' })]);
    const rows = await db().select().from(lineCancellations).where(eq(lineCancellations.lineId, c.line.id));
    expect(rows).toHaveLength(1);
    const finals = await db().select().from(charges).where(eq(charges.lineId, c.line.id));
    expect(finals).toHaveLength(1);
    const events = await db().select().from(lineEvents).where(eq(lineEvents.lineId, c.line.id));
    expect(events.filter((e) => e.reason === 'cancellation_booked')).toHaveLength(1);
  });

  it('staff book and withdraw for the customer, audited; a withdrawal after paying moves no money', async () => {
    const c = await customer('leave-staff');
    const staff = await signInStaff(t.app, 'support');
    const lastDay = tokyoDate(new Date());
    const booked = await staff.call<{ cancellation: { chargeNo: string | null } }>(
      'POST',
      `/api/admin/customers/${c.id}/cancellation`,
      { lastDay },
    );
    expect(booked.body.code).toBe(1);
    const chargeNo = booked.body.data.cancellation.chargeNo;
    if (chargeNo) expect((await payCharge(c.token, chargeNo)).body.data.outcome.kind).toBe('paid');
    const paidBills = (await billsOf(c.line.id)).map((b) => [b.billNo, b.status]);
    const withdrawn = await staff.call('POST', `/api/admin/customers/${c.id}/cancellation/withdraw`, {});
    expect(withdrawn.body.data).toMatchObject({ lineStatus: 'active', cancellation: null });
    if (chargeNo) {
      const [charge] = await db().select().from(charges).where(eq(charges.chargeNo, chargeNo));
      expect(charge!.status).toBe('paid');
    }
    expect((await billsOf(c.line.id)).map((b) => [b.billNo, b.status])).toEqual(paidBills);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, String(c.id)));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['cancellation-booked', 'cancellation-withdrawn']),
    );
    // Another role may not.
    const money = await signInStaff(t.app, 'finance');
    const refused = await money.call('POST', `/api/admin/customers/${c.id}/cancellation`, { lastDay });
    expect(refused.body.code).not.toBe(1);
  });

  it('staff end the line on its last day (a customer at the airport), never before it', async () => {
    const c = await customer('leave-end-now');
    const staff = await signInStaff(t.app, 'support');
    const today = tokyoDate(new Date());
    const tomorrow = new Date(Date.now() + 86_400_000);
    // Booked for tomorrow: not due yet, so nothing moves.
    await bookCancellation(db(), { lineId: c.line.id, lastDay: tokyoDate(tomorrow), fee: 0, actor: 'customer:test' });
    const early = await staff.call('POST', `/api/admin/customers/${c.id}/cancellation/end-now`, {});
    expect(early.body.data).toEqual({ error: 'CANCELLATION_NOT_DUE' });
    expect((await lineOf(c.line.id)).status).toBe('cancelling');
    await withdrawCancellation(db(), { lineId: c.line.id, actor: 'customer:test', keepNumberFee: 300 });
    // Booked for today: staff end it now; the carrier is told, the customer too.
    await bookCancellation(db(), { lineId: c.line.id, lastDay: today, fee: 0, actor: 'customer:test' });
    const ended = await staff.call<{ lineStatus: string; cancellation: unknown }>(
      'POST',
      `/api/admin/customers/${c.id}/cancellation/end-now`,
      {},
    );
    expect(ended.body.data).toMatchObject({ lineStatus: 'ended' });
    const line = await lineOf(c.line.id);
    expect(line.status).toBe('ended');
    expect(line.endedAt).not.toBeNull();
    const [event] = await db()
      .select()
      .from(lineEvents)
      .where(and(eq(lineEvents.lineId, c.line.id), eq(lineEvents.toStatus, 'ended')));
    expect(event).toMatchObject({ reason: 'cancellation_done', actor: `staff:${staff.login}` });
    const terminated = await db()
      .select()
      .from(carrierRequests)
      .where(and(eq(carrierRequests.iccid, c.line.iccid), eq(carrierRequests.operation, 'terminate')));
    expect(terminated).toHaveLength(1);
    const told = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, c.id), eq(outbox.kind, 'line_ended')));
    expect(told.length).toBeGreaterThan(0);
    // The morning's sweep finds nothing left to do for this line.
    const eventsBefore = await db().select().from(lineEvents).where(eq(lineEvents.lineId, c.line.id));
    await leavingSweep({ db: db(), linePlatform: t.app.linePlatform, log: quiet }, tomorrow);
    expect(await db().select().from(lineEvents).where(eq(lineEvents.lineId, c.line.id))).toHaveLength(
      eventsBefore.length,
    );
  });

  it('a paid final bill leaves the bill run nothing to bill for its months', async () => {
    const c = await customer('leave-run');
    const row = await book(c.line.id, '2026-12-10', tokyo('2026-11-26T10:00:00'));
    const charge = await chargeOf(row.chargeId);
    expect(charge.items!.map((i) => i.month)).toEqual(['2026-12']);
    expect((await payCharge(c.token, charge.chargeNo)).body.data.outcome.kind).toBe('paid');
    const december = await billsOf(c.line.id);
    expect(december).toMatchObject([{ month: '2026-12', status: 'paid', total: charge.total }]);
    await billRun(db(), 'test', '2026-12');
    expect(await billsOf(c.line.id)).toHaveLength(1);
  });

  it('withdraws until the day: the unpaid final bill cancelled, the line back, a skipped month billed', async () => {
    const c = await customer('leave-withdraw');
    const row = await book(c.line.id, '2026-12-20', tokyo('2026-11-27T09:00:00'));
    // December's bill run skips the line: its rent is on the final bill.
    await billRun(db(), 'test', '2026-12');
    expect(await billsOf(c.line.id)).toHaveLength(0);
    await withdrawCancellation(db(), { lineId: c.line.id, actor: 'customer:test' }, tokyo('2026-12-03T12:00:00'));
    expect((await chargeOf(row.chargeId)).status).toBe('cancelled');
    expect((await lineOf(c.line.id)).status).toBe('active');
    expect(await billsOf(c.line.id)).toMatchObject([{ month: '2026-12', status: 'unpaid' }]);
    const [event] = await db()
      .select()
      .from(lineEvents)
      .where(and(eq(lineEvents.lineId, c.line.id), eq(lineEvents.reason, 'cancellation_withdrawn')));
    expect(event).toMatchObject({ fromStatus: 'cancelling', toStatus: 'active' });

    // Booked again (from the app) and withdrawn (from the app).
    const today = tokyoDate(new Date());
    await postForm(t.app, '/api/line/cancellation', { lastDay: today }, { token: c.token });
    const back = await postForm<View>(t.app, '/api/line/cancellation/withdraw', {}, { token: c.token });
    expect(back.body.data).toMatchObject({ lineStatus: 'active', cancellation: null });

    // After the day it is too late.
    await book(c.line.id, '2026-12-20', tokyo('2026-12-01T09:00:00'));
    await expect(
      withdrawCancellation(db(), { lineId: c.line.id, actor: 'customer:test' }, tokyo('2026-12-21T00:00:01')),
    ).rejects.toMatchObject({ key: 'CANCELLATION_NOT_WITHDRAWABLE' });
    expect((await lineOf(c.line.id)).status).toBe('cancelling');
  });

  it('ends the line the day after its last day, once, and its final bill stays payable', async () => {
    const c = await customer('leave-end');
    const row = await book(c.line.id, '2026-12-15', tokyo('2026-11-27T09:00:00'));
    const deps = { db: db(), linePlatform: t.app.linePlatform, log: quiet };
    // Three days before: the reminder, saying the bill is unpaid.
    expect((await leavingSweep(deps, tokyo('2026-12-12T09:00:00'))).reminded).toBeGreaterThan(0);
    const [ending] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, c.id), eq(outbox.kind, 'line_ending'), eq(outbox.channel, 'mail')));
    expect(ending!.body).toContain('最终账单尚未支付');
    // On the day it still runs; just after midnight Tokyo time it ends.
    await leavingSweep(deps, tokyo('2026-12-15T23:59:00'));
    expect((await lineOf(c.line.id)).status).toBe('cancelling');
    await runScheduledTasks(
      { db: db(), usageInbox: createUsageInbox(testConfig()), log: quiet, linePlatform: t.app.linePlatform },
      tokyo('2026-12-16T00:01:00'),
    );
    await leavingSweep(deps, tokyo('2026-12-16T00:02:00'));
    const line = await lineOf(c.line.id);
    expect(line.status).toBe('ended');
    expect(line.endedAt).toEqual(tokyo('2026-12-16T00:01:00'));
    const terminated = await db()
      .select()
      .from(carrierRequests)
      .where(eq(carrierRequests.requestKey, `end:${row.id}`));
    expect(terminated).toMatchObject([{ operation: 'terminate', iccid: line.iccid }]);
    const [done] = await db().select().from(lineCancellations).where(eq(lineCancellations.id, row.id));
    expect(done!.status).toBe('done');
    const ended = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, c.id), eq(outbox.kind, 'line_ended')));
    expect(ended.length).toBeGreaterThan(0);
    expect((await view(c.token)).body.data).toMatchObject({
      lineStatus: 'ended',
      cancellation: { status: 'done', chargeStatus: 'unpaid', withdrawable: false },
    });
    const charge = await chargeOf(row.chargeId);
    expect((await payCharge(c.token, charge.chargeNo)).body.data.outcome.kind).toBe('paid');
  });
});
