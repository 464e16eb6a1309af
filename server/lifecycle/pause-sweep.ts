import { and, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type { Lang } from '../../contract/api.js';
import { addDays, tokyoDate } from '../../contract/calendar.js';
import { dataFlows } from '../../contract/line-states.js';
import type { Database } from '../db/client.js';
import { auditLog, jobRuns, linePauses, lines } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { lockLine, transitionLine } from '../line/index.js';
import { notify } from '../notifications/index.js';
import { endPause, PAUSE_LINK, type PauseDeps, type PauseRow } from './pause.js';

// The scheduler's side of pauses, asked every minute (server/jobs/scheduled.ts). Every step is
// idempotent: the carrier by its key (pause:<id>:start / :end), the database by the pause's
// status read again under the line's lock, messages by their ref. Two servers running it at
// once do each change once.

/** Days before a change that the customer hears of it (pause_soon). */
export const PAUSE_NOTICE_DAYS = 3;
const NOTICE_HOUR = 10;
const tokyoHour = (now: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', hourCycle: 'h23' }).format(now));

const CHANGE_WORDS: Record<'start' | 'end', Record<Lang, string>> = {
  start: { cn: '开始停机保号', ja: '一時休止します' },
  end: { cn: '恢复使用', ja: '利用を再開します' },
};

export interface PauseSweepResult {
  started: number;
  resumed: number;
  cancelled: number;
  noticed: number;
  failed: number;
}

export async function pauseSweep(deps: PauseDeps, now = new Date()): Promise<PauseSweepResult> {
  const today = tokyoDate(now);
  const result: PauseSweepResult = { started: 0, resumed: 0, cancelled: 0, noticed: 0, failed: 0 };
  const due = await deps.db
    .select()
    .from(linePauses)
    .where(
      or(
        and(eq(linePauses.status, 'booked'), lte(linePauses.startOn, today)),
        and(eq(linePauses.status, 'running'), lte(linePauses.resumeOn, today)),
      ),
    );
  for (const pause of due) {
    try {
      if (pause.status === 'booked') {
        const outcome = await startPause(deps, pause, now);
        if (outcome !== 'skipped') result[outcome] += 1;
      } else {
        const outcome = await finishPause(deps, pause, now);
        if (outcome !== 'skipped') result[outcome] += 1;
      }
    } catch {
      // The carrier did not answer: the next minute's sweep asks again with the same key.
      result.failed += 1;
    }
  }
  // Notices once a day from 10:00 Tokyo time (not every minute, not at night): the window of
  // PAUSE_NOTICE_DAYS days means a day missed is caught up the next, each change told once (its ref).
  if (tokyoHour(now) >= NOTICE_HOUR) {
    const [first] = await deps.db
      .insert(jobRuns)
      .values({ task: 'pause-soon', period: today })
      .onConflictDoNothing()
      .returning({ task: jobRuns.task });
    if (first) result.noticed = await noticeSoon(deps.db, today);
  }
  return result;
}

/** On its first day: the carrier suspends the SIM, then the line moves active → paused. */
async function startPause(deps: PauseDeps, pause: PauseRow, now: Date): Promise<'started' | 'cancelled' | 'skipped'> {
  const [line] = await deps.db.select().from(lines).where(eq(lines.id, pause.lineId));
  if (line?.status !== 'active') return cancelUnstartable(deps.db, pause, now);
  await deps.linePlatform.suspend({ key: `pause:${pause.id}:start`, iccid: line.iccid, msisdn: line.msisdn });
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockLine(tx, pause.lineId);
    const [still] = await tx.select().from(linePauses).where(eq(linePauses.id, pause.id));
    // Another server's sweep started it a moment ago: the same carrier key, nothing more to do.
    if (still?.status === 'running') return 'already';
    if (still?.status !== 'booked' || locked.status !== 'active') return dataFlows(locked.status) ? 'undo' : 'refused';
    await tx.update(linePauses).set({ status: 'running' }).where(eq(linePauses.id, pause.id));
    await transitionLine(tx, pause.lineId, { to: 'paused', reason: 'pause_started', actor: 'scheduler' }, now);
    await notify(tx, {
      userId: locked.userId,
      kind: 'line_paused',
      ref: `pause:${pause.id}:started`,
      link: PAUSE_LINK,
      params: { resume: pause.resumeOn },
    });
    return 'started';
  });
  if (outcome === 'started') return 'started';
  if (outcome === 'already') return 'skipped';
  // Something else moved the line between the carrier's answer and the lock: a line that should
  // have data gets it back; a lost or stopped one stays off at the carrier.
  if (outcome === 'undo')
    await deps.linePlatform.resume({ key: `pause:${pause.id}:undo`, iccid: line.iccid, msisdn: line.msisdn });
  return cancelUnstartable(deps.db, pause, now);
}

/**
 * A booked pause whose line is not active on its day (lost, suspended by staff, cancelling) is
 * cancelled: nothing to keep paused. The line's history has no move for it, so the reason is
 * kept in the audit trail staff read, and the pause page shows no open pause any more.
 */
async function cancelUnstartable(db: Database, pause: PauseRow, now: Date): Promise<'cancelled' | 'skipped'> {
  return db.transaction(async (tx) => {
    const locked = await lockLine(tx, pause.lineId);
    const [row] = await tx
      .update(linePauses)
      .set({ status: 'cancelled', endedAt: now })
      .where(and(eq(linePauses.id, pause.id), eq(linePauses.status, 'booked')))
      .returning({ id: linePauses.id });
    if (row)
      await tx.insert(auditLog).values({
        actor: 'scheduler',
        action: 'pause-cancelled',
        target: `line:${pause.lineId}`,
        detail: { pauseId: pause.id, reason: 'line_not_active', lineStatus: locked.status },
      });
    return row ? 'cancelled' : 'skipped';
  });
}

/** On resumeOn: a paused line runs again; a line that left the pause another way just closes it. */
async function finishPause(deps: PauseDeps, pause: PauseRow, now: Date): Promise<'resumed' | 'cancelled' | 'skipped'> {
  const [line] = await deps.db.select().from(lines).where(eq(lines.id, pause.lineId));
  // A cancelling line may still run a pause it was booked from: the carrier must turn its data back on too.
  if (line?.status === 'paused' || line?.status === 'cancelling') {
    try {
      await endPause(deps, pause.lineId, { actor: 'scheduler' }, now);
    } catch (error) {
      // Another server's sweep ended it a moment ago.
      if (error instanceof ApiError && error.key === 'NO_PAUSE') return 'skipped';
      throw error;
    }
    return 'resumed';
  }
  await deps.db
    .update(linePauses)
    .set({ status: 'done', endedAt: now })
    .where(and(eq(linePauses.id, pause.id), eq(linePauses.status, 'running')));
  return 'cancelled';
}

/** pause_soon, once per change (its ref), within PAUSE_NOTICE_DAYS of the start or the end. */
async function noticeSoon(db: Database, today: string): Promise<number> {
  const first = addDays(today, 1);
  const last = addDays(today, PAUSE_NOTICE_DAYS);
  const soon = await db
    .select({ pause: linePauses, userId: lines.userId })
    .from(linePauses)
    .innerJoin(lines, eq(lines.id, linePauses.lineId))
    .where(
      or(
        and(eq(linePauses.status, 'booked'), gte(linePauses.startOn, first), lte(linePauses.startOn, last)),
        and(
          inArray(linePauses.status, ['booked', 'running']),
          gte(linePauses.resumeOn, first),
          lte(linePauses.resumeOn, last),
        ),
      ),
    );
  let queued = 0;
  for (const { pause, userId } of soon) {
    const changes: ('start' | 'end')[] = [];
    if (pause.status === 'booked' && pause.startOn >= first && pause.startOn <= last) changes.push('start');
    if (pause.resumeOn >= first && pause.resumeOn <= last) changes.push('end');
    for (const change of changes) {
      const ids = await notify(db, {
        userId,
        kind: 'pause_soon',
        ref: `pause:${pause.id}:${change}`,
        link: PAUSE_LINK,
        params: { date: change === 'start' ? pause.startOn : pause.resumeOn },
        localized: { change: CHANGE_WORDS[change] },
      });
      queued += ids.length;
    }
  }
  return queued;
}
