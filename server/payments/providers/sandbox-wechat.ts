import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { miniProgramPayPath, type PaymentProvider } from './payment-provider.js';
import { closeSandboxTrade, openSandboxTrade, refundSandboxTrade, tradeOf } from './sandbox-trades.js';
import { SANDBOX_WECHAT_MCHID, type SandboxKeys } from './sandbox-keys.js';
import { jsapiParams, readNotification, wechatAck } from './wechat-pay-crypto.js';

/**
 * WeChat Pay as a local stand-in: JSAPI and mini-program prepay ids, an H5 cashier, Native
 * code_urls that open the sandbox's "scanned with a phone" page, signed v3 notifications.
 */
export function sandboxWechatPay(
  db: Database,
  keys: SandboxKeys,
  appIds: { official: string; miniProgram: string },
): PaymentProvider {
  return {
    method: 'wechat',
    merchantId: SANDBOX_WECHAT_MCHID,
    scenes: ['jsapi', 'native', 'h5', 'miniprogram'],
    partialRefunds: true,
    async create(request) {
      const tradeNo = `wx${Date.now()}${randomBytes(4).toString('hex')}`;
      // A payment the gateway knows already (closed before this create ran) opens no second trade.
      const opened = await openSandboxTrade(db, {
        tradeNo,
        provider: 'wechat',
        paymentNo: request.paymentNo,
        amount: request.amount,
        status: 'pending',
        returnUrl: request.returnUrl,
      });
      if (!opened) return { kind: 'failed', code: 'ORDER_CLOSED' };
      if (request.scene === 'h5') return { kind: 'redirect', url: `/sandbox/wechat/cashier?trade=${tradeNo}`, tradeNo };
      if (request.scene === 'native') {
        // A real code_url is weixin://wxpay/bizpayurl?pr=...; here the phone that scans it is a browser.
        const origin = new URL(request.returnUrl).origin;
        return { kind: 'qr', codeUrl: `${origin}/sandbox/wechat/cashier?trade=${tradeNo}&scan=1` };
      }
      // The same fields and paySign rule as a real JSAPI order, for the mini-program's own app ID there.
      if (request.scene === 'miniprogram')
        return {
          kind: 'miniprogram',
          path: miniProgramPayPath(
            request.paymentNo,
            jsapiParams(appIds.miniProgram, tradeNo, keys.wechatMerchantPrivate),
          ),
        };
      return { kind: 'bridge', params: jsapiParams(appIds.official, tradeNo, keys.wechatMerchantPrivate) };
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
