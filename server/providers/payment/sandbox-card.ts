import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sandboxCardTokens } from '../../db/schema.js';
import type { PaymentProvider } from './payment-provider.js';
import { SANDBOX_GMO_SHOP_ID } from './sandbox-keys.js';

/** Test cards of the sandbox gateway: what a charge with each one does. */
export const SANDBOX_CARDS: Record<string, 'ok' | 'decline' | '3ds'> = {
  '4111111111111111': 'ok',
  '4000000000000002': 'decline',
  '4000000000003220': '3ds',
};

/** A GMO-PG-like card gateway: single-use tokens, declines, and a 3-D Secure challenge. */
export function sandboxCard(db: Database): PaymentProvider {
  return {
    method: 'card',
    merchantId: SANDBOX_GMO_SHOP_ID,
    async create(request) {
      // Tokens work once and for 30 minutes, as the real token service's do.
      const used = await db
        .update(sandboxCardTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(sandboxCardTokens.token, request.cardToken ?? ''), isNull(sandboxCardTokens.usedAt), gt(sandboxCardTokens.expiresAt, new Date())))
        .returning();
      const token = used[0];
      if (!token) return { kind: 'failed', code: '502' };
      if (token.behavior === 'decline') return { kind: 'failed', code: 'DECLINED' };
      if (token.behavior === '3ds') {
        const url = `/sandbox/gmo/3ds?payment=${encodeURIComponent(request.paymentNo)}&return=${encodeURIComponent(request.returnUrl)}`;
        return { kind: 'redirect', url, tradeNo: token.token };
      }
      return { kind: 'paid', tradeNo: `gmo-${token.token.slice(0, 12)}` };
    },
    async verifyNotification() {
      return null;
    },
    ack(ok) {
      return { status: 200, contentType: 'text/plain', body: ok ? '0' : '1' };
    },
    async query() {
      return 'pending';
    },
    async completeSecure(_payment, params) {
      return params.result === 'ok' ? { paid: true, code: '' } : { paid: false, code: 'DECLINED' };
    },
  };
}
