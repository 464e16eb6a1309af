import { and, desc, eq, inArray } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import { checkPause, pauseResumeOptions, pauseStartOptions } from '../../contract/lifecycle-rules.js';
import { isLineState, type LineState } from '../../contract/line-states.js';
import type { PauseInfo, PauseView } from '../../contract/pause-views.js';
import { withTax } from '../../contract/pricing.js';
import type { Database } from '../db/client.js';
import { linePauses, lines, plans } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { lockLine, transitionLine, type LinePlatform, type LineRow } from '../line/index.js';
import { notify } from '../notifications/index.js';

// Keep-number pauses (issue 31, docs/line-states.md#pause): booked by the customer (or staff for
// them) from the 1st of a coming month, started and ended by pauseSweep on their days, or ended
// early on request. One open pause per line (line_pauses_open_key) and the line's row lock make
// 60 identical requests book one. The carrier is never called inside a transaction.

export interface PauseDeps {
  db: Database;
  linePlatform: LinePlatform;
  /** KEEP_NUMBER_FEE, yen before tax. */
  keepNumberFee: number;
}

export type PauseRow = typeof linePauses.$inferSelect;
export const PAUSE_LINK = '/pages/user/pause';

/** The customer's line (the newest one) with its plan; NO_LINE without one. */
export async function customerLine(db: Database, userId: number) {
  const [row] = await db
    .select({ line: lines, plan: plans })
    .from(lines)
    .innerJoin(plans, eq(plans.id, lines.planId))
    .where(eq(lines.userId, userId))
    .orderBy(desc(lines.activatedAt), desc(lines.id))
    .limit(1);
  if (!row) throw new ApiError('NO_LINE');
  return row;
}

/** The line's booked or running pause, if any. */
export async function openPause(db: Database, lineId: number): Promise<PauseRow | undefined> {
  const [row] = await db
    .select()
    .from(linePauses)
    .where(and(eq(linePauses.lineId, lineId), inArray(linePauses.status, ['booked', 'running'])))
    .limit(1);
  return row;
}

export const pauseInfo = (row: PauseRow): PauseInfo => ({
  id: row.id,
  status: row.status as PauseInfo['status'],
  startOn: row.startOn,
  resumeOn: row.resumeOn,
});

/** Every start a pause booked today may take, with the ends each allows. */
export const pauseOptions = (today: string) =>
  pauseStartOptions(today).map((start) => ({ start, resumeOptions: pauseResumeOptions(start) }));

const stateOf = (status: string): LineState => (isLineState(status) ? status : 'active');

export async function pauseView(deps: PauseDeps, userId: number, now = new Date()): Promise<PauseView> {
  const { line, plan } = await customerLine(deps.db, userId);
  const open = await openPause(deps.db, line.id);
  const canBook = line.status === 'active' && !open;
  return {
    lineStatus: stateOf(line.status),
    canBook,
    options: canBook ? pauseOptions(tokyoDate(now)) : [],
    keepNumberFee: withTax(deps.keepNumberFee),
    monthlyRent: withTax(plan.monthlyRent),
    pause: open ? pauseInfo(open) : null,
  };
}

/**
 * Books a pause on an active line: checkPause's rules (LINE_NOT_ACTIVE, PAUSE_OPEN otherwise),
 * with the customer's `pause_booked` message in the same transaction.
 */
export async function bookPause(
  db: Database,
  lineId: number,
  ask: { start: string; resumeOn?: string | undefined },
  requestedBy: string,
  now = new Date(),
): Promise<PauseRow> {
  const checked = checkPause(tokyoDate(now), ask.start, ask.resumeOn ?? null);
  if (!checked.ok) throw new ApiError(checked.error);
  return db.transaction(async (tx) => {
    const line = await lockLine(tx, lineId);
    if (line.status !== 'active') throw new ApiError('LINE_NOT_ACTIVE');
    if (await openPause(tx, lineId)) throw new ApiError('PAUSE_OPEN');
    const [row] = await tx
      .insert(linePauses)
      .values({ lineId, startOn: checked.start, resumeOn: checked.resumeOn, requestedBy })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ApiError('PAUSE_OPEN');
    await notify(tx, {
      userId: line.userId,
      kind: 'pause_booked',
      ref: `pause:${row.id}`,
      link: PAUSE_LINK,
      params: { start: row.startOn, resume: row.resumeOn },
    });
    return row;
  });
}

/** Cancels a booked pause before its first day (NO_PAUSE when there is none to cancel). */
export async function cancelPause(db: Database, lineId: number, now = new Date()): Promise<PauseRow> {
  const today = tokyoDate(now);
  return db.transaction(async (tx) => {
    await lockLine(tx, lineId);
    const open = await openPause(tx, lineId);
    if (!open || open.status !== 'booked' || open.startOn <= today) throw new ApiError('NO_PAUSE');
    const [row] = await tx
      .update(linePauses)
      .set({ status: 'cancelled', endedAt: now })
      .where(eq(linePauses.id, open.id))
      .returning();
    return row!;
  });
}

const carrierCall = async (call: () => Promise<void>) => {
  try {
    await call();
  } catch {
    throw new ApiError('CARRIER_UNAVAILABLE');
  }
};

const simOf = (line: LineRow) => ({ iccid: line.iccid, msisdn: line.msisdn });

/**
 * Ends a running pause now (the customer's "resume now", staff's, or the sweep on resumeOn):
 * the carrier resumes the SIM first (key pause:<id>:end, the same whoever asks, so a retry or a
 * second server does it once), then a paused line moves to active (a cancelling one stays
 * cancelling) and the pause is done with
 * resumeOn = today. CARRIER_UNAVAILABLE and nothing changes when the carrier does not answer.
 */
export async function endPause(
  deps: PauseDeps,
  lineId: number,
  actor: { actor: string; staffId?: number | undefined },
  now = new Date(),
): Promise<PauseRow> {
  const open = await openPause(deps.db, lineId);
  if (!open || open.status !== 'running') throw new ApiError('NO_PAUSE');
  const [line] = await deps.db.select().from(lines).where(eq(lines.id, lineId));
  // A paused line booked for cancellation is 'cancelling' with its pause still running: the
  // customer may still want data until the last day, so its pause ends the same way.
  if (line?.status !== 'paused' && line?.status !== 'cancelling') throw new ApiError('LINE_STATE_REFUSED');
  await carrierCall(() => deps.linePlatform.resume({ key: `pause:${open.id}:end`, ...simOf(line) }));
  const today = tokyoDate(now);
  return deps.db.transaction(async (tx) => {
    const locked = await lockLine(tx, lineId);
    const [still] = await tx.select().from(linePauses).where(eq(linePauses.id, open.id));
    if (still?.status !== 'running') throw new ApiError('NO_PAUSE');
    if (locked.status === 'paused')
      await transitionLine(tx, lineId, { ...actor, to: 'active', reason: 'pause_resumed' }, now);
    const resumeOn = today < still.resumeOn ? today : still.resumeOn;
    const [row] = await tx
      .update(linePauses)
      .set({ status: 'done', resumeOn, endedAt: now })
      .where(eq(linePauses.id, open.id))
      .returning();
    await notify(tx, {
      userId: locked.userId,
      kind: 'line_resumed',
      ref: `pause:${open.id}:resumed`,
      link: '/pages/user/taocan',
      params: {},
    });
    return row!;
  });
}
