import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { readAlipayNotification } from './alipay-crypto.js';
import { miniProgramPayPath, type PaymentProvider } from './payment-provider.js';
import { closeSandboxTrade, openSandboxTrade, refundSandboxTrade, tradeOf } from './sandbox-trades.js';
import { SANDBOX_ALIPAY_APP_ID, type SandboxKeys } from './sandbox-keys.js';

/**
 * Alipay as a local stand-in: trade numbers for tradePay and the mini-program, phone and
 * computer cashiers, the Alipay+ cashier AlipayHK pays on, RSA2 notifications.
 */
export function sandboxAlipay(db: Database, keys: SandboxKeys): PaymentProvider {
  return {
    method: 'alipay',
    merchantId: SANDBOX_ALIPAY_APP_ID,
    scenes: ['app', 'wap', 'page', 'miniprogram', 'alipayplus'],
    partialRefunds: true,
    async create(request) {
      const tradeNo = `2026${Date.now()}${randomBytes(3).toString('hex')}`;
      // A payment the gateway knows already (closed before this create ran) opens no second trade.
      const opened = await openSandboxTrade(db, {
        tradeNo,
        provider: 'alipay',
        paymentNo: request.paymentNo,
        amount: request.amount,
        status: 'pending',
        returnUrl: request.returnUrl,
      });
      if (!opened) return { kind: 'failed', code: 'ORDER_CLOSED' };
      if (request.scene === 'wap' || request.scene === 'page')
        return { kind: 'redirect', url: `/sandbox/alipay/cashier?trade=${tradeNo}`, tradeNo };
      if (request.scene === 'alipayplus')
        return { kind: 'redirect', url: `/sandbox/alipay/cashier?trade=${tradeNo}&wallet=ALIPAY_HK`, tradeNo };
      if (request.scene === 'miniprogram')
        return { kind: 'miniprogram', path: miniProgramPayPath(request.paymentNo, { tradeNO: tradeNo }) };
      return { kind: 'bridge', params: { tradeNO: tradeNo } };
    },
    verifyNotification(_headers, rawBody) {
      return Promise.resolve(
        readAlipayNotification(keys.alipayPublic, Object.fromEntries(new URLSearchParams(rawBody))),
      );
    },
    ack(ok) {
      return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' };
    },
    async query(paymentNo) {
      const trade = await tradeOf(db, 'alipay', paymentNo);
      return trade?.status === 'paid' || trade?.status === 'refunded'
        ? 'paid'
        : trade?.status === 'failed' || trade?.status === 'closed'
          ? 'failed'
          : 'pending';
    },
    close: (payment) => closeSandboxTrade(db, 'alipay', payment),
    refund: (request) => refundSandboxTrade(db, 'alipay', request),
  };
}
