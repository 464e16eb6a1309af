import { and, eq, inArray, sql } from 'drizzle-orm';
import { cancelCharge } from '../billing/index.js';
import type { Database } from '../db/client.js';
import { payments, refunds, simReplacements, topups } from '../db/schema.js';
import { newRefundNo, sendRefund, type PaymentProvider } from '../payments/index.js';
import type { PayMethod } from '../../contract/api.js';
import { auditReplacement, OPEN_REPLACEMENT, type Tx } from './lost-common.js';

// When a line ends or is ported, nothing bought for it can happen any more: a replacement SIM
// would be swapped onto a number that is gone, a top-up would feed no data. What is still open
// is closed in the transaction that ends the line; what was already paid for is refunded in full.

/**
 * Closes the line's open replacement and top-ups (under the line's lock, inside the ending's
 * transaction): unpaid charges withdrawn, a paid replacement not done cancelled with a refund
 * row for its payment. Answers the refunds to send once the transaction has committed.
 */
export async function closeOpenOnLine(tx: Tx, lineId: number, now: Date): Promise<number[]> {
  const refundIds: number[] = [];
  const open = await tx
    .select()
    .from(simReplacements)
    .where(and(eq(simReplacements.lineId, lineId), inArray(simReplacements.status, OPEN_REPLACEMENT)));
  for (const row of open) {
    if (row.status === 'awaiting_payment' && row.chargeId) await cancelCharge(tx, row.chargeId);
    if (row.status !== 'awaiting_payment' && row.chargeId)
      refundIds.push(...(await refundCharge(tx, row.chargeId, now)));
    await tx.update(simReplacements).set({ status: 'cancelled', doneAt: now }).where(eq(simReplacements.id, row.id));
    await auditReplacement(
      tx,
      { actor: 'system' },
      'replacement-closed-line-ended',
      row.replacementNo,
      { lineId, refunded: refundIds.length > 0 },
      now,
    );
  }
  const unpaid = await tx
    .select()
    .from(topups)
    .where(and(eq(topups.lineId, lineId), eq(topups.status, 'awaiting_payment')));
  for (const topup of unpaid) {
    await cancelCharge(tx, topup.chargeId);
    await tx.update(topups).set({ status: 'cancelled' }).where(eq(topups.id, topup.id));
  }
  return refundIds;
}

/** A full refund row for each paid payment of the charge (what is left of it after earlier refunds). */
async function refundCharge(tx: Tx, chargeId: number, now: Date): Promise<number[]> {
  const paid = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.targetType, 'charge'), eq(payments.targetId, chargeId), eq(payments.status, 'paid')))
    .for('update');
  const ids: number[] = [];
  for (const payment of paid) {
    const [taken] = await tx
      .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id));
    const left = payment.amount - Number(taken?.sum ?? 0);
    if (left <= 0) continue;
    const [refund] = await tx
      .insert(refunds)
      .values({
        refundNo: newRefundNo(now),
        paymentId: payment.id,
        amount: left,
        reason: 'closed',
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: refunds.id });
    if (refund) ids.push(refund.id);
  }
  return ids;
}

/**
 * Sends the refunds after the commit when the caller has the providers (the app); otherwise they
 * stay pending and go with the payment machinery's next retry of that charge.
 */
export async function sendClosingRefunds(
  deps: { db: Database; payments?: Record<PayMethod, PaymentProvider> },
  refundIds: number[],
): Promise<void> {
  if (!deps.payments) return;
  for (const id of refundIds) await sendRefund({ db: deps.db, providers: deps.payments }, id).catch(() => undefined);
}
