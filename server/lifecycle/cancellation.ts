import { and, desc, eq, inArray } from 'drizzle-orm';
import { addDays, tokyoDate } from '../../contract/calendar.js';
import {
  CANCEL_MAX_DAYS_AHEAD,
  canWithdrawCancellation,
  cancellationTerms,
  paidUntil,
} from '../../contract/lifecycle-rules.js';
import type { CancellationBooked, CancellationView } from '../../contract/leave-views.js';
import { canTransition, isLineState, type LineState } from '../../contract/line-states.js';
import type { Database } from '../db/client.js';
import { charges, esimProfiles, lineCancellations, linePauses, lines, planChanges } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { notify } from '../notifications/index.js';
import { billRun, cancelCharge, createCharge } from '../billing/index.js';
import { lockLine, transitionLine, type LineRow } from '../line/index.js';
import { finalBillFor, quoteOf, shownItems } from './final-bill.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Tx | Database;
export type CancellationRow = typeof lineCancellations.$inferSelect;

export const CANCEL_LINK = '/pages/user/cancel';
const formatYen = (yen: number) => yen.toLocaleString('en-US');

/** The customer's newest line, ended or not (after the end its final bill is still shown). */
export async function newestLine(db: Db, userId: number): Promise<LineRow> {
  const [line] = await db
    .select()
    .from(lines)
    .where(eq(lines.userId, userId))
    .orderBy(desc(lines.activatedAt), desc(lines.id))
    .limit(1);
  if (!line) throw new ApiError('NO_LINE');
  return line;
}

/** A posted or picked-up SIM goes back to the carrier; an eSIM line has nothing to return. */
async function simToReturn(db: Db, iccid: string): Promise<boolean> {
  const [profile] = await db
    .select({ id: esimProfiles.id })
    .from(esimProfiles)
    .where(eq(esimProfiles.iccid, iccid))
    .limit(1);
  return !profile;
}

/** The line's booked or done cancellation (the latest), if any. */
export async function currentCancellation(db: Db, lineId: number): Promise<CancellationRow | null> {
  const [row] = await db
    .select()
    .from(lineCancellations)
    .where(and(eq(lineCancellations.lineId, lineId), inArray(lineCancellations.status, ['booked', 'done'])))
    .orderBy(desc(lineCancellations.id))
    .limit(1);
  return row ?? null;
}

export async function bookedView(db: Db, row: CancellationRow, now: Date): Promise<CancellationBooked> {
  const [charge] = row.chargeId ? await db.select().from(charges).where(eq(charges.id, row.chargeId)).limit(1) : [];
  const chargeStatus = charge?.status;
  return {
    lastDay: row.lastDay,
    rule: row.rule === 'after_cutoff' ? 'after_cutoff' : 'by_cutoff',
    billedThrough: row.billedThrough,
    paidUntil: paidUntil(row.billedThrough),
    items: charge ? await shownItems(db, charge.items ?? []) : [],
    total: charge?.total ?? 0,
    simReturn: row.simReturn,
    status: row.status === 'done' ? 'done' : 'booked',
    chargeNo: charge?.chargeNo ?? null,
    chargeStatus:
      chargeStatus === 'paid' || chargeStatus === 'cancelled' || chargeStatus === 'unpaid' ? chargeStatus : null,
    withdrawable: row.status === 'booked' && canWithdrawCancellation(tokyoDate(now), row.lastDay),
    endable: row.status === 'booked' && tokyoDate(now) >= row.lastDay,
    requestedOn: row.requestedOn,
  };
}

/** The cancel page: the booked cancellation, or a quote for `lastDay` when one is asked for. */
export async function cancellationView(
  db: Database,
  line: LineRow,
  lastDay: string | undefined,
  fees: { cancellation: number; keepNumber: number },
  now = new Date(),
): Promise<CancellationView> {
  const today = tokyoDate(now);
  const booked = await currentCancellation(db, line.id);
  let quote = null;
  if (!booked && lastDay) {
    const terms = cancellationTerms(today, lastDay);
    if (!terms.ok) throw new ApiError(terms.error);
    const bill = await finalBillFor(db, line, terms.terms, fees.cancellation, now, fees.keepNumber);
    quote = quoteOf(terms.terms, bill, await simToReturn(db, line.iccid));
  }
  return {
    lineStatus: line.status,
    minDay: today,
    maxDay: addDays(today, CANCEL_MAX_DAYS_AHEAD),
    quote,
    cancellation: booked ? await bookedView(db, booked, now) : null,
  };
}

/**
 * Books the cancellation under the line's lock: once per line (CANCELLATION_OPEN), from a state
 * that may move to cancelling. The final bill is made now, only when something is owed; a
 * pending plan change and a booked pause are cancelled (the line will not live to see them).
 */
export async function bookCancellation(
  db: Database,
  input: { lineId: number; lastDay: string; fee: number; keepNumberFee?: number; actor: string; staffId?: number },
  now = new Date(),
): Promise<CancellationRow> {
  const today = tokyoDate(now);
  const terms = cancellationTerms(today, input.lastDay);
  if (!terms.ok) throw new ApiError(terms.error);
  const row = await db.transaction(async (tx) => {
    const line = await lockLine(tx, input.lineId);
    if (await currentCancellation(tx, line.id)) throw new ApiError('CANCELLATION_OPEN');
    if (!canTransition(line.status, 'cancelling'))
      throw new ApiError('LINE_STATE_REFUSED', 200, undefined, { from: line.status, to: 'cancelling' });
    await tx
      .update(planChanges)
      .set({ status: 'cancelled' })
      .where(and(eq(planChanges.lineId, line.id), eq(planChanges.status, 'pending')));
    await tx
      .update(linePauses)
      .set({ status: 'cancelled', endedAt: now })
      .where(and(eq(linePauses.lineId, line.id), eq(linePauses.status, 'booked')));
    const bill = await finalBillFor(tx, line, terms.terms, input.fee, now, input.keepNumberFee);
    const charge =
      bill.total > 0
        ? await createCharge(
            tx,
            {
              userId: line.userId,
              kind: 'final_bill',
              lineId: line.id,
              items: bill.items,
              amountExTax: bill.amountExTax,
              tax: bill.tax,
            },
            now,
          )
        : null;
    const [booked] = await tx
      .insert(lineCancellations)
      .values({
        lineId: line.id,
        lastDay: terms.terms.lastDay,
        requestedOn: today,
        billedThrough: terms.terms.billedThrough,
        rule: terms.terms.rule,
        fromStatus: line.status,
        chargeId: charge?.id ?? null,
        simReturn: await simToReturn(tx, line.iccid),
        requestedBy: input.actor,
        createdAt: now,
      })
      .returning();
    await transitionLine(
      tx,
      line.id,
      { to: 'cancelling', reason: 'cancellation_booked', actor: input.actor, staffId: input.staffId },
      now,
    );
    await notify(tx, {
      userId: line.userId,
      kind: 'cancellation_booked',
      ref: `cancellation:${booked!.id}`,
      link: CANCEL_LINK,
      params: { amount: formatYen(bill.total), lastDay: terms.terms.lastDay },
    });
    return booked!;
  });
  return row;
}

/**
 * Withdraws the booked cancellation until (and on) its last day: a 'cancelling' line goes back to
 * the state it was booked from (active when a pause it was booked from has ended since), an unpaid final bill is cancelled (a paid one stays paid: its months are
 * simply paid). A month whose bill the run skipped because of it, and that has begun, is billed.
 */
export async function withdrawCancellation(
  db: Database,
  input: { lineId: number; actor: string; staffId?: number; keepNumberFee?: number },
  now = new Date(),
): Promise<CancellationRow> {
  const today = tokyoDate(now);
  const { row, skipped } = await db.transaction(async (tx) => {
    const line = await lockLine(tx, input.lineId);
    const booked = await currentCancellation(tx, line.id);
    if (!booked || booked.status !== 'booked') throw new ApiError('NO_CANCELLATION');
    if (!canWithdrawCancellation(today, booked.lastDay)) throw new ApiError('CANCELLATION_NOT_WITHDRAWABLE');
    const charge = booked.chargeId ? await cancelChargeIfUnpaid(tx, booked.chargeId) : null;
    const [withdrawn] = await tx
      .update(lineCancellations)
      .set({ status: 'withdrawn', closedAt: now })
      .where(eq(lineCancellations.id, booked.id))
      .returning();
    // Only a line still 'cancelling' moves back: one staff suspended or reported lost since the
    // booking keeps that state (its own undo brings it back), the cancellation is just withdrawn.
    if (line.status === 'cancelling')
      await transitionLine(
        tx,
        line.id,
        {
          to: await stateToReturnTo(tx, line.id, booked.fromStatus),
          reason: 'cancellation_withdrawn',
          actor: input.actor,
          staffId: input.staffId,
        },
        now,
      );
    await notify(tx, {
      userId: line.userId,
      kind: 'cancellation_withdrawn',
      ref: `cancellation:${booked.id}`,
      link: CANCEL_LINK,
      params: {},
    });
    const months =
      charge?.status === 'cancelled'
        ? (charge.items ?? []).flatMap((i) =>
            (i.code === 'monthly_rent' || i.code === 'keep_number') && i.month && i.month <= today.slice(0, 7)
              ? [i.month]
              : [],
          )
        : [];
    return { row: withdrawn!, skipped: months };
  });
  // After the commit (the bill run has its own transactions): each month is billed once (bills_line_month_key).
  for (const month of skipped) await billRun(db, input.actor, month, undefined, input.keepNumberFee, input.lineId);
  return row;
}

/** The booked-from state, except a pause that has ended meanwhile (resumed while cancelling) leaves the line active. */
async function stateToReturnTo(tx: Tx, lineId: number, fromStatus: string): Promise<LineState> {
  const from = isLineState(fromStatus) ? fromStatus : 'active';
  if (from !== 'paused') return from;
  const [running] = await tx
    .select({ id: linePauses.id })
    .from(linePauses)
    .where(and(eq(linePauses.lineId, lineId), eq(linePauses.status, 'running')))
    .limit(1);
  return running ? 'paused' : 'active';
}

async function cancelChargeIfUnpaid(tx: Tx, chargeId: number) {
  const [charge] = await tx.select().from(charges).where(eq(charges.id, chargeId)).limit(1);
  if (charge?.status !== 'unpaid') return charge ?? null;
  return cancelCharge(tx, chargeId);
}
