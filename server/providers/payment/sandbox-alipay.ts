import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sandboxTrades } from '../../db/schema.js';
import { readAlipayNotification } from './alipay-crypto.js';
import type { PaymentProvider } from './payment-provider.js';
import { SANDBOX_ALIPAY_APP_ID, type SandboxKeys } from './sandbox-keys.js';

/** Alipay as a local stand-in: trade numbers for tradePay, a WAP cashier, RSA2 notifications. */
export function sandboxAlipay(db: Database, keys: SandboxKeys): PaymentProvider {
  return {
    method: 'alipay',
    merchantId: SANDBOX_ALIPAY_APP_ID,
    async create(request) {
      const tradeNo = `2026${Date.now()}${randomBytes(3).toString('hex')}`;
      await db.insert(sandboxTrades).values({ tradeNo, provider: 'alipay', paymentNo: request.paymentNo, amount: request.amount, status: 'pending', returnUrl: request.returnUrl });
      if (request.scene === 'wap') return { kind: 'redirect', url: `/sandbox/alipay/cashier?trade=${tradeNo}`, tradeNo };
      return { kind: 'bridge', params: { tradeNO: tradeNo } };
    },
    async verifyNotification(_headers, rawBody) {
      return readAlipayNotification(keys.alipayPublic, Object.fromEntries(new URLSearchParams(rawBody)));
    },
    ack(ok) {
      return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' };
    },
    async query(paymentNo) {
      const [trade] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.paymentNo, paymentNo)).limit(1);
      return trade?.status === 'paid' ? 'paid' : trade?.status === 'failed' ? 'failed' : 'pending';
    },
  };
}
