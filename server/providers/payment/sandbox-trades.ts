import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sandboxTrades } from '../../db/schema.js';
import type { ProviderPaymentRef, RefundOutcome, RefundRequest } from './payment-provider.js';

// What the sandbox providers' servers keep about a trade, one row per payment attempt:
// pending -> paid | failed | closed, and paid -> refunded. Cards add authenticated /
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

/** Refunds a paid trade, once; asking again answers the same refund. */
export async function refundSandboxTrade(
  db: Database,
  provider: string,
  request: RefundRequest,
): Promise<RefundOutcome> {
  const trade = await tradeOf(db, provider, request.paymentNo);
  if (!trade) throw new Error('TRADE_NOT_EXIST');
  if (request.amount > trade.amount) throw new Error('REFUND_AMOUNT_EXCEEDS');
  if (trade.status === 'paid') {
    await db
      .update(sandboxTrades)
      .set({ status: 'refunded' })
      .where(and(eq(sandboxTrades.tradeNo, trade.tradeNo), eq(sandboxTrades.status, 'paid')));
  } else if (trade.status !== 'refunded') {
    throw new Error(`TRADE_STATUS_ERROR:${trade.status}`);
  }
  return { status: 'refunded', providerRefundNo: `sbr-${trade.tradeNo}` };
}

/** A trade that exists already for this payment (closed before its create ran) refuses a new one. */
export async function tradeExists(db: Database, provider: string, paymentNo: string): Promise<boolean> {
  return (await tradeOf(db, provider, paymentNo)) !== null;
}
