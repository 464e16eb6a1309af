import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import { pauseStartOptions } from '../../contract/lifecycle-rules';
import type { LineEventView, PauseView } from '../../contract/pause-views';
import { carrierRequests, lineEvents, linePauses, lines, outbox } from '../../server/db/schema';
import { pauseSweep, type PauseDeps } from '../../server/lifecycle/index';
import { bookPause, endPause } from '../../server/lifecycle/pause';
import { transitionLine } from '../../server/line/index';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 31, pause (keep the number): booked by the customer from the 1st of a coming month,
// started and ended by the scheduler on its Tokyo day, or resumed early; the paused month is
// billed the keep-number fee; a paused line sends no data alert and changes no plan.

/** Tokyo midnight of a day, as the scheduler's clock sees it (2026-12-01 is 2026-11-30T15:00Z). */
const tokyoMidnight = (day: string) => new Date(`${day}T00:00:00+09:00`);

describe.each(backends)('pausing a line on %s', (backend) => {
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
      msisdn: `0807${tail}00`.slice(0, 11),
      iccid: `898110000077${tail}0`,
      planId: '2',
    });
    const [line] = await db().select().from(lines).where(eq(lines.userId, id));
    return { token, id, line: line! };
  }
  const view = (token: string) => getJson<PauseView>(t.app, '/api/line/pause', { token });
  const book = (token: string, form: Record<string, string>) =>
    postForm<PauseView>(t.app, '/api/line/pause', form, { token });
  const statusOf = async (lineId: number) =>
    (await db().select({ status: lines.status }).from(lines).where(eq(lines.id, lineId)))[0]!.status;
  const kinds = async (userId: number) =>
    (await db().select({ kind: outbox.kind }).from(outbox).where(eq(outbox.userId, userId))).map((r) => r.kind);

  it("starts a line's history at activation and refuses a move the machine does not allow, writing nothing", async () => {
    const c = await customer('history');
    const history = await getJson<{ events: LineEventView[] }>(t.app, '/api/line/history', { token: c.token });
    expect(history.body.data.events).toEqual([
      expect.objectContaining({ from: 'new', to: 'active', reason: 'activated', by: 'staff' }),
    ]);
    await expect(
      transitionLine(db(), c.line.id, { to: 'active', reason: 'staff_resume', actor: 'staff:t' }),
    ).rejects.toMatchObject({ key: 'LINE_STATE_REFUSED' });
    expect(await db().select().from(lineEvents).where(eq(lineEvents.lineId, c.line.id))).toHaveLength(1);
    // Two moves at once queue on the line's lock: one wins, the other sees its result and is refused.
    const suspend = () =>
      db().transaction((tx) =>
        transitionLine(tx, c.line.id, { to: 'suspended', reason: 'staff_suspend', actor: 'staff:t' }),
      );
    const both = await Promise.allSettled([suspend(), suspend()]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await statusOf(c.line.id)).toBe('suspended');
    expect(await db().select().from(lineEvents).where(eq(lineEvents.lineId, c.line.id))).toHaveLength(2);
  });

  it('books a pause from next month with its fee against the rent, refuses a second, and cancels it before it starts', async () => {
    const c = await customer('booker');
    const before = await view(c.token);
    const starts = pauseStartOptions(tokyoDate(new Date()));
    expect(before.body.data).toMatchObject({
      lineStatus: 'active',
      canBook: true,
      keepNumberFee: 330,
      monthlyRent: 3080,
    });
    expect(before.body.data.options.map((o) => o.start)).toEqual(starts);
    expect(before.body.data.options[0]!.resumeOptions).toHaveLength(12);

    expect((await book(c.token, { start: tokyoDate(new Date()) })).body.data).toMatchObject({
      error: 'PAUSE_START_INVALID',
    });
    expect((await book(c.token, { start: starts[0]!, resumeOn: starts[0]! })).body.data).toMatchObject({
      error: 'PAUSE_END_INVALID',
    });
    const booked = await book(c.token, { start: starts[0]! });
    expect(booked.body.code).toBe(1);
    // Without an end: the longest pause, twelve months.
    expect(booked.body.data.pause).toMatchObject({
      status: 'booked',
      startOn: starts[0],
      resumeOn: expect.any(String),
    });
    expect(booked.body.data.pause!.resumeOn.slice(0, 4)).toBe(String(Number(starts[0]!.slice(0, 4)) + 1));
    expect(booked.body.data.canBook).toBe(false);
    expect(await kinds(c.id)).toContain('pause_booked');
    expect((await book(c.token, { start: starts[1]! })).body.data).toMatchObject({ error: 'PAUSE_OPEN' });

    const cancelled = await postForm<PauseView>(t.app, '/api/line/pause/cancel', {}, { token: c.token });
    expect(cancelled.body.data).toMatchObject({ pause: null, canBook: true });
    const again = await postForm(t.app, '/api/line/pause/cancel', {}, { token: c.token });
    expect(again.body.data).toMatchObject({ error: 'NO_PAUSE' });
    expect((await postForm(t.app, '/api/line/resume', {}, { token: c.token })).body.data).toMatchObject({
      error: 'NO_PAUSE',
    });
  });

  it('books one pause for 60 identical requests at once, and none on a line not active', async () => {
    const c = await customer('sixty');
    const start = pauseStartOptions(tokyoDate(new Date()))[1]!;
    const answers = await Promise.all(Array.from({ length: 60 }, () => book(c.token, { start })));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(
      new Set(answers.filter((a) => a.body.code !== 1).map((a) => (a.body.data as unknown as { error: string }).error)),
    ).toEqual(new Set(['PAUSE_OPEN']));
    expect(await db().select().from(linePauses).where(eq(linePauses.lineId, c.line.id))).toHaveLength(1);

    const stopped = await customer('stopped');
    await transitionLine(db(), stopped.line.id, { to: 'suspended', reason: 'staff_suspend', actor: 'staff:t' });
    expect((await book(stopped.token, { start })).body.data).toMatchObject({ error: 'LINE_NOT_ACTIVE' });
  });

  it('resumes now on request: the carrier first (nothing changes when it is down), then the line runs again', async () => {
    const c = await customer('homesick');
    const pause = await bookPause(
      db(),
      c.line.id,
      { start: '2026-12-01' },
      'customer:x',
      new Date('2026-11-20T03:00:00Z'),
    );
    await pauseSweep(deps(), tokyoMidnight('2026-12-01'));
    const down: PauseDeps = {
      ...deps(),
      linePlatform: { ...t.app.linePlatform, resume: () => Promise.reject(new Error('timeout')) },
    };
    await expect(
      endPause(down, c.line.id, { actor: `customer:${c.id}` }, tokyoMidnight('2026-12-10')),
    ).rejects.toMatchObject({
      key: 'CARRIER_UNAVAILABLE',
    });
    expect(await statusOf(c.line.id)).toBe('paused');
    const running = await view(c.token);
    expect(running.body.data).toMatchObject({
      lineStatus: 'paused',
      pause: { status: 'running', startOn: '2026-12-01' },
    });
    const resumed = await postForm<PauseView>(t.app, '/api/line/resume', {}, { token: c.token });
    expect(resumed.body.data).toMatchObject({ lineStatus: 'active', pause: null });
    const [row] = await db().select().from(linePauses).where(eq(linePauses.id, pause.id));
    expect(row!.status).toBe('done');
    const history = await getJson<{ events: LineEventView[] }>(t.app, '/api/line/history', { token: c.token });
    // Who, in words' keys: the customer is "you", the scheduler "system" (the clock here is faked, so not by time).
    expect(history.body.data.events.map((e) => [e.reason, e.by])).toEqual(
      expect.arrayContaining([
        ['pause_resumed', 'you'],
        ['pause_started', 'system'],
        ['activated', 'staff'],
      ]),
    );
    expect(history.body.data.events).toHaveLength(3);
  });

  it('cancels a booked pause whose line is not active on its day, and says why in the audit trail', async () => {
    const c = await customer('lostbefore');
    const pause = await bookPause(
      db(),
      c.line.id,
      { start: '2026-12-01' },
      'customer:x',
      new Date('2026-11-20T03:00:00Z'),
    );
    await transitionLine(db(), c.line.id, { to: 'lost', reason: 'reported_lost', actor: `customer:${c.id}` });
    expect((await pauseSweep(deps(), tokyoMidnight('2026-12-01'))).cancelled).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(linePauses).where(eq(linePauses.id, pause.id));
    expect(row!.status).toBe('cancelled');
    expect(await statusOf(c.line.id)).toBe('lost');
    expect(
      await db()
        .select()
        .from(carrierRequests)
        .where(eq(carrierRequests.requestKey, `pause:${pause.id}:start`)),
    ).toEqual([]);
  });
});
