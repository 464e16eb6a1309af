import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { CARD_TOKEN_INVALID } from '../../../contract/card-rules.js';
import type { Database } from '../../db/client.js';
import { sandboxCardTokens, sandboxTrades } from '../../db/schema.js';
import type { CreateOutcome, PaymentProvider } from './payment-provider.js';
import { SANDBOX_GMO_SHOP_ID } from './sandbox-keys.js';
import { closeSandboxTrade, openSandboxTrade, refundSandboxTrade, tradeOf } from './sandbox-trades.js';

/** Test cards of the sandbox gateway: what a charge with each one does. */
export const SANDBOX_CARDS: Record<string, 'ok' | 'decline' | '3ds'> = {
  '4111111111111111': 'ok',
  '4000000000000002': 'decline',
  '4000000000003220': '3ds',
};

/**
 * A GMO-PG-like card gateway: single-use tokens, declines, and a 3-D Secure challenge whose
 * result the gateway itself records (its /sandbox/gmo/3ds page), as SecureTran2 reads it.
 * Every charge is a sandbox trade, so it can be voided, refunded and looked up.
 */
export function sandboxCard(db: Database): PaymentProvider {
  return {
    method: 'card',
    scenes: ['card'],
    merchantId: SANDBOX_GMO_SHOP_ID,
    // As the live adapter: AlterTran takes back whole charges only.
    partialRefunds: false,
    create(request) {
      // EntryTran and ExecTran in one transaction: the OrderID's trade is opened (refused, as
      // EntryTran refuses, when the gateway knows it: closed before this create ran), then
      // charged. A void racing the charge waits on the trade's key and finds the outcome: paid
      // (the shop settles or refunds it) or, for 3-D Secure, still pending and voided then.
      return db.transaction(async (tx): Promise<CreateOutcome> => {
        const trade = await openSandboxTrade(tx, {
          tradeNo: `gmo-${randomBytes(8).toString('hex')}`,
          provider: 'card',
          paymentNo: request.paymentNo,
          amount: request.amount,
          status: 'pending',
          returnUrl: request.returnUrl,
        });
        if (!trade) return { kind: 'failed', code: 'E01040010' };
        const settle = (status: string) =>
          tx.update(sandboxTrades).set({ status }).where(eq(sandboxTrades.tradeNo, trade.tradeNo));
        // Tokens work once and for 30 minutes, as the real token service's do.
        const [token] = await tx
          .update(sandboxCardTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(sandboxCardTokens.token, request.cardToken ?? ''),
              isNull(sandboxCardTokens.usedAt),
              gt(sandboxCardTokens.expiresAt, new Date()),
            ),
          )
          .returning();
        if (!token || token.behavior === 'decline') {
          await settle('failed');
          return { kind: 'failed', code: token ? 'DECLINED' : CARD_TOKEN_INVALID };
        }
        if (token.behavior === '3ds') {
          const url = `/sandbox/gmo/3ds?payment=${encodeURIComponent(request.paymentNo)}`;
          return { kind: 'redirect', url, tradeNo: trade.tradeNo };
        }
        await settle('paid');
        return { kind: 'paid', tradeNo: trade.tradeNo };
      });
    },
    // No card notifications are taken: a card payment is settled by asking the gateway (3-D Secure return, reconciliation).
    verifyNotification() {
      return Promise.resolve(null);
    },
    ack(ok) {
      return { status: 200, contentType: 'text/plain', body: ok ? '0' : '1' };
    },
    async query(paymentNo) {
      const trade = await tradeOf(db, 'card', paymentNo);
      return trade?.status === 'paid' || trade?.status === 'refunded'
        ? 'paid'
        : trade?.status === 'failed' || trade?.status === 'closed'
          ? 'failed'
          : 'pending';
    },
    close: (payment) => closeSandboxTrade(db, 'card', payment),
    refund: (request) => {
      if (request.total !== undefined && request.amount !== request.total)
        return Promise.reject(new Error('E01: a partial card refund is not supported'));
      return refundSandboxTrade(db, 'card', request);
    },
    async completeSecure(payment) {
      const trade = await tradeOf(db, 'card', payment.paymentNo);
      if (trade?.status === 'auth_failed') {
        await db
          .update(sandboxTrades)
          .set({ status: 'failed' })
          .where(and(eq(sandboxTrades.tradeNo, trade.tradeNo), eq(sandboxTrades.status, 'auth_failed')));
        // The issuer did not decline: the customer did not pass the challenge.
        return { status: 'failed', code: 'SECURE_FAILED' };
      }
      if (trade?.status === 'authenticated') {
        // The charge happens here, as SecureTran2 charges: once.
        await db
          .update(sandboxTrades)
          .set({ status: 'paid' })
          .where(and(eq(sandboxTrades.tradeNo, trade.tradeNo), eq(sandboxTrades.status, 'authenticated')));
        return { status: 'paid', code: '' };
      }
      if (trade?.status === 'paid' || trade?.status === 'refunded') return { status: 'paid', code: '' };
      if (!trade || trade.status === 'failed' || trade.status === 'closed') return { status: 'failed', code: 'E01' };
      return { status: 'pending', code: '' };
    },
  };
}
