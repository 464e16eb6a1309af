import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { sandboxTrades } from '../../db/schema.js';
import type { PaymentProvider } from './payment-provider.js';
import { closeSandboxTrade, refundSandboxTrade, tradeExists, tradeOf } from './sandbox-trades.js';
import { SANDBOX_WECHAT_MCHID, type SandboxKeys } from './sandbox-keys.js';
import { jsapiParams, readNotification, wechatAck } from './wechat-pay-crypto.js';

/** WeChat Pay as a local stand-in: JSAPI prepay ids, an H5 cashier, signed v3 notifications. */
export function sandboxWechatPay(db: Database, keys: SandboxKeys, appId: string): PaymentProvider {
  return {
    method: 'wechat',
    merchantId: SANDBOX_WECHAT_MCHID,
    async create(request) {
      if (await tradeExists(db, 'wechat', request.paymentNo)) return { kind: 'failed', code: 'ORDER_CLOSED' };
      const tradeNo = `wx${Date.now()}${randomBytes(4).toString('hex')}`;
      await db.insert(sandboxTrades).values({
        tradeNo,
        provider: 'wechat',
        paymentNo: request.paymentNo,
        amount: request.amount,
        status: 'pending',
        returnUrl: request.returnUrl,
      });
      if (request.scene === 'h5') return { kind: 'redirect', url: `/sandbox/wechat/cashier?trade=${tradeNo}`, tradeNo };
      // The same fields and paySign rule as a real JSAPI order.
      return { kind: 'bridge', params: jsapiParams(appId, tradeNo, keys.wechatMerchantPrivate) };
    },
    verifyNotification(headers, rawBody) {
      return Promise.resolve(
        readNotification(
          { platformPublicKeyPem: keys.wechatPlatformPublic, apiV3Key: keys.wechatApiV3Key },
          headers,
          rawBody,
        ),
      );
    },
    ack: wechatAck,
    async query(paymentNo) {
      const trade = await tradeOf(db, 'wechat', paymentNo);
      return trade?.status === 'paid' || trade?.status === 'refunded'
        ? 'paid'
        : trade?.status === 'failed' || trade?.status === 'closed'
          ? 'failed'
          : 'pending';
    },
    close: (payment) => closeSandboxTrade(db, 'wechat', payment),
    refund: (request) => refundSandboxTrade(db, 'wechat', request),
  };
}
