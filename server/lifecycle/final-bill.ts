import { and, desc, eq, inArray } from 'drizzle-orm';
import { addDays, addMonths, tokyoDate } from '../../contract/calendar.js';
import {
  KEEP_NUMBER_FEE_DEFAULT,
  monthsAfter,
  paidUntil,
  pauseCoversMonth,
  type CancellationTerms,
} from '../../contract/lifecycle-rules.js';
import type { CancellationQuote, FinalBillItem } from '../../contract/leave-views.js';
import { taxOf, withTax } from '../../contract/pricing.js';
import type { Database } from '../db/client.js';
import { bills, linePauses, lines, plans } from '../db/schema.js';
import { billNoOf, onChargePaid, type ChargeItem, type ChargeRow } from '../billing/index.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Tx | Database;

/**
 * The final bill's money. Each item is priced as the bill it stands for would be: rent and fee
 * get their own tax (taxOf per item, as the bill run taxes each month), an unpaid bill keeps
 * the tax it was issued with. The charge's tax is the sum of those taxes, so its total is
 * exactly the sum of the totals shown item by item, and paying it settles the same yen the
 * separate bills would have asked for (never a yen more from rounding the sum once).
 */
export interface FinalBill {
  items: ChargeItem[];
  amountExTax: number;
  tax: number;
  total: number;
  /** The same items as the customer sees them, with tax. */
  shown: FinalBillItem[];
}

/** What a cancellation with `terms` owes for the line, now. */
export async function finalBillFor(
  db: Db,
  line: { id: number; planId: number },
  terms: CancellationTerms,
  cancellationFee: number,
  now: Date,
  keepNumberFee = KEEP_NUMBER_FEE_DEFAULT,
): Promise<FinalBill> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, line.planId)).limit(1);
  const [latest] = await db
    .select({ month: bills.month })
    .from(bills)
    .where(eq(bills.lineId, line.id))
    .orderBy(desc(bills.month))
    .limit(1);
  // No bill yet: the first month was paid with the order, so rent starts after the current month.
  const lastBilled = latest?.month ?? tokyoDate(now).slice(0, 7);
  const rent = plan?.monthlyRent ?? 0;
  const unpaid = await db
    .select()
    .from(bills)
    .where(and(eq(bills.lineId, line.id), eq(bills.status, 'unpaid')))
    .orderBy(bills.month);
  // A month a running pause covers is priced as the bill run would: the keep-number fee, not rent.
  const pauses = await db
    .select({ startOn: linePauses.startOn, resumeOn: linePauses.resumeOn })
    .from(linePauses)
    .where(and(eq(linePauses.lineId, line.id), inArray(linePauses.status, ['running', 'done'])));
  const priced: { item: ChargeItem; tax: number; shown: FinalBillItem }[] = [];
  for (const month of monthsAfter(lastBilled, terms.billedThrough)) {
    const kept = pauses.some((p) => pauseCoversMonth(p, month));
    const code = kept ? 'keep_number' : 'monthly_rent';
    const amount = kept ? keepNumberFee : rent;
    priced.push({
      item: { code, month, amount },
      tax: taxOf(amount),
      shown: { code, month, billNo: null, total: withTax(amount) },
    });
  }
  for (const bill of unpaid)
    priced.push({
      item: { code: 'bill', billNo: bill.billNo, month: bill.month, amount: bill.subtotal },
      tax: bill.tax,
      shown: { code: 'bill', month: bill.month, billNo: bill.billNo, total: bill.total },
    });
  if (cancellationFee > 0)
    priced.push({
      item: { code: 'cancellation_fee', amount: cancellationFee },
      tax: taxOf(cancellationFee),
      shown: { code: 'cancellation_fee', month: null, billNo: null, total: withTax(cancellationFee) },
    });
  const amountExTax = priced.reduce((sum, p) => sum + p.item.amount, 0);
  const tax = priced.reduce((sum, p) => sum + p.tax, 0);
  return {
    items: priced.map((p) => p.item),
    amountExTax,
    tax,
    total: amountExTax + tax,
    shown: priced.map((p) => p.shown),
  };
}

/** A stored final bill's items as the customer sees them (bills' own totals, the rest taxed per item). */
export async function shownItems(db: Db, items: ChargeItem[]): Promise<FinalBillItem[]> {
  const billNos = items.flatMap((i) => (i.code === 'bill' && i.billNo ? [i.billNo] : []));
  const totals = new Map(
    (billNos.length
      ? await db.select({ billNo: bills.billNo, total: bills.total }).from(bills).where(inArray(bills.billNo, billNos))
      : []
    ).map((b) => [b.billNo, b.total]),
  );
  return items.map((i) => ({
    code: i.code === 'bill' || i.code === 'cancellation_fee' || i.code === 'keep_number' ? i.code : 'monthly_rent',
    month: i.month ?? null,
    billNo: i.billNo ?? null,
    total: (i.billNo ? totals.get(i.billNo) : undefined) ?? withTax(i.amount),
  }));
}

export function quoteOf(terms: CancellationTerms, bill: FinalBill, simReturn: boolean): CancellationQuote {
  return {
    lastDay: terms.lastDay,
    rule: terms.rule,
    billedThrough: terms.billedThrough,
    paidUntil: paidUntil(terms.billedThrough),
    items: bill.shown,
    total: bill.total,
    simReturn,
  };
}

const lastDayOfMonth = (month: string) => addDays(addMonths(`${month}-01`, 1), -1);

/**
 * Paying the final bill, in the payment's transaction: the unpaid bills it covers become paid,
 * and each month of rent on it becomes a paid bill of that month (the bill run's number), so
 * receipts show it and the bill run finds the month billed. A withdrawal afterwards moves no
 * money: those months are simply paid.
 */
export async function settleFinalBill(tx: Tx, charge: ChargeRow, now: Date): Promise<void> {
  if (charge.lineId === null) return;
  const [line] = await tx.select().from(lines).where(eq(lines.id, charge.lineId)).limit(1);
  if (!line) return;
  for (const item of charge.items ?? []) {
    if (item.code === 'bill' && item.billNo)
      await tx
        .update(bills)
        .set({ status: 'paid', paidAt: now })
        .where(and(eq(bills.billNo, item.billNo), eq(bills.lineId, line.id), eq(bills.status, 'unpaid')));
    if ((item.code === 'monthly_rent' || item.code === 'keep_number') && item.month) {
      const tax = taxOf(item.amount);
      await tx
        .insert(bills)
        .values({
          billNo: billNoOf(item.month, line.id),
          userId: line.userId,
          lineId: line.id,
          month: item.month,
          items: [{ code: item.code, planId: line.planId, amount: item.amount }],
          subtotal: item.amount,
          tax,
          total: item.amount + tax,
          dueDate: lastDayOfMonth(item.month),
          status: 'paid',
          paidAt: now,
        })
        .onConflictDoNothing();
    }
  }
}

// At module load, so the app and the worker (which imports the sweep through this domain) both settle it.
onChargePaid('final_bill', settleFinalBill);
