import { count, desc, eq } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import { canTransition, isLineState, type LineState } from '../../contract/line-states.js';
import type { AdminLine } from '../../contract/pause-views.js';
import { lineEvents, lines } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { lockLine, transitionLine } from '../line/index.js';
import { currentCancellation } from './cancellation.js';
import { staffHistory } from './history.js';
import { bookPause, cancelPause, endPause, openPause, pauseInfo, pauseOptions, type PauseDeps } from './pause.js';

// The console's line panel (customer page, permission `customers`): the line's state and
// history, and what staff may do from this state. Staff's stop and its undo call the carrier
// first; the route audits every action, refused ones too.

export type LineAction = NonNullable<AdminLine['line']>['actions'][number];
export interface StaffMover {
  id: number;
  login: string;
}

async function customerLineRow(deps: PauseDeps, userId: number) {
  const [line] = await deps.db
    .select()
    .from(lines)
    .where(eq(lines.userId, userId))
    .orderBy(desc(lines.activatedAt), desc(lines.id))
    .limit(1);
  return line;
}

export async function adminLine(deps: PauseDeps, userId: number, now = new Date()): Promise<AdminLine> {
  const line = await customerLineRow(deps, userId);
  if (!line) return { line: null };
  const today = tokyoDate(now);
  const status: LineState = isLineState(line.status) ? line.status : 'active';
  const open = await openPause(deps.db, line.id);
  const actions: LineAction[] = [];
  if (canTransition(status, 'suspended')) actions.push('suspend');
  if (status === 'suspended') actions.push('resume');
  if (status === 'active' && !open) actions.push('book_pause');
  if (open?.status === 'booked' && open.startOn > today) actions.push('cancel_pause');
  if (open?.status === 'running' && (status === 'paused' || status === 'cancelling')) actions.push('end_pause');
  return {
    line: {
      id: line.id,
      msisdn: line.msisdn,
      status,
      events: await staffHistory(deps.db, line.id),
      pause: open ? pauseInfo(open) : null,
      pauseOptions: actions.includes('book_pause') ? pauseOptions(today) : [],
      actions,
    },
  };
}

/**
 * Staff's stop (staff_suspend) or its undo (staff_resume): refused before the carrier is asked
 * when the state machine does not allow it; the carrier's key counts the line's moves so far,
 * so the same click sent twice asks the carrier once and the second move is refused.
 */
async function staffMove(deps: PauseDeps, lineId: number, by: StaffMover, to: 'suspended' | 'active', now: Date) {
  const [line] = await deps.db.select().from(lines).where(eq(lines.id, lineId));
  if (!line) throw new ApiError('NO_LINE');
  const allowed = to === 'suspended' ? canTransition(line.status, 'suspended') : line.status === 'suspended';
  if (!allowed) throw new ApiError('LINE_STATE_REFUSED', 200, undefined, { from: line.status, to });
  const [moves] = await deps.db.select({ n: count() }).from(lineEvents).where(eq(lineEvents.lineId, lineId));
  const key = `staff:${lineId}:${to === 'suspended' ? 'suspend' : 'resume'}:${moves?.n ?? 0}`;
  const sim = { key, iccid: line.iccid, msisdn: line.msisdn };
  try {
    await (to === 'suspended' ? deps.linePlatform.suspend(sim) : deps.linePlatform.resume(sim));
  } catch {
    throw new ApiError('CARRIER_UNAVAILABLE');
  }
  await deps.db.transaction(async (tx) => {
    const locked = await lockLine(tx, lineId);
    if (to === 'active' && locked.status !== 'suspended')
      throw new ApiError('LINE_STATE_REFUSED', 200, undefined, { from: locked.status, to });
    // A line with a booked cancellation resumes to 'cancelling': back to 'active' it would keep a
    // cancellation the sweep could never end, and the customer could not withdraw it cleanly.
    const booked = to === 'active' && (await currentCancellation(tx, lineId))?.status === 'booked';
    await transitionLine(
      tx,
      lineId,
      {
        to: booked ? 'cancelling' : to,
        reason: to === 'suspended' ? 'staff_suspend' : 'staff_resume',
        actor: `staff:${by.login}`,
        staffId: by.id,
      },
      now,
    );
  });
}

/** One staff action on the customer's line; the caller audits it. */
export async function lineAction(
  deps: PauseDeps,
  userId: number,
  by: StaffMover,
  ask: { action: LineAction; start?: string | undefined; resumeOn?: string | undefined },
  now = new Date(),
): Promise<{ lineId: number; detail: Record<string, unknown> }> {
  const line = await customerLineRow(deps, userId);
  if (!line) throw new ApiError('NO_LINE');
  const actor = `staff:${by.login}`;
  switch (ask.action) {
    case 'suspend':
    case 'resume':
      await staffMove(deps, line.id, by, ask.action === 'suspend' ? 'suspended' : 'active', now);
      return { lineId: line.id, detail: { from: line.status } };
    case 'book_pause': {
      if (!ask.start) throw new ApiError('PAUSE_START_INVALID');
      const row = await bookPause(deps.db, line.id, { start: ask.start, resumeOn: ask.resumeOn }, actor, now);
      return { lineId: line.id, detail: { pauseId: row.id, startOn: row.startOn, resumeOn: row.resumeOn } };
    }
    case 'cancel_pause': {
      const row = await cancelPause(deps.db, line.id, now);
      return { lineId: line.id, detail: { pauseId: row.id } };
    }
    case 'end_pause': {
      const row = await endPause(deps, line.id, { actor, staffId: by.id }, now);
      return { lineId: line.id, detail: { pauseId: row.id, resumeOn: row.resumeOn } };
    }
  }
}
