import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import { withTax } from '../../contract/pricing.js';
import type { ReissueReason, ReissueStatus } from '../../contract/esim-rules.js';
import type { EsimLineView, ReissueView } from '../../contract/esim-views.js';
import type { Database } from '../db/client.js';
import { auditLog, charges, esimProfiles, esimReissues, lines, orders } from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import { cancelCharge, createCharge } from '../billing/index.js';

// A reissue replaces a line's eSIM profile (a new phone, a deleted profile): asked by the
// customer (fee ESIM_REISSUE_FEE, paid as a charge through the payment API) or by staff (free).
// One open per line, whatever the requests do: the unique index esim_reissues_open_key. What
// happens once it may go on (release, assign, reserve, switch the line) is reissue-progress.ts.

export type ReissueRow = typeof esimReissues.$inferSelect;
type LineRow = typeof lines.$inferSelect;

/** Not done and not withdrawn: at most one per line. */
export const OPEN_REISSUE: ReissueStatus[] = ['awaiting_payment', 'processing', 'waiting_stock'];

function newReissueNo(now: Date): string {
  return `E${tokyoDate(now).replace(/-/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

function isUniqueViolation(error: unknown, index: string): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const found = e as { code?: unknown; constraint?: unknown };
    if (found.code === '23505') return !found.constraint || found.constraint === index;
  }
  return false;
}

/** The customer's current line (the newest not ended), if any. */
export async function customerLine(db: Database, userId: number): Promise<LineRow | null> {
  const [line] = await db
    .select()
    .from(lines)
    .where(and(eq(lines.userId, userId), isNull(lines.endedAt)))
    .orderBy(desc(lines.activatedAt), desc(lines.id))
    .limit(1);
  return line ?? null;
}

/** The eSIM profile the line runs on now, or null for a physical SIM. */
export async function currentProfileOf(db: Database, line: Pick<LineRow, 'iccid'>) {
  const [row] = await db.select().from(esimProfiles).where(eq(esimProfiles.iccid, line.iccid)).limit(1);
  return row ?? null;
}

export async function openReissueOf(db: Database, lineId: number): Promise<ReissueRow | null> {
  const [row] = await db
    .select()
    .from(esimReissues)
    .where(and(eq(esimReissues.lineId, lineId), inArray(esimReissues.status, OPEN_REISSUE)))
    .limit(1);
  return row ?? null;
}

/** A reissue as the customer and staff see it: its fee with tax, its charge while unpaid, its order page. */
export async function reissueView(db: Database, row: ReissueRow): Promise<ReissueView> {
  const [charge] = row.chargeId ? await db.select().from(charges).where(eq(charges.id, row.chargeId)).limit(1) : [];
  const [order] = await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, row.orderId));
  return {
    reissueNo: row.reissueNo,
    status: row.status as ReissueStatus,
    reason: row.reason as ReissueReason,
    fee: charge?.total ?? 0,
    chargeNo: row.status === 'awaiting_payment' ? (charge?.chargeNo ?? null) : null,
    orderNo: order?.orderNo ?? '',
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}

/** Every reissue of an order's line, newest first (the console's order page). */
export async function reissuesOfOrder(db: Database, orderId: number): Promise<ReissueView[]> {
  const rows = await db
    .select()
    .from(esimReissues)
    .where(eq(esimReissues.orderId, orderId))
    .orderBy(desc(esimReissues.id));
  return Promise.all(rows.map((row) => reissueView(db, row)));
}

/** The line page's eSIM card: whether the line runs on an eSIM, and its open reissue. */
export async function esimLineView(db: Database, userId: number, feeExTax: number): Promise<EsimLineView> {
  const line = await customerLine(db, userId);
  const reissueFee = withTax(feeExTax);
  const profile = line ? await currentProfileOf(db, line) : null;
  if (!line || !profile) return { esim: false, orderNo: null, iccidLast4: null, reissueFee, openReissue: null };
  const [order] = await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, line.orderId));
  const open = await openReissueOf(db, line.id);
  return {
    esim: true,
    orderNo: order?.orderNo ?? null,
    iccidLast4: line.iccid.slice(-4),
    reissueFee,
    openReissue: open ? await reissueView(db, open) : null,
  };
}

export interface ReissueRequest {
  line: LineRow;
  reason: ReissueReason;
  /** Yen excluding tax: 0 (staff, or ESIM_REISSUE_FEE=0) goes to `processing` at once. */
  feeExTax: number;
  /** customer:<id> or staff:<login>. */
  requestedBy: string;
}

/**
 * Opens a reissue for the line: refused for a physical SIM (NOT_ESIM_LINE) and while one is
 * open (REISSUE_OPEN, also when a request racing this one won the unique index). With a fee,
 * its charge is made in the same transaction, so a refused request leaves no charge behind.
 */
export async function openReissue(db: Database, request: ReissueRequest, now = new Date()): Promise<ReissueRow> {
  const { line } = request;
  const profile = await currentProfileOf(db, line);
  if (!profile) throw new ApiError('NOT_ESIM_LINE');
  try {
    return await db.transaction(async (tx) => {
      // The line's lock: requests for one line queue here, so the check below sees the winner.
      await tx.select({ id: lines.id }).from(lines).where(eq(lines.id, line.id)).for('update');
      if (await openReissueOf(tx, line.id)) throw new ApiError('REISSUE_OPEN');
      const charge =
        request.feeExTax > 0
          ? await createCharge(tx, { userId: line.userId, kind: 'esim_reissue', amountExTax: request.feeExTax }, now)
          : null;
      const [row] = await tx
        .insert(esimReissues)
        .values({
          reissueNo: newReissueNo(now),
          userId: line.userId,
          lineId: line.id,
          orderId: line.orderId,
          reason: request.reason,
          status: charge ? 'awaiting_payment' : 'processing',
          chargeId: charge?.id ?? null,
          requestedBy: request.requestedBy,
          oldProfileId: profile.id,
          createdAt: now,
        })
        .returning();
      await tx.insert(auditLog).values({
        actor: request.requestedBy,
        action: 'esim-reissue-requested',
        target: row!.reissueNo,
        detail: { lineId: line.id, iccid: line.iccid, reason: request.reason, fee: charge?.total ?? 0 },
        at: now,
      });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'esim_reissues_open_key')) throw new ApiError('REISSUE_OPEN');
    throw error;
  }
}

/**
 * Staff's reissue of an order's line (the console, ops): free, so it goes to `processing` at
 * once; the caller moves it on (advanceReissue) and audits who asked.
 */
export async function staffReissue(
  db: Database,
  orderNo: string,
  reason: ReissueReason,
  requestedBy: string,
): Promise<ReissueRow> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
  if (!order) throw new NotFoundError();
  const [line] = await db.select().from(lines).where(eq(lines.orderId, order.id)).limit(1);
  if (!line || line.endedAt) throw new ApiError('NO_LINE');
  return openReissue(db, { line, reason, feeExTax: 0, requestedBy });
}

/**
 * The customer withdraws a reissue before paying it: its charge is cancelled with it (a payment
 * landing later is refunded by the payment machinery). Paid, or being processed, it stays.
 */
export async function cancelReissue(db: Database, userId: number, reissueNo: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(esimReissues)
      .where(and(eq(esimReissues.reissueNo, reissueNo), eq(esimReissues.userId, userId)))
      .for('update');
    if (!row) throw new NotFoundError();
    if (row.status !== 'awaiting_payment') throw new ApiError('REISSUE_NOT_CANCELLABLE');
    if (row.chargeId) {
      // Paid a moment ago: the reissue goes on (the next read moves it), it cannot be withdrawn.
      await cancelCharge(tx, row.chargeId).catch((error: unknown) => {
        throw error instanceof ApiError && error.key === 'CHARGE_NOT_PAYABLE'
          ? new ApiError('REISSUE_NOT_CANCELLABLE')
          : error;
      });
    }
    const [cancelled] = await tx
      .update(esimReissues)
      .set({ status: 'cancelled', doneAt: now })
      .where(eq(esimReissues.id, row.id))
      .returning();
    await tx.insert(auditLog).values({
      actor: `customer:${userId}`,
      action: 'esim-reissue-cancelled',
      target: reissueNo,
      detail: { lineId: row.lineId },
      at: now,
    });
    return cancelled!;
  });
}
