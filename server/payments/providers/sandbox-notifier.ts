import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signParams } from './alipay-crypto.js';
import {
  SANDBOX_ALIPAY_APP_ID,
  SANDBOX_WECHAT_MCHID,
  SANDBOX_WECHAT_SERIAL,
  type SandboxKeys,
} from './sandbox-keys.js';
import { buildNotification } from './wechat-pay-crypto.js';

export interface SandboxTrade {
  provider: string;
  tradeNo: string;
  paymentNo: string;
  amount: number;
}

const RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 16_000];

/**
 * Sends the notification a real provider would: signed, delivered to /api/pay/notify,
 * sent twice (providers do send duplicates), and retried while it is not acknowledged.
 */
export function sendSandboxNotification(
  app: FastifyInstance,
  keys: SandboxKeys,
  trade: SandboxTrade,
  paid: boolean,
  appId: string,
  delayMs = 0,
): void {
  let message: { headers: Record<string, string>; body: string };
  if (trade.provider === 'wechat') {
    message = buildNotification(
      {
        platformPrivateKeyPem: keys.wechatPlatformPrivate,
        apiV3Key: keys.wechatApiV3Key,
        serial: SANDBOX_WECHAT_SERIAL,
      },
      {
        mchid: SANDBOX_WECHAT_MCHID,
        out_trade_no: trade.paymentNo,
        transaction_id: trade.tradeNo,
        trade_state: paid ? 'SUCCESS' : 'PAYERROR',
        amount: { total: trade.amount, currency: 'JPY' },
        ...{ appid: appId },
      },
      randomUUID(),
    );
  } else {
    const params: Record<string, string> = {
      notify_id: randomUUID().replace(/-/g, ''),
      notify_time: new Date().toISOString().replace('T', ' ').slice(0, 19),
      notify_type: 'trade_status_sync',
      app_id: SANDBOX_ALIPAY_APP_ID,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      out_trade_no: trade.paymentNo,
      trade_no: trade.tradeNo,
      trade_status: paid ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
      total_amount: String(trade.amount),
      currency: 'JPY',
    };
    params.sign = signParams(keys.alipayPrivate, params);
    message = {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    };
  }

  const deliver = async (attempt: number): Promise<void> => {
    let acknowledged = false;
    try {
      const res = await app.inject({
        method: 'POST',
        url: `/api/pay/notify/${trade.provider}`,
        headers: message.headers,
        payload: message.body,
      });
      acknowledged =
        trade.provider === 'wechat' ? res.statusCode === 200 || res.statusCode === 204 : res.body === 'success';
    } catch {
      acknowledged = false;
    }
    const delay = RETRY_DELAYS_MS[attempt];
    if (!acknowledged && delay !== undefined) setTimeout(() => void deliver(attempt + 1), delay).unref();
  };
  // Real providers notify a moment after the customer paid, from their own servers; a server
  // that stops in that moment never hears it (reconciliation asks later instead).
  const first = () =>
    void deliver(0).then(() => {
      setTimeout(() => void deliver(RETRY_DELAYS_MS.length), 300).unref();
    });
  if (delayMs > 0) setTimeout(first, delayMs).unref();
  else first();
}
