import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTax } from '../../contract/pricing';
import { billRun } from '../../server/billing/index';
import { bills, carrierRequests, charges, linePauses, lines, outbox } from '../../server/db/schema';
import { bookCancellation, pauseSweep, withdrawCancellation, type PauseDeps } from '../../server/lifecycle/index';
import { bookPause } from '../../server/lifecycle/pause';
import { dataFlowsNow, importUsage } from '../../server/line/index';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { postForm } from './helpers/requests';
import { sandboxCardToken } from './helpers/sandbox-card';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 31, a running keep-number pause meeting a cancellation: the final bill prices a paused
// month at the keep-number fee, the pause may still end (by the customer or on its day) with the
// carrier turning the data back on, and no data is said to flow while the pause runs.

const tokyo = (local: string) => new Date(`${local}+09:00`);
const KEEP = 500;

describe.each(backends)('a running pause and a cancellation on %s', (backend) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;
  const deps = (): PauseDeps => ({ db: db(), linePlatform: t.app.linePlatform, keepNumberFee: KEEP });

  /** A customer whose line is paused from 1 December until `resumeOn`, then booked to end on 20 January. */
  async function pausedThenCancelling(name: string, resumeOn: string) {
    const { token, id } = await signUp(t.app, `${name}-${backend}`);
    seq += 1;
    const n = `${backend === 'postgres' ? 5 : 6}${String(seq).padStart(5, '0')}`;
    const { line } = await activeLine(t.app, token, { msisdn: `0807${n}0`, iccid: `8981179${n}000000`, planId: '2' });
    const pause = await bookPause(db(), line.id, { start: '2026-12-01', resumeOn }, 'customer:test');
    await pauseSweep(deps(), tokyo('2026-12-01T09:00'));
    const booked = await bookCancellation(
      db(),
      { lineId: line.id, lastDay: '2027-01-20', fee: 0, keepNumberFee: KEEP, actor: 'customer:test' },
      tokyo('2026-12-05T10:00'),
    );
    return { token, id, line, pause, booked };
  }
  const lineOf = async (id: number) => (await db().select().from(lines).where(eq(lines.id, id)))[0]!;
  const pauseOf = async (id: number) => (await db().select().from(linePauses).where(eq(linePauses.id, id)))[0]!;
  const resumeKeys = async (msisdn: string) =>
    (await db().select().from(carrierRequests).where(eq(carrierRequests.msisdn, msisdn)))
      .filter((r) => r.operation === 'resume')
      .map((r) => r.requestKey);

  it('prices a month the pause covers at the keep-number fee, and paying it bills that month once', async () => {
    const c = await pausedThenCancelling('pc-bill', '2027-02-01');
    const [finalBill] = await db().select().from(charges).where(eq(charges.id, c.booked.chargeId!));
    expect(finalBill!.items).toEqual([{ code: 'keep_number', month: '2027-01', amount: KEEP }]);
    expect(finalBill!.total).toBe(withTax(KEEP));
    const paid = await postForm<{ outcome: { kind: string } }>(
      t.app,
      '/api/pay/create',
      { chargeNo: finalBill!.chargeNo, method: 'card', token: await sandboxCardToken(t.app) },
      { token: c.token },
    );
    expect(paid.body.data.outcome.kind).toBe('paid');
    const [january] = await db().select().from(bills).where(eq(bills.lineId, c.line.id));
    expect([january!.month, january!.items, january!.status]).toEqual([
      '2027-01',
      [{ code: 'keep_number', planId: 2, amount: KEEP }],
      'paid',
    ]);
    // The bill run leaves January to the final bill.
    expect((await billRun(db(), 'test', '2027-01', undefined, KEEP, c.line.id)).created).toBe(0);
  });

  it('lets the customer resume a cancelling line: the carrier turns data on, the line stays cancelling', async () => {
    const c = await pausedThenCancelling('pc-resume', '2027-02-01');
    expect(await dataFlowsNow(db(), await lineOf(c.line.id))).toBe(false);
    // Nor is the customer told of data they cannot use: no alert at 100 % while the pause runs.
    await importUsage(db(), 'test', `${c.line.msisdn},2026-12-10,${30 * 1024}`, tokyo('2026-12-10T12:00'));
    const alerts = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, c.id), inArray(outbox.kind, ['data_80', 'data_100'])));
    expect(alerts).toEqual([]);
    // No data is sold while the SIM is off at the carrier, cancelling or not.
    const refused = await postForm(t.app, '/api/line/topups', { addonId: '1gb' }, { token: c.token });
    expect(refused.body.data).toEqual({ error: 'TOPUP_NOT_AVAILABLE' });
    const resumed = await postForm(t.app, '/api/line/resume', {}, { token: c.token });
    expect(resumed.body.code).toBe(1);
    expect((await lineOf(c.line.id)).status).toBe('cancelling');
    expect((await pauseOf(c.pause.id)).status).toBe('done');
    expect(await resumeKeys(c.line.msisdn)).toEqual([`pause:${c.pause.id}:end`]);
    expect(await dataFlowsNow(db(), await lineOf(c.line.id))).toBe(true);
    const bought = await postForm(t.app, '/api/line/topups', { addonId: '1gb' }, { token: c.token });
    expect(bought.body.code).toBe(1);
    await postForm(t.app, '/api/line/topups/cancel', {}, { token: c.token });
    // Withdrawn now, the line goes back to active: the pause it was booked from is over.
    await withdrawCancellation(db(), { lineId: c.line.id, actor: 'customer:test' }, tokyo('2026-12-06T10:00'));
    expect((await lineOf(c.line.id)).status).toBe('active');
  });

  it('a withdrawal while the pause still runs returns the line to paused', async () => {
    const c = await pausedThenCancelling('pc-withdraw', '2027-02-01');
    await withdrawCancellation(db(), { lineId: c.line.id, actor: 'customer:test' }, tokyo('2026-12-06T10:00'));
    expect((await lineOf(c.line.id)).status).toBe('paused');
  });

  it("on the pause's resume day the sweep asks the carrier to resume a cancelling line", async () => {
    const c = await pausedThenCancelling('pc-sweep', '2027-01-01');
    const result = await pauseSweep(deps(), tokyo('2027-01-01T09:00'));
    expect(result.failed).toBe(0);
    expect(await resumeKeys(c.line.msisdn)).toEqual([`pause:${c.pause.id}:end`]);
    expect((await lineOf(c.line.id)).status).toBe('cancelling');
    expect((await pauseOf(c.pause.id)).status).toBe('done');
    const january = await db().select().from(bills).where(eq(bills.lineId, c.line.id));
    expect(january).toHaveLength(0);
  });
});
