import { and, asc, eq, inArray, isNull, lt, notInArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { bills, charges, orders, payments, refunds, users } from '../db/schema.js';
import { tokyoTime } from './tokyo-time.js';

export interface AttentionRow {
  kind: 'refund-pending' | 'refund-failed' | 'paid-unpaid-target' | 'stale-pending';
  paymentNo: string;
  method: string;
  amount: number;
  target: string;
  customer: string;
  detail: string;
}

/** An open attempt with no word from its provider for this long is worth a look. */
const STALE_PENDING_MS = 24 * 60 * 60 * 1000;

const customerOf = (email: string | null, username: string) => email ?? username;

/**
 * Money staff must look at: refunds not yet confirmed (pending, or failed after their
 * retries), paid payments whose order or bill is still unpaid (and no refund covers them),
 * and attempts open for over a day.
 */
export async function paymentsNeedingAttention(db: Database, now = new Date()): Promise<AttentionRow[]> {
  const rows: AttentionRow[] = [];
  const targetName = async (type: string, id: number) => {
    if (type === 'order')
      return `order ${(await db.select({ no: orders.orderNo }).from(orders).where(eq(orders.id, id)))[0]?.no ?? id}`;
    if (type === 'charge')
      return `charge ${(await db.select({ no: charges.chargeNo }).from(charges).where(eq(charges.id, id)))[0]?.no ?? id}`;
    return `bill ${(await db.select({ no: bills.billNo }).from(bills).where(eq(bills.id, id)))[0]?.no ?? id}`;
  };

  const open = await db
    .select({ refund: refunds, payment: payments, email: users.email, username: users.username })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(inArray(refunds.status, ['pending', 'failed']))
    .orderBy(asc(refunds.createdAt));
  for (const { refund, payment, email, username } of open) {
    rows.push({
      kind: refund.status === 'failed' ? 'refund-failed' : 'refund-pending',
      paymentNo: payment.paymentNo,
      method: payment.method,
      amount: refund.amount,
      target: await targetName(payment.targetType, payment.targetId),
      customer: customerOf(email, username),
      detail: `${refund.refundNo} ${refund.reason}, ${refund.attempts} attempts${refund.lastError ? `, last error: ${refund.lastError}` : ''}`,
    });
  }

  const paidUnpaid = await db
    .select({ payment: payments, order: orders, email: users.email, username: users.username })
    .from(payments)
    .innerJoin(orders, and(eq(payments.targetType, 'order'), eq(orders.id, payments.targetId)))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(
      and(
        eq(payments.status, 'paid'),
        inArray(orders.status, ['awaiting_payment', 'expired', 'cancelled']),
        isNull(refunds.id),
      ),
    );
  const paidBills = await db
    .select({ payment: payments, bill: bills, email: users.email, username: users.username })
    .from(payments)
    .innerJoin(bills, and(eq(payments.targetType, 'bill'), eq(bills.id, payments.targetId)))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(and(eq(payments.status, 'paid'), notInArray(bills.status, ['paid']), isNull(refunds.id)));
  for (const { payment, order, email, username } of paidUnpaid) {
    rows.push({
      kind: 'paid-unpaid-target',
      paymentNo: payment.paymentNo,
      method: payment.method,
      amount: payment.amount,
      target: `order ${order.orderNo}`,
      customer: customerOf(email, username),
      detail: `order is ${order.status}`,
    });
  }
  for (const { payment, bill, email, username } of paidBills) {
    rows.push({
      kind: 'paid-unpaid-target',
      paymentNo: payment.paymentNo,
      method: payment.method,
      amount: payment.amount,
      target: `bill ${bill.billNo}`,
      customer: customerOf(email, username),
      detail: `bill is ${bill.status}`,
    });
  }

  const stale = await db
    .select({ payment: payments, email: users.email, username: users.username })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, new Date(now.getTime() - STALE_PENDING_MS))))
    .orderBy(asc(payments.createdAt));
  for (const { payment, email, username } of stale) {
    rows.push({
      kind: 'stale-pending',
      paymentNo: payment.paymentNo,
      method: payment.method,
      amount: payment.amount,
      target: await targetName(payment.targetType, payment.targetId),
      customer: customerOf(email, username),
      detail: `open since ${tokyoTime(payment.createdAt)} (Tokyo)`,
    });
  }
  return rows;
}
