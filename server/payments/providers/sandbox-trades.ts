import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sandboxRefunds, sandboxTrades } from '../../db/schema.js';
import type { ProviderPaymentRef, RefundOutcome, RefundRequest } from './payment-provider.js';

// What the sandbox providers' servers keep about a trade, one row per payment attempt (a unique
// key on provider and payment number, as OrderID and out_trade_no are unique at each gateway):
// pending -> paid | failed | closed, and paid -> refunded (once refunds took all of it). Cards add authenticated /
// auth_failed, the result of a 3-D Secure challenge as the gateway saw it.

type Writer = Pick<Database, 'insert'>;
type NewTrade = Omit<typeof sandboxTrades.$inferInsert, 'createdAt'>;

/** States a close can still end: nothing was taken. */
const CLOSABLE = ['pending', 'authenticated', 'auth_failed', 'failed'];

export async function tradeOf(db: Database, provider: string, paymentNo: string) {
  const [trade] = await db
    .select()
    .from(sandboxTrades)
    .where(and(eq(sandboxTrades.provider, provider), eq(sandboxTrades.paymentNo, paymentNo)))
    .limit(1);
  return trade ?? null;
}

/**
 * Opens the one trade of a payment; null when the gateway knows the payment already (closed
 * before this create, or created twice). Checking first and inserting after would let a close
 * slip in between and leave two rows; the key decides instead, and a close waits for it.
 */
export async function openSandboxTrade(db: Writer, trade: NewTrade) {
  const [opened] = await db.insert(sandboxTrades).values(trade).onConflictDoNothing().returning();
  return opened ?? null;
}

/** A closed trade can no longer be paid from its cashier; a paid one answers 'paid'. */
export async function closeSandboxTrade(
  db: Database,
  provider: string,
  payment: ProviderPaymentRef,
): Promise<'closed' | 'paid'> {
  // Nothing created yet (a create still under way): the closed row takes the payment's key, so
  // that create is refused. A create that holds the key already is waited for, then looked at.
  const placeholder = await openSandboxTrade(db, {
    tradeNo: `closed-${provider}-${payment.paymentNo}`,
    provider,
    paymentNo: payment.paymentNo,
    amount: 0,
    status: 'closed',
  });
  if (placeholder) return 'closed';
  const closed = await db
    .update(sandboxTrades)
    .set({ status: 'closed' })
    .where(
      and(
        eq(sandboxTrades.provider, provider),
        eq(sandboxTrades.paymentNo, payment.paymentNo),
        inArray(sandboxTrades.status, CLOSABLE),
      ),
    )
    .returning();
  if (closed.length > 0) return 'closed';
  const now = await tradeOf(db, provider, payment.paymentNo);
  return now?.status === 'paid' || now?.status === 'refunded' ? 'paid' : 'closed';
}

/**
 * Refunds a paid trade, in full or in part, once per refund number: asking again with the same
 * number answers the same refund; more in all than the trade's amount is refused. The trade is
 * `refunded` when nothing of it is left. (The card gateway refuses a partial refund before this.)
 */
export async function refundSandboxTrade(
  db: Database,
  provider: string,
  request: RefundRequest,
): Promise<RefundOutcome> {
  const found = await tradeOf(db, provider, request.paymentNo);
  if (!found) throw new Error('TRADE_NOT_EXIST');
  return db.transaction(async (tx) => {
    const [trade] = await tx.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, found.tradeNo)).for('update');
    if (!trade) throw new Error('TRADE_NOT_EXIST');
    const providerRefundNo = `sbr-${trade.tradeNo}-${request.refundNo}`;
    const [again] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.refundNo, request.refundNo));
    if (again) {
      if (again.tradeNo !== trade.tradeNo || again.amount !== request.amount) throw new Error('REFUND_NO_REUSED');
      return { status: 'refunded', providerRefundNo };
    }
    if (trade.status !== 'paid' && trade.status !== 'refunded') throw new Error(`TRADE_STATUS_ERROR:${trade.status}`);
    const [taken] = await tx
      .select({ sum: sql<number>`coalesce(sum(${sandboxRefunds.amount}), 0)::int` })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.tradeNo, trade.tradeNo));
    // A trade refunded before refunds were recorded one by one was refunded in full.
    const before = trade.status === 'refunded' ? Math.max(trade.amount, taken?.sum ?? 0) : (taken?.sum ?? 0);
    if (request.amount < 1 || before + request.amount > trade.amount) throw new Error('REFUND_AMOUNT_EXCEEDS');
    await tx
      .insert(sandboxRefunds)
      .values({ refundNo: request.refundNo, tradeNo: trade.tradeNo, amount: request.amount });
    if (before + request.amount === trade.amount)
      await tx.update(sandboxTrades).set({ status: 'refunded' }).where(eq(sandboxTrades.tradeNo, trade.tradeNo));
    return { status: 'refunded', providerRefundNo };
  });
}
