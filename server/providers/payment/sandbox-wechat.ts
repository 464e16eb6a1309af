import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sandboxTrades } from '../../db/schema.js';
import type { PaymentProvider } from './payment-provider.js';
import { SANDBOX_WECHAT_MCHID, type SandboxKeys } from './sandbox-keys.js';
import { jsapiParams, readNotification, wechatAck } from './wechat-pay-crypto.js';

/** WeChat Pay as a local stand-in: JSAPI prepay ids, an H5 cashier, signed v3 notifications. */
export function sandboxWechatPay(db: Database, keys: SandboxKeys, appId: string): PaymentProvider {
  return {
    method: 'wechat',
    merchantId: SANDBOX_WECHAT_MCHID,
    async create(request) {
      const tradeNo = `wx${Date.now()}${randomBytes(4).toString('hex')}`;
      await db.insert(sandboxTrades).values({ tradeNo, provider: 'wechat', paymentNo: request.paymentNo, amount: request.amount, status: 'pending', returnUrl: request.returnUrl });
      if (request.scene === 'h5') return { kind: 'redirect', url: `/sandbox/wechat/cashier?trade=${tradeNo}`, tradeNo };
      // The same fields and paySign rule as a real JSAPI order.
      return { kind: 'bridge', params: jsapiParams(appId, tradeNo, keys.wechatMerchantPrivate) };
    },
    async verifyNotification(headers, rawBody) {
      return readNotification({ platformPublicKeyPem: keys.wechatPlatformPublic, apiV3Key: keys.wechatApiV3Key }, headers, rawBody);
    },
    ack: wechatAck,
    async query(paymentNo) {
      const [trade] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.paymentNo, paymentNo)).limit(1);
      return trade?.status === 'paid' ? 'paid' : trade?.status === 'failed' ? 'failed' : 'pending';
    },
  };
}
