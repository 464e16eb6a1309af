import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PayMethod, RefundView } from '../../contract/api.js';
import type { Database } from '../db/client.js';
import { payments, refunds } from '../db/schema.js';
import { NotFoundError } from '../lib/errors.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { ownTargetId } from './targets.js';

export interface RefundDeps {
  db: Database;
  providers: Record<PayMethod, PaymentProvider>;
}

/** What the provider is told about an automatic refund; a staff refund sends staff's reason. */
const REFUND_REASON_TEXT: Record<string, string> = {
  duplicate: 'duplicate payment',
  closed: 'payment after the attempt was closed',
};

/** The refunds the server makes by itself, in full: money that arrived for nothing owed. */
export const SURPLUS_REASONS = ['duplicate', 'closed'];

/** After this many tries a refund stops retrying by itself and waits for staff (ops payments --attention). */
export const MAX_REFUND_ATTEMPTS = 5;

/**
 * Sends one pending refund to the provider (after the settlement that made it committed).
 * The refund number goes with it, so asking twice never pays back twice.
 */
export async function sendRefund(deps: RefundDeps, refundId: number, now = new Date()): Promise<void> {
  // Counting the attempt first: a crash during the call still counts it.
  const [refund] = await deps.db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, updatedAt: now })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  if (!refund) return;
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, refund.paymentId));
  if (!payment) return;
  try {
    const provider = deps.providers[payment.method as PayMethod];
    if (!provider) throw new Error(`no provider ${payment.method}`);
    const outcome = await provider.refund({
      paymentNo: payment.paymentNo,
      providerTradeNo: payment.providerTradeNo,
      refundNo: refund.refundNo,
      amount: refund.amount,
      total: payment.amount,
      reason: Object.hasOwn(REFUND_REASON_TEXT, refund.reason)
        ? REFUND_REASON_TEXT[refund.reason]!
        : refund.note || 'refund',
      paidAt: payment.paidAt,
    });
    await deps.db
      .update(refunds)
      .set(
        outcome.status === 'refunded'
          ? {
              status: 'refunded',
              providerRefundNo: outcome.providerRefundNo,
              refundedAt: new Date(),
              updatedAt: new Date(),
              lastError: null,
            }
          : { providerRefundNo: outcome.providerRefundNo, updatedAt: new Date() },
      )
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
  } catch (error) {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await deps.db
      .update(refunds)
      .set({
        lastError,
        updatedAt: new Date(),
        ...(refund.attempts >= MAX_REFUND_ATTEMPTS ? { status: 'failed' } : {}),
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
  }
}

/** How long a refund waits before its next try: 30 s, 1, 2, 4 minutes, so a short outage does not use up every try. */
export const retryDelayMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);

/** Pending refunds of one order or bill whose wait is over, tried again (on a status look or a settlement). */
export async function retryRefunds(
  deps: RefundDeps,
  targetType: string,
  targetId: number,
  now = new Date(),
): Promise<void> {
  const pending = await deps.db
    .select({ id: refunds.id, attempts: refunds.attempts, updatedAt: refunds.updatedAt })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.targetType, targetType), eq(payments.targetId, targetId), eq(refunds.status, 'pending')));
  for (const refund of pending) {
    if (refund.attempts > 0 && now.getTime() - refund.updatedAt.getTime() < retryDelayMs(refund.attempts)) continue;
    await sendRefund(deps, refund.id, now).catch(() => undefined);
  }
}

/** What the customer sees of refunds on one order or bill. */
export async function refundsOf(
  db: Database,
  targetType: string,
  targetIds: number[],
): Promise<Map<number, RefundView[]>> {
  const byTarget = new Map<number, RefundView[]>();
  if (targetIds.length === 0) return byTarget;
  const rows = await db
    .select({ targetId: payments.targetId, amount: refunds.amount, status: refunds.status })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(payments.targetType, targetType),
        inArray(payments.targetId, targetIds),
        // Surplus payments only: the page says "a duplicate payment of ¥1,980 is being refunded".
        inArray(refunds.reason, SURPLUS_REASONS),
      ),
    )
    .orderBy(asc(refunds.id));
  for (const row of rows) {
    const list = byTarget.get(row.targetId) ?? [];
    // A failed refund is still on its way for the customer: staff finish it.
    list.push({ amount: row.amount, status: row.status === 'refunded' ? 'refunded' : 'refunding' });
    byTarget.set(row.targetId, list);
  }
  return byTarget;
}

/** Refunds on one of this customer's orders, bills or charges; someone else's answers as not found. */
export async function customerRefunds(
  db: Database,
  userId: number,
  target: { orderNo?: string | undefined; billNo?: string | undefined; chargeNo?: string | undefined },
): Promise<RefundView[]> {
  const found = await ownTargetId(db, userId, target);
  if (!found) throw new NotFoundError();
  return (await refundsOf(db, found.type, [found.id])).get(found.id) ?? [];
}
