import { and, asc, eq, lte } from 'drizzle-orm';
import type { PayMethod } from '../../contract/api.js';
import { orders, payments } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { countPayment } from '../lib/metrics.js';
import type { SettleDeps } from './payment-settlement.js';
import { transitionOrder } from '../orders/index.js';
import { CLOSE_RETRY_SECONDS, DEFAULT_CHECKS } from './check-schedule.js';
import { settlePayment } from './payments.js';

export type ReconcileOutcome = 'paid' | 'failed' | 'pending' | 'closed' | 'skipped';

/**
 * Asks the provider about a pending attempt nobody told us about (a lost notification, a
 * customer who closed the page) and settles it, without any client polling. The check is
 * taken by a compare-and-set on `checks`, so two workers never both take the same one; after
 * the last check an attempt still pending is closed with its provider.
 */
export async function reconcilePayment(
  deps: SettleDeps,
  paymentNo: string,
  now = new Date(),
  schedule: number[] = DEFAULT_CHECKS,
): Promise<ReconcileOutcome> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.paymentNo, paymentNo)).limit(1);
  if (!payment || payment.status !== 'pending' || !payment.nextCheckAt || payment.nextCheckAt > now) return 'skipped';
  const checks = payment.checks + 1;
  const later = schedule[checks];
  const [taken] = await deps.db
    .update(payments)
    .set({
      checks,
      nextCheckAt: later === undefined ? null : new Date(payment.createdAt.getTime() + later * 1000),
      updatedAt: now,
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending'), eq(payments.checks, payment.checks)))
    .returning();
  if (!taken) return 'skipped';
  const provider = deps.providers[payment.method as PayMethod];
  const answer = await provider.query(paymentNo).catch(() => 'pending' as const);
  if (answer !== 'pending') {
    await settlePayment(
      deps,
      paymentNo,
      answer === 'paid' ? { paid: true, tradeNo: '' } : { paid: false, code: 'PROVIDER_FAILED' },
      'reconciliation',
      now,
    );
    return answer;
  }
  if (later !== undefined) return 'pending';
  return closeAttempt(deps, taken, now);
}

/** Closes an attempt with its provider; one the provider says was paid after all is settled instead. */
async function closeAttempt(
  deps: SettleDeps,
  payment: typeof payments.$inferSelect,
  now: Date,
): Promise<ReconcileOutcome> {
  const answer = await deps.providers[payment.method as PayMethod].close(payment).catch(() => null);
  if (answer === 'paid') {
    await settlePayment(deps, payment.paymentNo, { paid: true, tradeNo: '' }, 'reconciliation', now);
    return 'paid';
  }
  // The provider could not be reached: it stays pending and is closed again later.
  if (answer === null) {
    await deps.db
      .update(payments)
      .set({ nextCheckAt: new Date(now.getTime() + CLOSE_RETRY_SECONDS * 1000) })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
    return 'pending';
  }
  const closed = await deps.db
    .update(payments)
    .set({ status: 'closed', closedAt: now, updatedAt: now, nextCheckAt: null })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (closed.length > 0) countPayment(payment.method, 'closed');
  return 'closed';
}

/** Pending attempts whose next check has come, oldest first, with how many checks each had. */
export async function duePaymentChecks(
  deps: SettleDeps,
  now = new Date(),
  limit = 200,
): Promise<{ paymentNo: string; checks: number }[]> {
  return deps.db
    .select({ paymentNo: payments.paymentNo, checks: payments.checks })
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lte(payments.nextCheckAt, now)))
    .orderBy(asc(payments.nextCheckAt))
    .limit(limit);
}

/** Unpaid orders past their deadline. */
export async function dueOrderExpiries(deps: SettleDeps, now = new Date(), limit = 200): Promise<number[]> {
  const rows = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lte(orders.payBefore, now)))
    .orderBy(asc(orders.payBefore))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * An order past its deadline: its open attempt is closed with the provider first (a payment
 * the provider took in time settles the order instead), then the order expires. Its retry
 * policy: every sweep (each minute) finds the order again until it is expired or paid, and
 * pg-boss runs each expire-order job once (server/lib/queue.ts), the sweep being the retry.
 */
export async function expireOrder(
  deps: SettleDeps,
  orderId: number,
  now = new Date(),
): Promise<'expired' | 'paid' | 'skipped'> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || order.status !== 'awaiting_payment' || order.payBefore > now) return 'skipped';
  const open = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.targetType, 'order'), eq(payments.targetId, orderId), eq(payments.status, 'pending')));
  for (const attempt of open) {
    const outcome = await closeAttempt(deps, attempt, now);
    if (outcome === 'paid') return 'paid';
    // Unreachable provider: try again at the next sweep rather than expire an order that may be paid.
    if (outcome === 'pending') return 'skipped';
  }
  try {
    await transitionOrder(deps.db, orderId, 'expired', 'system', 'payment deadline passed', {}, now);
    return 'expired';
  } catch (error) {
    // Paid, or expired by someone else, in the meantime.
    if (error instanceof ApiError) return 'skipped';
    throw error;
  }
}
