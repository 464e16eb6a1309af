import { and, asc, count, eq, inArray, ne, or } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { auditLog, charges, esimProfiles, esimReissues, lines, orders } from '../db/schema.js';
import { notify } from '../notifications/index.js';
import { assignProfile, releaseProfile, reserveProfile, type EsimDeps } from './profiles.js';
import { EsimUnavailableError } from './providers/esim-provider.js';
import type { ReissueRow } from './reissues.js';
import { alertLowStock } from './stock-alert.js';
import { onStockImported } from './stock.js';

// A reissue goes on by itself once it may: its charge paid (or no fee) → processing → the old
// profile released (here at once, at the carrier now or by the sweep) → a new profile assigned
// to the line's order (none in stock: waiting_stock, until an import) → reserved at the carrier
// for the line's own number → the line switched to the new ICCID → done, the customer told (a
// link, never the code). Driven by the customer's reads, staff's actions and the sweep; any of
// them may run at once on any server: each step takes the reissue's row lock and re-reads it.

/** The reissue's status after the run, or `busy` when another process held it. */
export type ReissueOutcome = string;

export interface ReissueFilter {
  reissueId?: number;
  lineId?: number;
  userId?: number;
}

const orderPage = (orderNo: string) => `/pages/order/detail?orderNo=${encodeURIComponent(orderNo)}`;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The reissue's row, locked for this transaction; null when another holds it (it is being moved). */
async function lockReissue(tx: Tx, id: number, wait: boolean): Promise<ReissueRow | null> {
  const query = tx.select().from(esimReissues).where(eq(esimReissues.id, id));
  const [row] = wait ? await query.for('update') : await query.for('update', { skipLocked: true });
  return row ?? null;
}

const audit = (tx: Tx, row: ReissueRow, action: string, detail: Record<string, unknown>, now: Date) =>
  tx.insert(auditLog).values({ actor: 'system', action, target: row.reissueNo, detail, at: now });

/** awaiting_payment → processing once its charge is paid; a withdrawn charge withdraws the reissue. */
async function startIfPaid(tx: Tx, row: ReissueRow, now: Date): Promise<ReissueRow> {
  if (row.status !== 'awaiting_payment' || !row.chargeId) return row;
  const [charge] = await tx.select().from(charges).where(eq(charges.id, row.chargeId));
  const next = charge?.status === 'paid' ? 'processing' : charge?.status === 'cancelled' ? 'cancelled' : null;
  if (!next) return row;
  const [moved] = await tx
    .update(esimReissues)
    .set({ status: next, ...(next === 'cancelled' ? { doneAt: now } : {}) })
    .where(eq(esimReissues.id, row.id))
    .returning();
  await audit(tx, row, next === 'processing' ? 'esim-reissue-paid' : 'esim-reissue-cancelled', {}, now);
  return moved!;
}

/**
 * Takes the new profile for the line's order once the old one is released (an order holds one
 * live profile; assignProfile answers the one it holds). Records it on the reissue, or marks it
 * waiting for stock.
 */
async function takeNewProfile(deps: EsimDeps, tx: Tx, row: ReissueRow, now: Date): Promise<ReissueRow> {
  if (row.newProfileId) return row;
  const taken = await assignProfile(tx, { orderId: row.orderId, lineId: row.lineId }, now);
  if (taken) {
    const [stock] = await tx.select({ n: count() }).from(esimProfiles).where(eq(esimProfiles.status, 'available'));
    await alertLowStock(tx, deps, stock?.n ?? 0);
  }
  const status = taken ? 'processing' : 'waiting_stock';
  if (!taken && row.status === 'waiting_stock') return row;
  const [moved] = await tx
    .update(esimReissues)
    .set({ status, newProfileId: taken?.id ?? null })
    .where(eq(esimReissues.id, row.id))
    .returning();
  if (!taken) await audit(tx, row, 'esim-reissue-waiting-stock', {}, now);
  return moved!;
}

/** The line switched to the new profile, the reissue done and the customer told: all in one transaction. */
async function finish(tx: Tx, row: ReissueRow, now: Date): Promise<ReissueRow> {
  const [profile] = await tx.select().from(esimProfiles).where(eq(esimProfiles.id, row.newProfileId!));
  const [line] = await tx.select().from(lines).where(eq(lines.id, row.lineId));
  const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
  if (!profile || !line || !order) throw new Error(`reissue ${row.reissueNo} lost its line, order or profile`);
  const oldIccid = line.iccid;
  await tx.update(lines).set({ iccid: profile.iccid }).where(eq(lines.id, line.id));
  const [done] = await tx
    .update(esimReissues)
    .set({ status: 'done', doneAt: now })
    .where(eq(esimReissues.id, row.id))
    .returning();
  await audit(tx, row, 'esim-reissue-done', { lineId: line.id, oldIccid, newIccid: profile.iccid }, now);
  await notify(tx, {
    userId: row.userId,
    kind: 'esim_reissued',
    ref: row.reissueNo,
    params: { orderNo: order.orderNo },
    localized: { plan: order.planName },
    link: orderPage(order.orderNo),
  });
  return done!;
}

/**
 * Moves one reissue as far as it can go now and answers where it stopped. `busy` when another
 * process holds it (that one moves it). Carrier failures leave it `processing` for the sweep.
 */
export async function advanceReissue(deps: EsimDeps, reissueId: number, now = new Date()): Promise<ReissueOutcome> {
  const { db } = deps;
  const started = await db.transaction(async (tx) => {
    const row = await lockReissue(tx, reissueId, false);
    return row ? startIfPaid(tx, row, now) : null;
  });
  if (!started) return 'busy';
  if (started.status !== 'processing' && started.status !== 'waiting_stock') return started.status;
  // Released before anything else: the old profile must never be installable beside the new one.
  if (started.oldProfileId) await releaseProfile(deps, started.oldProfileId);
  const assigned = await db.transaction(async (tx) => {
    const row = await lockReissue(tx, reissueId, true);
    if (!row || (row.status !== 'processing' && row.status !== 'waiting_stock')) return row;
    return takeNewProfile(deps, tx, row, now);
  });
  if (!assigned || assigned.status !== 'processing' || !assigned.newProfileId) return assigned?.status ?? 'busy';
  const [line] = await db.select({ msisdn: lines.msisdn }).from(lines).where(eq(lines.id, assigned.lineId));
  try {
    // The line keeps its number: the new profile is bound to it at the carrier.
    await reserveProfile(deps, assigned.newProfileId, line?.msisdn ?? null);
  } catch (error) {
    if (!(error instanceof EsimUnavailableError)) throw error;
    deps.log.warn({ reissueNo: assigned.reissueNo, err: error }, 'esim reissue reservation failed; the sweep retries');
    return 'processing';
  }
  const finished = await db.transaction(async (tx) => {
    const row = await lockReissue(tx, reissueId, true);
    if (!row || row.status !== 'processing' || !row.newProfileId) return row;
    return finish(tx, row, now);
  });
  if (finished?.status === 'done') deps.log.info({ reissueNo: finished.reissueNo }, 'esim reissued');
  return finished?.status ?? 'busy';
}

/**
 * Every open reissue the filter names (all of them for the sweep), moved on; a failure of one
 * is logged and left for the next run, never the reader's error.
 */
export async function advanceReissues(deps: EsimDeps, filter: ReissueFilter = {}, now = new Date()) {
  // An unpaid one has nothing to do until its charge moves: only those that can go on are read.
  const movable = or(
    inArray(esimReissues.status, ['processing', 'waiting_stock']),
    and(eq(esimReissues.status, 'awaiting_payment'), ne(charges.status, 'unpaid')),
  )!;
  const conditions = [movable];
  if (filter.reissueId !== undefined) conditions.push(eq(esimReissues.id, filter.reissueId));
  if (filter.lineId !== undefined) conditions.push(eq(esimReissues.lineId, filter.lineId));
  if (filter.userId !== undefined) conditions.push(eq(esimReissues.userId, filter.userId));
  const due = await deps.db
    .select({ id: esimReissues.id })
    .from(esimReissues)
    .leftJoin(charges, eq(charges.id, esimReissues.chargeId))
    .where(and(...conditions))
    .orderBy(asc(esimReissues.id))
    .limit(100);
  const outcomes: Record<string, number> = {};
  for (const { id } of due) {
    const outcome = await advanceReissue(deps, id, now).catch((error: unknown) => {
      deps.log.error({ reissueId: id, err: error }, 'esim reissue did not advance');
      return 'failed' as const;
    });
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return outcomes;
}

// Paid reissues waiting for stock take their profiles when staff import more (after the orders).
onStockImported(async (deps) => (await advanceReissues(deps)).done ?? 0);
