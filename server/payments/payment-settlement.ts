import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { PayMethod } from '../../contract/api.js';
import type { Database } from '../db/client.js';
import { bills, charges, orderEvents, orders, paymentNotifications, payments, refunds } from '../db/schema.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { transitionOrder } from '../orders/index.js';
import { billPayable, chargePaidEffects, chargeStillPayable } from '../billing/index.js';
import { countPayment } from '../lib/metrics.js';

export type PaymentRow = typeof payments.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The steps of one settlement, in order; a test may stop the work after any of them. */
export type FaultPoint = 'notification-recorded' | 'payment-updated' | 'order-paid' | 'target-settled';

export interface SettleDeps {
  db: Database;
  providers: Record<PayMethod, PaymentProvider>;
  /** Tests only: called between the steps of a settlement, inside its transaction; throwing there is a crash. */
  faults?: (point: FaultPoint) => void | Promise<void>;
}

export type SettleResult = { paid: true; tradeNo: string } | { paid: false; code: string };

export interface Settlement {
  row: PaymentRow;
  /** False when nothing moved (a repeat, a failure after success, an unknown payment). */
  changed: boolean;
  duplicateNotification: boolean;
  /** A surplus success: recorded as paid and to be sent back. */
  refundId: number | null;
  /** Other open attempts closed because this one paid the target; the provider is told after commit. */
  closedOthers: PaymentRow[];
}

export function newRefundNo(now: Date): string {
  return `R${now.getTime()}${randomBytes(4).toString('hex')}`;
}

/** Locks the order, bill or charge first, always in this order (target, then payment), so settlements and creates queue. */
async function lockTarget(tx: Tx, payment: PaymentRow) {
  if (payment.targetType === 'order') {
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.targetId)).for('update');
    // Started in time, confirmed late: the customer paid within the window, so it counts.
    const payable =
      !!order &&
      (order.status === 'awaiting_payment' || (order.status === 'expired' && payment.createdAt <= order.payBefore));
    return { order: order ?? null, payable };
  }
  if (payment.targetType === 'charge') {
    // A charge has no deadline: unpaid is payable, a cancelled one (reissue withdrawn) is refunded.
    const [charge] = await tx.select().from(charges).where(eq(charges.id, payment.targetId)).for('update');
    // Its kind may no longer take it (a top-up whose line stopped): the surplus refund below.
    return { order: null, payable: charge?.status === 'unpaid' && (await chargeStillPayable(tx, charge)) };
  }
  const [bill] = await tx.select().from(bills).where(eq(bills.id, payment.targetId)).for('update');
  // A bill on an unpaid final bill is paid by that final bill: a late success of its own attempt is refunded.
  return { order: null, payable: await billPayable(tx, bill) };
}

async function markTargetPaid(
  tx: Tx,
  deps: SettleDeps,
  row: PaymentRow,
  order: typeof orders.$inferSelect | null,
  actor: string,
  now: Date,
) {
  if (row.targetType === 'charge') {
    // What the charge pays for is moved on by its own domain: at once by the effect its kind
    // registered (a top-up applied), or by that domain's sweep once it reads paid (a reissue).
    const marked = await tx
      .update(charges)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(charges.id, row.targetId), eq(charges.status, 'unpaid')))
      .returning({ id: charges.id });
    if (marked.length > 0) await chargePaidEffects(tx, row.targetId, now);
    return;
  }
  if (row.targetType === 'bill') {
    await tx
      .update(bills)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(bills.id, row.targetId), eq(bills.status, 'unpaid')));
    return;
  }
  if (!order) return;
  if (order.status === 'awaiting_payment') {
    await transitionOrder(tx, order.id, 'paid', actor, row.paymentNo, { paidAt: now }, now);
    await deps.faults?.('order-paid');
    await transitionOrder(tx, order.id, 'under_review', 'system', 'documents queued for review', {}, now);
  } else {
    await tx
      .update(orders)
      .set({ status: 'under_review', paidAt: now, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'expired')));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: 'expired',
      toStatus: 'under_review',
      actor,
      note: `late confirmation of ${row.paymentNo}`,
      at: now,
    });
  }
}

/**
 * The one place a payment becomes paid or failed, in one transaction with the notification
 * that says so, the order or bill it pays and the order's events: all of it or none.
 * Only a pending payment moves on a failure; a success for an attempt that was closed, or
 * for an order or bill already paid, is recorded as paid and gets a refund row.
 */
export async function settleInTransaction(
  deps: SettleDeps,
  paymentNo: string,
  result: SettleResult,
  actor: string,
  now: Date,
  notification?: { provider: string; notifyId: string },
): Promise<Settlement | null> {
  const settlement = await settleTransaction(deps, paymentNo, result, actor, now, notification);
  // Counted once committed: a rolled-back settlement moved nothing.
  if (settlement?.changed) countPayment(settlement.row.method, result.paid ? 'paid' : 'failed');
  return settlement;
}

function settleTransaction(
  deps: SettleDeps,
  paymentNo: string,
  result: SettleResult,
  actor: string,
  now: Date,
  notification?: { provider: string; notifyId: string },
): Promise<Settlement | null> {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(payments).where(eq(payments.paymentNo, paymentNo)).limit(1);
    if (!found) return null;
    const target = await lockTarget(tx, found);
    const unchanged = (row: PaymentRow, duplicateNotification = false): Settlement => ({
      row,
      changed: false,
      duplicateNotification,
      refundId: null,
      closedOthers: [],
    });
    if (notification) {
      const recorded = await tx
        .insert(paymentNotifications)
        .values({ ...notification, paymentNo })
        .onConflictDoNothing()
        .returning({ id: paymentNotifications.id });
      if (recorded.length === 0) return unchanged(found, true);
      await deps.faults?.('notification-recorded');
    }
    const [row] = await tx.select().from(payments).where(eq(payments.id, found.id)).for('update');
    if (!row) return null;
    // Only a pending payment moves on a failure, and nothing moves a paid one.
    if (!result.paid) {
      if (row.status !== 'pending') return unchanged(row);
      const [failed] = await tx
        .update(payments)
        .set({ status: 'failed', failureCode: result.code, updatedAt: now })
        .where(eq(payments.id, row.id))
        .returning();
      return { ...unchanged(failed!), changed: true };
    }
    if (row.status === 'paid') return unchanged(row);
    const [paid] = await tx
      .update(payments)
      .set({ status: 'paid', paidAt: now, providerTradeNo: result.tradeNo || row.providerTradeNo, updatedAt: now })
      .where(eq(payments.id, row.id))
      .returning();
    await deps.faults?.('payment-updated');
    if (!target.payable) {
      // Money arrived that nothing is owed for: keep the record, send it back.
      const [refund] = await tx
        .insert(refunds)
        .values({
          refundNo: newRefundNo(now),
          paymentId: row.id,
          amount: row.amount,
          reason: row.status === 'pending' ? 'duplicate' : 'closed',
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: refunds.id });
      return {
        row: paid!,
        changed: true,
        duplicateNotification: false,
        refundId: refund?.id ?? null,
        closedOthers: [],
      };
    }
    await markTargetPaid(tx, deps, paid!, target.order, actor, now);
    await deps.faults?.('target-settled');
    // Paid now: any other open attempt for the same order or bill must not take money too.
    const closedOthers = await tx
      .update(payments)
      .set({ status: 'closed', closedAt: now, updatedAt: now })
      .where(
        and(
          eq(payments.targetType, row.targetType),
          eq(payments.targetId, row.targetId),
          eq(payments.status, 'pending'),
          ne(payments.id, row.id),
        ),
      )
      .returning();
    return { row: paid!, changed: true, duplicateNotification: false, refundId: null, closedOthers };
  });
}
