import { closeOpenOnLine } from './lost-close.js';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import { portOutValidUntil } from '../../contract/lifecycle-rules.js';
import { PORT_OUT_STATUSES, type PortOutView } from '../../contract/leave-views.js';
import { canTransition } from '../../contract/line-states.js';
import type { Database } from '../db/client.js';
import { lineCancellations, plans, portOuts } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { notify } from '../notifications/index.js';
import { lockLine, transitionLine, type LineRow, type LinePlatform } from '../line/index.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Tx | Database;
export type PortOutRow = typeof portOuts.$inferSelect;

const OPEN = ['requested', 'issued'];
const PORT_LINK = '/pages/user/cancel';

async function isVoice(db: Db, line: LineRow): Promise<boolean> {
  const [plan] = await db.select({ lineType: plans.lineType }).from(plans).where(eq(plans.id, line.planId)).limit(1);
  return plan?.lineType === 'voice';
}

async function latestPortOut(db: Db, lineId: number): Promise<PortOutRow | null> {
  const [row] = await db.select().from(portOuts).where(eq(portOuts.lineId, lineId)).orderBy(desc(portOuts.id)).limit(1);
  return row ?? null;
}

async function openPortOut(db: Db, lineId: number): Promise<PortOutRow> {
  const [row] = await db
    .select()
    .from(portOuts)
    .where(and(eq(portOuts.lineId, lineId), inArray(portOuts.status, OPEN)))
    .limit(1);
  if (!row) throw new ApiError('NO_PORT_OUT');
  return row;
}

export const portOutOf = (row: PortOutRow | null): PortOutView['portOut'] =>
  row
    ? {
        status: PORT_OUT_STATUSES.find((s) => s === row.status) ?? 'requested',
        reservationNo: row.status === 'issued' || row.status === 'completed' ? row.reservationNo : null,
        validUntil: row.validUntil,
        requestedAt: row.requestedAt.toISOString(),
      }
    : null;

export async function portOutView(db: Database, line: LineRow): Promise<PortOutView> {
  return { voice: await isVoice(db, line), portOut: portOutOf(await latestPortOut(db, line.id)) };
}

/** The customer asks to take the number along: voice lines only, one open request per line. */
export async function requestPortOut(db: Database, lineId: number, now = new Date()): Promise<PortOutRow> {
  return db.transaction(async (tx) => {
    const line = await lockLine(tx, lineId);
    if (!(await isVoice(tx, line))) throw new ApiError('PORT_OUT_VOICE_ONLY');
    if (!canTransition(line.status, 'ported'))
      throw new ApiError('LINE_STATE_REFUSED', 200, undefined, { from: line.status, to: 'ported' });
    const [open] = await tx
      .select({ id: portOuts.id })
      .from(portOuts)
      .where(and(eq(portOuts.lineId, line.id), inArray(portOuts.status, OPEN)))
      .limit(1);
    if (open) throw new ApiError('PORT_OUT_OPEN');
    const [row] = await tx.insert(portOuts).values({ lineId: line.id, requestedAt: now }).returning();
    return row!;
  });
}

export async function cancelPortOut(db: Database, lineId: number): Promise<PortOutRow> {
  return db.transaction(async (tx) => {
    await lockLine(tx, lineId);
    const open = await openPortOut(tx, lineId);
    const [row] = await tx.update(portOuts).set({ status: 'cancelled' }).where(eq(portOuts.id, open.id)).returning();
    return row!;
  });
}

/**
 * Staff issue the reservation number: the carrier first (outside any transaction, key
 * mnp:<portOutId>, so a retry gets the same number), then the row, under the line's lock.
 * The customer is told it is ready, never the number itself.
 */
export async function issuePortOut(
  db: Database,
  platform: LinePlatform,
  input: { lineId: number; staffId: number },
  now = new Date(),
): Promise<PortOutRow> {
  const today = tokyoDate(now);
  // Read outside a transaction (the carrier is called next): the row is checked again under the lock.
  const [line, open] = [await lockLine(db, input.lineId), await openPortOut(db, input.lineId)];
  if (open.status !== 'requested') throw new ApiError('PORT_OUT_OPEN');
  let reservation;
  try {
    reservation = await platform.reserveMnp({ key: `mnp:${open.id}`, msisdn: line.msisdn, today });
  } catch {
    throw new ApiError('CARRIER_UNAVAILABLE');
  }
  const validUntil = portOutValidUntil(today);
  return db.transaction(async (tx) => {
    await lockLine(tx, line.id);
    const [row] = await tx
      .update(portOuts)
      .set({
        status: 'issued',
        reservationNo: reservation.reservationNo,
        validUntil,
        issuedAt: now,
        issuedBy: input.staffId,
      })
      .where(and(eq(portOuts.id, open.id), eq(portOuts.status, 'requested')))
      .returning();
    if (!row) throw new ApiError('NO_PORT_OUT');
    await notify(tx, {
      userId: line.userId,
      kind: 'port_out_issued',
      ref: `port-out:${row.id}`,
      link: PORT_LINK,
      params: { validUntil },
    });
    return row;
  });
}

/** The new carrier took the number: the line is ported (final) and a booked cancellation is closed. */
export async function completePortOut(
  db: Database,
  input: { lineId: number; actor: string; staffId: number },
  now = new Date(),
): Promise<PortOutRow> {
  return db.transaction(async (tx) => {
    const line = await lockLine(tx, input.lineId);
    const open = await openPortOut(tx, line.id);
    if (open.status !== 'issued') throw new ApiError('NO_PORT_OUT');
    const [row] = await tx
      .update(portOuts)
      .set({ status: 'completed', completedAt: now })
      .where(eq(portOuts.id, open.id))
      .returning();
    await transitionLine(
      tx,
      line.id,
      { to: 'ported', reason: 'port_out_completed', actor: input.actor, staffId: input.staffId },
      now,
    );
    // A replacement or top-up still open is closed (a paid replacement's refund row waits for the
    // payment machinery's retry: this call has no providers).
    await closeOpenOnLine(tx, line.id, now);
    // Its final bill, if any, stays payable: what was owed before the port is still owed.
    await tx
      .update(lineCancellations)
      .set({ status: 'done', closedAt: now })
      .where(and(eq(lineCancellations.lineId, line.id), eq(lineCancellations.status, 'booked')));
    await notify(tx, {
      userId: line.userId,
      kind: 'line_ported',
      ref: `port-out:${row!.id}`,
      link: PORT_LINK,
      params: {},
    });
    return row!;
  });
}

/** Issued reservation numbers past their last valid day expire (the scheduler). */
export async function expirePortOuts(db: Database, today: string): Promise<number> {
  const rows = await db
    .update(portOuts)
    .set({ status: 'expired' })
    .where(and(eq(portOuts.status, 'issued'), lt(portOuts.validUntil, today)))
    .returning({ id: portOuts.id });
  return rows.length;
}
