import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import type { Database } from '../db/client.js';
import { bills, orderEvents, orders, paymentNotifications, payments } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import type { CreateOutcome, PayMethod, PayScene, PaymentProvider, VerifiedNotification } from '../providers/payment/payment-provider.js';
import { latestOrder, transitionOrder } from './orders.js';

export type PaymentRow = typeof payments.$inferSelect;

export interface PaymentDeps {
  db: Database;
  providers: Record<PayMethod, PaymentProvider>;
  methods: PayMethod[];
}

const SCENES: Record<PayMethod, PayScene[]> = { wechat: ['jsapi', 'h5'], alipay: ['app', 'wap'], card: ['card'] };

function newPaymentNo(now: Date): string {
  return `P${tokyoDate(now).replace(/-/g, '')}${String(now.getTime()).slice(-6)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export interface CreatePaymentInput {
  orderNo?: string;
  /** Pays a monthly bill instead of an order. */
  billNo?: string;
  method: PayMethod;
  scene: PayScene;
  token?: string;
  clientIp: string;
  origin: string;
  notifyBase: string;
}

/** Starts paying an order. The amount is the order's, decided when it was placed. */
export async function createPayment(deps: PaymentDeps, userId: number, input: CreatePaymentInput, now = new Date()) {
  if (!deps.methods.includes(input.method) || !SCENES[input.method].includes(input.scene)) throw new ApiError('PAY_METHOD_UNAVAILABLE');
  if (input.method === 'card' && !input.token) throw new ApiError('CARD_TOKEN_REQUIRED');
  const target = input.billNo ? await billTarget(deps.db, userId, input.billNo) : await orderTarget(deps.db, userId, input.orderNo, now);
  return startPayment(deps, userId, target, input, now);
}

interface PayTarget {
  type: 'order' | 'bill';
  id: number;
  amount: number;
  description: string;
}

async function billTarget(db: Database, userId: number, billNo: string): Promise<PayTarget> {
  const [bill] = await db.select().from(bills).where(and(eq(bills.billNo, billNo), eq(bills.userId, userId))).limit(1);
  if (!bill) throw new ApiError('NOT_FOUND', 404);
  if (bill.status !== 'unpaid') throw new ApiError('NO_BILL_TO_PAY');
  return { type: 'bill', id: bill.id, amount: bill.total, description: `Monthly bill ${bill.month}` };
}

async function orderTarget(db: Database, userId: number, orderNo: string | undefined, now: Date): Promise<PayTarget> {
  const order = await latestOrder(db, userId, orderNo);
  if (!order) throw new ApiError('NOT_FOUND', 404);
  if (order.status === 'expired' || (order.status === 'awaiting_payment' && order.payBefore <= now)) throw new ApiError('ORDER_EXPIRED');
  if (order.status !== 'awaiting_payment') throw new ApiError('ORDER_NOT_PAYABLE');
  return { type: 'order', id: order.id, amount: order.total, description: order.planName.cn };
}

async function startPayment(deps: PaymentDeps, userId: number, target: PayTarget, input: CreatePaymentInput, now: Date) {
  const paymentNo = newPaymentNo(now);
  const [payment] = await deps.db
    .insert(payments)
    .values({ paymentNo, userId, targetType: target.type, targetId: target.id, method: input.method, scene: input.scene, amount: target.amount, status: 'pending', createdAt: now, updatedAt: now })
    .returning();
  let outcome: CreateOutcome;
  try {
    outcome = await deps.providers[input.method].create({
      paymentNo,
      amount: target.amount,
      description: target.description,
      scene: input.scene,
      clientIp: input.clientIp,
      returnUrl: `${input.origin}/h5/pages/public/success?paymentNo=${paymentNo}`,
      notifyUrl: `${input.notifyBase}/api/pay/notify/${input.method}`,
      cardToken: input.token,
    });
  } catch {
    outcome = { kind: 'failed', code: '902' };
  }
  if (outcome.kind === 'paid') await settlePayment(deps.db, paymentNo, { paid: true, tradeNo: outcome.tradeNo }, 'provider');
  else if (outcome.kind === 'failed') await settlePayment(deps.db, paymentNo, { paid: false, code: outcome.code }, 'provider');
  else if (outcome.kind === 'redirect' && outcome.tradeNo) {
    await deps.db.update(payments).set({ providerTradeNo: outcome.tradeNo }).where(eq(payments.id, payment!.id));
  }
  return { paymentNo, outcome };
}

/**
 * The one place a payment becomes paid or failed. The row is locked and only a pending
 * payment moves, so duplicated notifications and racing queries settle it once.
 */
export async function settlePayment(
  db: Database,
  paymentNo: string,
  result: { paid: true; tradeNo: string } | { paid: false; code: string },
  actor: string,
  now = new Date(),
): Promise<PaymentRow | null> {
  const settled = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.paymentNo, paymentNo)).for('update');
    if (!row) return null;
    if (row.status !== 'pending') return { row, changed: false };
    const [updated] = await tx
      .update(payments)
      .set(
        result.paid
          ? { status: 'paid', paidAt: now, providerTradeNo: result.tradeNo || row.providerTradeNo, updatedAt: now }
          : { status: 'failed', failureCode: result.code, updatedAt: now },
      )
      .where(eq(payments.id, row.id))
      .returning();
    return { row: updated!, changed: true };
  });
  if (!settled) return null;
  if (settled.changed && settled.row.status === 'paid') {
    if (settled.row.targetType === 'order') await markOrderPaid(db, settled.row, actor, now);
    else await db.update(bills).set({ status: 'paid', paidAt: now }).where(and(eq(bills.id, settled.row.targetId), eq(bills.status, 'unpaid')));
  }
  return settled.row;
}

async function markOrderPaid(db: Database, payment: PaymentRow, actor: string, now: Date): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, payment.targetId));
  if (!order) return;
  if (order.status === 'awaiting_payment') {
    await transitionOrder(db, order.id, 'paid', actor, payment.paymentNo, { paidAt: now }, now);
    await transitionOrder(db, order.id, 'under_review', 'system', 'documents queued for review', {}, now);
  } else if (order.status === 'expired' && payment.createdAt <= order.payBefore) {
    // Started in time, confirmed late: the customer paid within the window, so it counts.
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'under_review', paidAt: now, updatedAt: now }).where(and(eq(orders.id, order.id), eq(orders.status, 'expired')));
      await tx.insert(orderEvents).values({ orderId: order.id, fromStatus: 'expired', toStatus: 'under_review', actor, note: `late confirmation of ${payment.paymentNo}`, at: now });
    });
  }
}

export type NotificationOutcome = 'settled' | 'duplicate' | 'refused';

/** A verified provider notification: checked against the payment, recorded once, settled. */
export async function acceptNotification(db: Database, provider: PaymentProvider, note: VerifiedNotification): Promise<NotificationOutcome> {
  const [payment] = await db.select().from(payments).where(eq(payments.paymentNo, note.paymentNo)).limit(1);
  if (!payment || payment.method !== provider.method) return 'refused';
  if (note.merchantId !== provider.merchantId || note.currency !== payment.currency || note.amount !== payment.amount) return 'refused';
  const recorded = await db
    .insert(paymentNotifications)
    .values({ provider: provider.method, notifyId: note.notifyId, paymentNo: note.paymentNo })
    .onConflictDoNothing()
    .returning({ id: paymentNotifications.id });
  if (recorded.length === 0) return 'duplicate';
  await settlePayment(db, note.paymentNo, note.paid ? { paid: true, tradeNo: note.tradeNo } : { paid: false, code: 'PROVIDER_FAILED' }, `provider:${provider.method}`);
  return 'settled';
}

/** Where a payment stands; one that heard nothing asks its provider (reconciliation). */
export async function paymentStatus(deps: PaymentDeps, userId: number, paymentNo: string): Promise<PaymentRow> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.paymentNo, paymentNo), eq(payments.userId, userId)))
    .limit(1);
  if (!payment) throw new ApiError('NOT_FOUND', 404);
  if (payment.status !== 'pending') return payment;
  const answer = await deps.providers[payment.method as PayMethod].query(paymentNo).catch(() => 'pending' as const);
  if (answer === 'pending') return payment;
  return (await settlePayment(deps.db, paymentNo, answer === 'paid' ? { paid: true, tradeNo: '' } : { paid: false, code: 'PROVIDER_FAILED' }, 'reconciliation')) ?? payment;
}
