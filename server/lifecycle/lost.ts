import { and, count, eq } from 'drizzle-orm';
import { canTransition } from '../../contract/line-states.js';
import type { Database } from '../db/client.js';
import { lineCancellations, lineEvents, linePauses } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { CarrierUnavailableError, lockLine, transitionLine, type LinePlatform, type LineRow } from '../line/index.js';
import { notify } from '../notifications/index.js';
import { auditReplacement, type Actor } from './lost-common.js';

// A SIM reported lost or stolen (docs/lost-sim.md): the carrier stops it first, then the line
// moves to `lost` in one transaction with what that ends (a running pause, a booked one) and
// the customer's message. The carrier is never called inside a transaction (PGlite has one
// connection); its idempotency key is the same for every request of one report, so a retry,
// 60 taps at once or two servers reach the carrier once and record one event.

/** The lost reports this line has had: the next report's number, part of its carrier key. */
async function reportsSoFar(db: Database, lineId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lineEvents)
    .where(and(eq(lineEvents.lineId, lineId), eq(lineEvents.toStatus, 'lost')));
  return row?.n ?? 0;
}

/**
 * Stops the line's SIM at once. A line already lost answers as it is (nothing asked of the
 * carrier again); a line that cannot be lost (ended, ported) is refused with LINE_STATE_REFUSED;
 * the carrier down answers CARRIER_UNAVAILABLE and nothing changes.
 */
export async function reportLost(
  deps: { db: Database; linePlatform: LinePlatform },
  line: LineRow,
  by: Actor,
  now = new Date(),
): Promise<LineRow> {
  const { db } = deps;
  if (line.status === 'lost') return line;
  if (!canTransition(line.status, 'lost'))
    throw new ApiError('LINE_STATE_REFUSED', 200, undefined, { from: line.status, to: 'lost' });
  const report = (await reportsSoFar(db, line.id)) + 1;
  try {
    await deps.linePlatform.suspend({ key: `lost:${line.id}:${report}`, iccid: line.iccid, msisdn: line.msisdn });
  } catch (error) {
    if (error instanceof CarrierUnavailableError) throw new ApiError('CARRIER_UNAVAILABLE');
    throw error;
  }
  return db.transaction(async (tx) => {
    const locked = await lockLine(tx, line.id);
    // Another request of the same report got here first: its event is the one.
    if (locked.status === 'lost') return locked;
    const moved = await transitionLine(
      tx,
      line.id,
      { to: 'lost', reason: 'reported_lost', actor: by.actor, staffId: by.staffId },
      now,
    );
    // A running pause ends with the report (the line stays stopped, now as lost); a booked one
    // could no longer start (lost → paused is refused), so it is cancelled.
    await tx
      .update(linePauses)
      .set({ status: 'done', endedAt: now })
      .where(and(eq(linePauses.lineId, line.id), eq(linePauses.status, 'running')));
    await tx
      .update(linePauses)
      .set({ status: 'cancelled', endedAt: now })
      .where(and(eq(linePauses.lineId, line.id), eq(linePauses.status, 'booked')));
    // A booked cancellation stays; withdrawing it must return the line to lost, not active.
    await tx
      .update(lineCancellations)
      .set({ fromStatus: 'lost' })
      .where(and(eq(lineCancellations.lineId, line.id), eq(lineCancellations.status, 'booked')));
    await auditReplacement(tx, by, 'line-reported-lost', `line:${line.id}`, { from: locked.status, report }, now);
    await notify(tx, {
      userId: line.userId,
      kind: 'line_lost',
      ref: `lost:${line.id}:${report}`,
      params: {},
      link: '/pages/user/lost',
    });
    return moved;
  });
}
