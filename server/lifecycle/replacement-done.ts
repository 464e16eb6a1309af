import { and, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import { isFinal } from '../../contract/line-states.js';
import type { Database } from '../db/client.js';
import { lineCancellations, lineEvents, lines, simReplacements } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { CarrierUnavailableError, lockLine, transitionLine, type LinePlatform } from '../line/index.js';
import { notify } from '../notifications/index.js';
import { auditReplacement, isUniqueViolation, type Actor, type ReplacementRow, type Tx } from './lost-common.js';

// The last step of every replacement: the number on the new SIM at the carrier, then the line
// back from lost in one transaction with the replacement done and the customer told.

/**
 * ICCID_IN_USE when a line holds it, or it was ever a replaced (lost) SIM: an old SIM is never
 * accepted again, for this line or any other (staff's activation asks the same: iccidRetired).
 */
export async function checkNewIccid(db: Database, iccid: string, lineId: number): Promise<void> {
  const [held] = await db.select({ id: lines.id }).from(lines).where(eq(lines.iccid, iccid)).limit(1);
  if (held && held.id !== lineId) throw new ApiError('ICCID_IN_USE', 200, { iccid: 'ICCID_IN_USE' });
  if (await iccidRetired(db, iccid)) throw new ApiError('ICCID_IN_USE', 200, { iccid: 'ICCID_IN_USE' });
}

/** Whether this ICCID was a SIM replaced after a loss (never to be activated again). */
export async function iccidRetired(db: Database, iccid: string): Promise<boolean> {
  const [old] = await db
    .select({ id: simReplacements.id })
    .from(simReplacements)
    .where(and(eq(simReplacements.oldIccid, iccid), ne(simReplacements.status, 'cancelled')))
    .limit(1);
  return Boolean(old);
}

/**
 * Where the line stood before it was reported lost (the latest 'reported_lost' event's from
 * status): a new SIM must not undo staff's suspension. A report made while cancelling looks one
 * step further back, to the state the cancellation was booked from.
 */
export async function statusBeforeLost(db: Database | Tx, lineId: number): Promise<'active' | 'suspended'> {
  const [report] = await db
    .select({ id: lineEvents.id, from: lineEvents.fromStatus })
    .from(lineEvents)
    .where(and(eq(lineEvents.lineId, lineId), eq(lineEvents.reason, 'reported_lost')))
    .orderBy(desc(lineEvents.id))
    .limit(1);
  let from = report?.from ?? 'active';
  if (from === 'cancelling' && report) {
    const [booked] = await db
      .select({ from: lineEvents.fromStatus })
      .from(lineEvents)
      .where(and(eq(lineEvents.lineId, lineId), eq(lineEvents.toStatus, 'cancelling'), lt(lineEvents.id, report.id)))
      .orderBy(desc(lineEvents.id))
      .limit(1);
    from = booked?.from ?? 'active';
  }
  return from === 'suspended' ? 'suspended' : 'active';
}

/**
 * Finishes a replacement on `newIccid`. A physical SIM: the carrier swaps the number onto it
 * (the old SIM never works again) and the line takes it; an eSIM: the reissue already did both.
 * Then the carrier resumes the line, unless staff had suspended it before the report, and the
 * line leaves lost for the state it was in (cancelling when a cancellation is booked, so it still
 * ends on its day). An ended or ported line is refused before the carrier hears of it (its number
 * may be someone else's by now). CARRIER_UNAVAILABLE changes nothing.
 */
export async function completeReplacement(
  deps: { db: Database; linePlatform: LinePlatform },
  row: ReplacementRow,
  newIccid: string,
  by: Actor,
  now = new Date(),
): Promise<ReplacementRow> {
  const { db } = deps;
  const [line] = await db.select().from(lines).where(eq(lines.id, row.lineId));
  if (!line) throw new ApiError('NO_LINE');
  if (isFinal(line.status))
    throw new ApiError('LINE_STATE_REFUSED', 200, undefined, { from: line.status, to: 'active' });
  const back = await statusBeforeLost(db, line.id);
  const physical = row.kind !== 'esim';
  if (physical) await checkNewIccid(db, newIccid, line.id);
  try {
    if (physical)
      await deps.linePlatform.swapSim({
        key: `replace:${row.replacementNo}:swap`,
        msisdn: line.msisdn,
        oldIccid: row.oldIccid,
        newIccid,
      });
    // A suspended line gets its new SIM but stays stopped: only staff's resume starts it.
    if (back !== 'suspended')
      await deps.linePlatform.resume({
        key: `replace:${row.replacementNo}:resume`,
        iccid: newIccid,
        msisdn: line.msisdn,
      });
  } catch (error) {
    if (error instanceof CarrierUnavailableError) throw new ApiError('CARRIER_UNAVAILABLE');
    throw error;
  }
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockLine(tx, line.id);
      const [current] = await tx.select().from(simReplacements).where(eq(simReplacements.id, row.id)).for('update');
      if (!current || current.status === 'done') return current!;
      if (isFinal(locked.status) || current.status === 'cancelled')
        throw new ApiError('LINE_STATE_REFUSED', 200, undefined, { from: locked.status, to: 'active' });
      if (physical) await tx.update(lines).set({ iccid: newIccid }).where(eq(lines.id, line.id));
      const [booked] = await tx
        .select({ id: lineCancellations.id })
        .from(lineCancellations)
        .where(and(eq(lineCancellations.lineId, line.id), inArray(lineCancellations.status, ['booked'])));
      if (locked.status === 'lost') {
        const to = booked ? 'cancelling' : back;
        await transitionLine(tx, line.id, { to, reason: 'sim_replaced', actor: by.actor, staffId: by.staffId }, now);
        if (booked)
          await tx.update(lineCancellations).set({ fromStatus: back }).where(eq(lineCancellations.id, booked.id));
      }
      const [done] = await tx
        .update(simReplacements)
        .set({ status: 'done', newIccid, doneAt: now })
        .where(eq(simReplacements.id, row.id))
        .returning();
      await auditReplacement(
        tx,
        by,
        'replacement-done',
        row.replacementNo,
        { lineId: line.id, oldIccid: row.oldIccid, newIccid },
        now,
      );
      await notify(tx, {
        userId: line.userId,
        kind: 'sim_replaced',
        ref: row.replacementNo,
        params: {},
        link: '/pages/user/lost',
      });
      return done!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'lines_iccid_key')) throw new ApiError('ICCID_IN_USE', 200, { iccid: 'ICCID_IN_USE' });
    throw error;
  }
}
