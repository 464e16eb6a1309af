import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billRun } from '../../server/billing/billing';
import { bills, carrierRequests, lineEvents, linePauses, lines, outbox, users } from '../../server/db/schema';
import { pauseSweep, type PauseDeps } from '../../server/lifecycle/index';
import { bookPause } from '../../server/lifecycle/pause';
import { importUsage } from '../../server/line/index';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { postForm } from './helpers/requests';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';
import { createUsageInbox } from '../../server/lib/storage/create-storage';
import { runScheduledTasks } from '../../server/jobs/scheduled';

// Issue 31, pause (keep the number), the scheduler's side: started and ended on its Tokyo day
// (faked clock at Tokyo midnight), the paused month billed the keep-number fee, no data alert
// and no plan change while paused, and two servers sweeping at once doing each change once.

/** Tokyo midnight of a day, as the scheduler's clock sees it (2026-12-01 is 2026-11-30T15:00Z). */
const tokyoMidnight = (day: string) => new Date(`${day}T00:00:00+09:00`);

describe.each(backends)('the scheduler and a pause on %s', (backend) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;
  const deps = (): PauseDeps => ({ db: db(), linePlatform: t.app.linePlatform, keepNumberFee: 500 });

  async function customer(name: string) {
    const { token, id } = await signUp(t.app, `${name}-${backend}`);
    seq += 1;
    const tail = `${backend === 'postgres' ? '5' : '6'}${String(seq).padStart(5, '0')}`;
    await activeLine(t.app, token, {
      msisdn: `0808${tail}00`.slice(0, 11),
      iccid: `898110000078${tail}0`,
      planId: '2',
    });
    const [line] = await db().select().from(lines).where(eq(lines.userId, id));
    return { token, id, line: line! };
  }
  const statusOf = async (lineId: number) =>
    (await db().select({ status: lines.status }).from(lines).where(eq(lines.id, lineId)))[0]!.status;
  const kinds = async (userId: number) =>
    (await db().select({ kind: outbox.kind }).from(outbox).where(eq(outbox.userId, userId))).map((r) => r.kind);

  it('pauses on its Tokyo day, bills the keep-number fee, sends no data alert, refuses a plan change, and resumes on its end day', async () => {
    const c = await customer('traveller');
    await db().update(users).set({ mobile: '+819011112222' }).where(eq(users.id, c.id));
    const pause = await bookPause(
      db(),
      c.line.id,
      { start: '2026-12-01', resumeOn: '2027-01-01' },
      'customer:x',
      new Date('2026-11-20T03:00:00Z'),
    );

    // Three days before: told what changes and when.
    await pauseSweep(deps(), new Date('2026-11-28T10:00:00+09:00'));
    expect(await kinds(c.id)).toContain('pause_soon');
    // A minute before Tokyo midnight nothing moves; at midnight (15:00 UTC the day before) it does.
    expect((await pauseSweep(deps(), new Date('2026-11-30T14:59:00Z'))).started).toBe(0);
    expect(await statusOf(c.line.id)).toBe('active');
    expect((await pauseSweep(deps(), new Date('2026-11-30T15:00:00Z'))).started).toBe(1);
    // A second server's sweep (or the next minute's) changes nothing more.
    expect((await pauseSweep(deps(), new Date('2026-11-30T15:01:00Z'))).started).toBe(0);
    expect(await statusOf(c.line.id)).toBe('paused');
    const asked = await db()
      .select()
      .from(carrierRequests)
      .where(eq(carrierRequests.requestKey, `pause:${pause.id}:start`));
    expect(asked).toMatchObject([{ operation: 'suspend', iccid: c.line.iccid }]);
    expect(await kinds(c.id)).toContain('line_paused');
    const events = await db().select().from(lineEvents).where(eq(lineEvents.lineId, c.line.id));
    expect(events.filter((e) => e.reason === 'pause_started')).toMatchObject([
      { actor: 'scheduler', toStatus: 'paused' },
    ]);

    // December's bill: the keep-number fee (KEEP_NUMBER_FEE=500 here), no rent.
    await billRun(db(), 'scheduler', '2026-12', undefined, 500);
    const [bill] = await db()
      .select()
      .from(bills)
      .where(and(eq(bills.lineId, c.line.id), eq(bills.month, '2026-12')));
    expect(bill).toMatchObject({ items: [{ code: 'keep_number', amount: 500 }], subtotal: 500, total: 550 });

    const alerts = await importUsage(
      db(),
      'staff:t',
      `${c.line.msisdn},2026-12-02,${20 * 1024}`,
      new Date('2026-12-03T03:00:00Z'),
    );
    expect(alerts.imported).toBe(1);
    expect((await kinds(c.id)).filter((k) => k.startsWith('data_'))).toEqual([]);
    const change = await postForm(t.app, '/api/user/change_setmeal', { planId: '3' }, { token: c.token });
    expect(change.body.data).toMatchObject({ error: 'LINE_NOT_ACTIVE' });

    expect((await pauseSweep(deps(), tokyoMidnight('2026-12-31'))).resumed).toBe(0);
    expect((await pauseSweep(deps(), tokyoMidnight('2027-01-01'))).resumed).toBe(1);
    expect(await statusOf(c.line.id)).toBe('active');
    const [done] = await db().select().from(linePauses).where(eq(linePauses.id, pause.id));
    expect(done).toMatchObject({ status: 'done', resumeOn: '2027-01-01' });
    expect(await kinds(c.id)).toContain('line_resumed');
    await billRun(db(), 'scheduler', '2027-01', undefined, 500);
    const [january] = await db()
      .select()
      .from(bills)
      .where(and(eq(bills.lineId, c.line.id), eq(bills.month, '2027-01')));
    expect(january!.items).toMatchObject([{ code: 'monthly_rent', amount: 2800 }]);
  });

  it("is the scheduler's work: the minute's run starts a pause on its day and bills the month at KEEP_NUMBER_FEE", async () => {
    const c = await customer('scheduled');
    const pause = await bookPause(
      db(),
      c.line.id,
      { start: '2027-02-01', resumeOn: '2027-03-01' },
      'customer:x',
      new Date('2027-01-10T03:00:00Z'),
    );
    const quiet = { info: () => undefined, error: () => undefined };
    const schedule = {
      db: db(),
      usageInbox: createUsageInbox(testConfig()),
      log: quiet,
      linePlatform: t.app.linePlatform,
      keepNumberFee: 700,
    };
    const ran = await runScheduledTasks(schedule, new Date('2027-02-01T00:05:00+09:00'));
    expect(ran.pauses).toMatchObject({ started: 1 });
    expect(await statusOf(c.line.id)).toBe('paused');
    const [bill] = await db()
      .select()
      .from(bills)
      .where(and(eq(bills.lineId, c.line.id), eq(bills.month, '2027-02')));
    expect(bill!.items).toMatchObject([{ code: 'keep_number', amount: 700 }]);
    expect(pause.startOn).toBe('2027-02-01');
  });

  it('starts and ends a pause once when two servers sweep at the same minute, and never undoes it', async () => {
    const c = await customer('twoservers');
    const pause = await bookPause(
      db(),
      c.line.id,
      { start: '2027-03-01', resumeOn: '2027-04-01' },
      'customer:x',
      new Date('2027-02-10T03:00:00Z'),
    );
    await Promise.all([
      pauseSweep(deps(), tokyoMidnight('2027-03-01')),
      pauseSweep(deps(), tokyoMidnight('2027-03-01')),
    ]);
    expect(await statusOf(c.line.id)).toBe('paused');
    const keys = async () =>
      (await db().select().from(carrierRequests).where(eq(carrierRequests.iccid, c.line.iccid))).map(
        (r) => r.requestKey,
      );
    expect(await keys()).toEqual([`pause:${pause.id}:start`]);
    await Promise.all([
      pauseSweep(deps(), tokyoMidnight('2027-04-01')),
      pauseSweep(deps(), tokyoMidnight('2027-04-01')),
    ]);
    expect(await statusOf(c.line.id)).toBe('active');
    expect((await keys()).sort()).toEqual([`pause:${pause.id}:end`, `pause:${pause.id}:start`]);
    const moves = await db().select().from(lineEvents).where(eq(lineEvents.lineId, c.line.id));
    expect(moves.map((m) => m.reason)).toEqual(['activated', 'pause_started', 'pause_resumed']);
  });
});
