import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signParams } from '../../../server/payments/providers/alipay-crypto';
import {
  SANDBOX_ALIPAY_APP_ID,
  SANDBOX_WECHAT_MCHID,
  SANDBOX_WECHAT_SERIAL,
} from '../../../server/payments/providers/sandbox-keys';
import { buildNotification } from '../../../server/payments/providers/wechat-pay-crypto';

// Payment notifications signed with the app's sandbox keys through the same server functions
// the sandbox gateway signs with (server/payments/providers/sandbox-notifier.ts), so a test
// speaks for the provider exactly as the sandbox does, with the fields it chooses.

export interface Notification {
  headers: Record<string, string>;
  body: string;
}

/** A WeChat Pay APIv3 notification (signed headers, AES-256-GCM resource) for a payment attempt. */
export function wechatNotification(
  app: FastifyInstance,
  {
    paymentNo,
    notifyId = randomUUID(),
    transactionId = `wx-${notifyId}`,
    amount = 1980,
    state = 'SUCCESS',
  }: { paymentNo: string; notifyId?: string; transactionId?: string; amount?: number; state?: string },
): Notification {
  const keys = app.sandboxKeys;
  return buildNotification(
    { platformPrivateKeyPem: keys.wechatPlatformPrivate, apiV3Key: keys.wechatApiV3Key, serial: SANDBOX_WECHAT_SERIAL },
    {
      mchid: SANDBOX_WECHAT_MCHID,
      out_trade_no: paymentNo,
      transaction_id: transactionId,
      trade_state: state,
      amount: { total: amount, currency: 'JPY' },
    },
    notifyId,
  );
}

/** The RSA2-signed form fields of an Alipay trade notification, as the sandbox sends them. */
export function alipayNotificationParams(
  app: FastifyInstance,
  {
    paymentNo,
    tradeNo,
    notifyId = randomUUID().replace(/-/g, ''),
    amount = 1980,
    status = 'TRADE_SUCCESS',
  }: { paymentNo: string; tradeNo: string; notifyId?: string; amount?: number; status?: string },
): Record<string, string> {
  const params: Record<string, string> = {
    notify_id: notifyId,
    notify_time: new Date().toISOString().replace('T', ' ').slice(0, 19),
    notify_type: 'trade_status_sync',
    app_id: SANDBOX_ALIPAY_APP_ID,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    out_trade_no: paymentNo,
    trade_no: tradeNo,
    trade_status: status,
    total_amount: String(amount),
    currency: 'JPY',
  };
  return { ...params, sign: signParams(app.sandboxKeys.alipayPrivate, params) };
}

/** Alipay's notification as it arrives: the (possibly altered) signed fields, form-encoded. */
export function alipayNotification(params: Record<string, string>): Notification {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  };
}

/** Delivers a notification to the provider's notify endpoint, as the provider's servers do. */
export function deliverNotification(app: FastifyInstance, provider: 'wechat' | 'alipay', note: Notification) {
  return app.inject({
    method: 'POST',
    url: `/api/pay/notify/${provider}`,
    headers: note.headers,
    payload: note.body,
  });
}
