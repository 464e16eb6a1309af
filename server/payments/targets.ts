import { and, asc, eq, lt } from 'drizzle-orm';
import { billMonthParams } from '../../contract/bill-rules.js';
import type { Database } from '../db/client.js';
import { bills, charges, orders } from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import { assertChargePayable, billByNo, chargeByNo, finalBillCovers } from '../billing/index.js';
import { latestOrder } from '../orders/index.js';
import { identityAllowsPayment } from '../identity/index.js';

// What a payment pays: an order, a monthly bill or a one-off charge (an eSIM reissue fee).
// Each is priced on the server and locked by its own row while an attempt opens or settles.

export type TargetType = 'order' | 'bill' | 'charge';

export interface PayTarget {
  type: TargetType;
  id: number;
  amount: number;
  description: string;
}

export const notPayable = (type: TargetType) =>
  new ApiError(type === 'order' ? 'ORDER_NOT_PAYABLE' : type === 'bill' ? 'NO_BILL_TO_PAY' : 'CHARGE_NOT_PAYABLE');

/** The table and status a target must still be in for a payment to open or count. */
export function targetTable(type: string) {
  if (type === 'order') return { table: orders, payable: 'awaiting_payment' } as const;
  if (type === 'bill') return { table: bills, payable: 'unpaid' } as const;
  return { table: charges, payable: 'unpaid' } as const;
}

async function billTarget(db: Database, userId: number, billNo: string): Promise<PayTarget> {
  const bill = await billByNo(db, userId, billNo);
  if (bill.status !== 'unpaid') throw new ApiError('NO_BILL_TO_PAY');
  // A bill on an unpaid final bill (a booked cancellation) is paid with it, never twice.
  if (await finalBillCovers(db, bill)) throw new ApiError('FINAL_BILL_COVERS');
  // Oldest first: paying December while November stays unpaid would leave November overdue.
  const [older] = await db
    .select({ month: bills.month })
    .from(bills)
    .where(and(eq(bills.userId, userId), eq(bills.status, 'unpaid'), lt(bills.month, bill.month)))
    .orderBy(asc(bills.month))
    .limit(1);
  if (older) throw new ApiError('OLDER_BILL_UNPAID', 200, undefined, billMonthParams(older.month));
  return { type: 'bill', id: bill.id, amount: bill.total, description: `Monthly bill ${bill.month}` };
}

/** How a charge is named to the payment provider (the customer's statement). */
const CHARGE_WORDS: Record<string, string> = {
  esim_reissue: 'eSIM reissue',
  topup: 'Data top-up',
  sim_replacement: 'Replacement SIM',
  final_bill: 'Final bill',
};

async function chargeTarget(db: Database, userId: number, chargeNo: string): Promise<PayTarget> {
  const charge = await chargeByNo(db, userId, chargeNo);
  // No pay-before deadline: the charge waits until paid or withdrawn (the reissue's cancel).
  if (charge.status !== 'unpaid') throw new ApiError('CHARGE_NOT_PAYABLE');
  // Its kind may refuse for its own reason (a top-up on a line whose data does not flow).
  await assertChargePayable(db, charge);
  const what = CHARGE_WORDS[charge.kind] ?? charge.kind;
  return { type: 'charge', id: charge.id, amount: charge.total, description: `${what} ${charge.chargeNo}` };
}

async function orderTarget(
  db: Database,
  userId: number,
  orderNo: string | undefined,
  now: Date,
  photoForData: boolean,
): Promise<PayTarget> {
  const order = await latestOrder(db, userId, orderNo);
  if (!order) throw new NotFoundError();
  if (order.status === 'expired' || (order.status === 'awaiting_payment' && order.payBefore <= now))
    throw new ApiError('ORDER_EXPIRED');
  if (order.status !== 'awaiting_payment') throw new ApiError('ORDER_NOT_PAYABLE');
  // The law (contract/identity-rules.ts): no payment before the identity check an online
  // order needs; a pickup customer checked at the counter pays first.
  if (!(await identityAllowsPayment(db, order, photoForData))) throw new ApiError('IDENTITY_REQUIRED');
  return { type: 'order', id: order.id, amount: order.total, description: order.planName.cn };
}

/** The target a create names: a charge or a bill when given, otherwise the order (the latest when unnamed). */
export function findTarget(
  db: Database,
  userId: number,
  request: { orderNo?: string | undefined; billNo?: string | undefined; chargeNo?: string | undefined },
  now: Date,
  photoForData: boolean,
): Promise<PayTarget> {
  if (request.chargeNo) return chargeTarget(db, userId, request.chargeNo);
  if (request.billNo) return billTarget(db, userId, request.billNo);
  return orderTarget(db, userId, request.orderNo, now, photoForData);
}

/** The order, bill or charge number a payment is for, as the customer knows it. */
export async function paymentTargetNo(db: Database, targetType: string, targetId: number): Promise<string> {
  const [row] =
    targetType === 'bill'
      ? await db.select({ no: bills.billNo }).from(bills).where(eq(bills.id, targetId)).limit(1)
      : targetType === 'charge'
        ? await db.select({ no: charges.chargeNo }).from(charges).where(eq(charges.id, targetId)).limit(1)
        : await db.select({ no: orders.orderNo }).from(orders).where(eq(orders.id, targetId)).limit(1);
  return row?.no ?? '';
}

/** The customer's own order, bill or charge by its number, for its refunds; null when not theirs. */
export async function ownTargetId(
  db: Database,
  userId: number,
  target: { orderNo?: string | undefined; billNo?: string | undefined; chargeNo?: string | undefined },
): Promise<{ type: TargetType; id: number } | null> {
  const [found] = target.chargeNo
    ? await db
        .select({ id: charges.id })
        .from(charges)
        .where(and(eq(charges.chargeNo, target.chargeNo), eq(charges.userId, userId)))
        .limit(1)
    : target.billNo
      ? await db
          .select({ id: bills.id })
          .from(bills)
          .where(and(eq(bills.billNo, target.billNo), eq(bills.userId, userId)))
          .limit(1)
      : await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.orderNo, target.orderNo ?? ''), eq(orders.userId, userId)))
          .limit(1);
  if (!found) return null;
  return { type: target.chargeNo ? 'charge' : target.billNo ? 'bill' : 'order', id: found.id };
}

/** What a charge pays for (a top-up, a reissue fee), for the result page's words; null for an order or bill. */
export async function paymentChargeKind(db: Database, targetType: string, targetId: number): Promise<string | null> {
  if (targetType !== 'charge') return null;
  const [row] = await db.select({ kind: charges.kind }).from(charges).where(eq(charges.id, targetId)).limit(1);
  return row?.kind ?? null;
}
