import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sandboxRefunds, sandboxTrades } from '../../db/schema.js';
import type { ProviderPaymentRef, RefundOutcome, RefundRequest } from './payment-provider.js';

// What the sandbox providers' servers keep about a trade, one row per payment attempt:
// pending -> paid | failed | closed, and paid -> refunded (once refunds took all of it). Cards add authenticated /
// auth_failed, the result of a 3-D Secure challenge as the gateway saw it.

export async function tradeOf(db: Database, provider: string, paymentNo: string) {
  const [trade] = await db
    .select()
    .from(sandboxTrades)
    .where(and(eq(sandboxTrades.provider, provider), eq(sandboxTrades.paymentNo, paymentNo)))
    .orderBy(desc(sandboxTrades.createdAt))
    .limit(1);
  return trade ?? null;
}

/** A closed trade can no longer be paid from its cashier; a paid one answers 'paid'. */
export async function closeSandboxTrade(
  db: Database,
  provider: string,
  payment: ProviderPaymentRef,
): Promise<'closed' | 'paid'> {
  const trade = await tradeOf(db, provider, payment.paymentNo);
  if (!trade) {
    // Nothing was created yet (a create still under way): remember the close so it cannot start.
    await db
      .insert(sandboxTrades)
      .values({
        tradeNo: `closed-${provider}-${payment.paymentNo}`,
        provider,
        paymentNo: payment.paymentNo,
        amount: 0,
        status: 'closed',
      })
      .onConflictDoNothing();
    return 'closed';
  }
  const closed = await db
    .update(sandboxTrades)
    .set({ status: 'closed' })
    .where(
      and(
        eq(sandboxTrades.tradeNo, trade.tradeNo),
        inArray(sandboxTrades.status, ['pending', 'authenticated', 'auth_failed', 'failed']),
      ),
    )
    .returning();
  if (closed.length > 0) return 'closed';
  const [now] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, trade.tradeNo));
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

/** A trade that exists already for this payment (closed before its create ran) refuses a new one. */
export async function tradeExists(db: Database, provider: string, paymentNo: string): Promise<boolean> {
  return (await tradeOf(db, provider, paymentNo)) !== null;
}
