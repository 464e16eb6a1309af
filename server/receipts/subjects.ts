import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Lang } from '../../contract/api.js';
import { withTax, TAX_RATE_PERCENT } from '../../contract/pricing.js';
import type { ReceiptSubject } from '../../contract/receipt-rules.js';
import { addonById } from '../../contract/topup-rules.js';
import type { Database } from '../db/client.js';
import { bills, charges, orders, payments, refunds, type ReceiptLine } from '../db/schema.js';
import { message } from '../lib/messages.js';

/** A paid order, bill or charge as a receipt needs it: who, when, how, and what was sold. */
export interface PaidSubject {
  type: ReceiptSubject;
  id: number;
  no: string;
  kind: string;
  userId: number;
  total: number;
  paidAt: Date;
  paymentId: number | null;
  paymentMethod: string;
  lines: ReceiptLine[];
}

type Params = Record<string, string | number>;
const both = (key: string, params: Params | ((lang: Lang) => Params) = {}) => {
  const name = (lang: Lang) =>
    message(lang, `receipts.item.${key}`, typeof params === 'function' ? params(lang) : params);
  return { cn: name('cn'), ja: name('ja') };
};

// Every line is priced as the charge was (contract/pricing.ts on the stored amounts before
// tax), never from today's prices; one rate, the product's, as everything it sells is taxed at it.
const line = (name: ReceiptLine['name'], amount: number): ReceiptLine => ({
  name,
  qty: 1,
  unitPrice: amount,
  amount,
  taxRate: TAX_RATE_PERCENT,
});

/** A subject's lines; when they do not add up to what was paid, one line of what was paid. */
function checked(lines: ReceiptLine[], total: number, fallback: ReceiptLine['name']): ReceiptLine[] {
  return lines.reduce((sum, l) => sum + l.amount, 0) === total ? lines : [line(fallback, total)];
}

function chargeItemName(code: string, month?: string, billNo?: string): ReceiptLine['name'] {
  if (code.startsWith('topup_')) {
    const addon = addonById(code.slice('topup_'.length));
    return addon ? both('topup', { gb: addon.megabytes / 1024 }) : both('charge_topup');
  }
  if (code === 'bill') return both('bill', { month: month ?? '', billNo: billNo ?? '' });
  if (code === 'monthly_rent' || code === 'keep_number') return both(code, { month: month ?? '' });
  if (code === 'cancellation_fee') return both('cancellation_fee');
  return both('other');
}

/** The payment that paid the subject: paid, and not a surplus one sent back. */
async function settlingPayment(db: Database, type: ReceiptSubject, id: number) {
  const [row] = await db
    .select({ id: payments.id, method: payments.method, paidAt: payments.paidAt })
    .from(payments)
    .where(
      and(
        eq(payments.targetType, type),
        eq(payments.targetId, id),
        eq(payments.status, 'paid'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(refunds)
            .where(and(eq(refunds.paymentId, payments.id), inArray(refunds.reason, ['duplicate', 'closed']))),
        ),
      ),
    )
    .orderBy(asc(payments.paidAt), asc(payments.id))
    .limit(1);
  return row ?? null;
}

/**
 * The subject by its number, the customer's own when `userId` is given (staff: anyone's); null
 * when there is none, it is someone else's, or it is not paid.
 */
export async function paidSubject(
  db: Database,
  type: ReceiptSubject,
  no: string,
  userId: number | null,
): Promise<PaidSubject | null> {
  const owned = <T extends { userId: number }>(row: T | undefined) =>
    row && (userId === null || row.userId === userId) ? row : null;
  let base: Omit<PaidSubject, 'paymentId' | 'paymentMethod'> | null = null;
  if (type === 'order') {
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, no)).limit(1);
    const order = owned(row);
    // Paid once is paid: a later cancellation or refund has its credit note, the receipt stays.
    if (!order || !order.paidAt) return null;
    const name = both('order', (lang) => ({ plan: order.planName[lang] }));
    base = {
      type,
      id: order.id,
      no: order.orderNo,
      kind: '',
      userId: order.userId,
      total: order.total,
      paidAt: order.paidAt,
      lines: checked([line(name, withTax(order.price))], order.total, name),
    };
  } else if (type === 'bill') {
    const [row] = await db.select().from(bills).where(eq(bills.billNo, no)).limit(1);
    const bill = owned(row);
    if (!bill || bill.status !== 'paid' || !bill.paidAt) return null;
    const lines = bill.items.map((i) => line(chargeItemName(i.code, bill.month), withTax(i.amount)));
    base = {
      type,
      id: bill.id,
      no: bill.billNo,
      kind: '',
      userId: bill.userId,
      total: bill.total,
      paidAt: bill.paidAt,
      lines: checked(lines, bill.total, both('bill', { month: bill.month, billNo: bill.billNo })),
    };
  } else {
    const [row] = await db.select().from(charges).where(eq(charges.chargeNo, no)).limit(1);
    const charge = owned(row);
    if (!charge || charge.status !== 'paid' || !charge.paidAt) return null;
    const whole = both(`charge_${charge.kind}`);
    const lines = (charge.items ?? []).map((i) => line(chargeItemName(i.code, i.month, i.billNo), withTax(i.amount)));
    base = {
      type,
      id: charge.id,
      no: charge.chargeNo,
      kind: charge.kind,
      userId: charge.userId,
      total: charge.total,
      paidAt: charge.paidAt,
      lines: lines.length ? checked(lines, charge.total, whole) : [line(whole, charge.total)],
    };
  }
  const payment = await settlingPayment(db, type, base.id);
  return { ...base, paymentId: payment?.id ?? null, paymentMethod: payment?.method ?? '' };
}
