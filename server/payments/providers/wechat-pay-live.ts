import { z } from 'zod';
import { miniProgramPayPath, type PaymentProvider } from './payment-provider.js';
import { authorizationHeader, jsapiParams, readNotification, wechatAck } from './wechat-pay-crypto.js';

export interface WechatPayConfig {
  appId: string;
  mchid: string;
  serialNo: string;
  privateKeyPem: string;
  platformPublicKeyPem: string;
  apiV3Key: string;
  apiBase: string;
  /** The mini-program whose pay page runs mini-program orders (its own app ID, the same merchant). */
  miniProgramAppId?: string;
  fetchImpl?: typeof fetch;
}

// The fields of WeChat Pay's answers this adapter reads; a field of another type counts as absent,
// and an answer that is no JSON object as an empty one.
const field = z.string().optional().catch(undefined);
const answerSchema = z
  .object({
    code: field,
    h5_url: field,
    code_url: field,
    prepay_id: field,
    trade_state: field,
    status: field,
    refund_id: field,
  })
  .catch({});

/**
 * WeChat Pay API v3: JSAPI orders inside WeChat, Native (QR) orders on a computer, mini-program
 * orders for the mini-program's pay page, H5 orders in a phone browser where the merchant has it.
 */
export function wechatPayLive(config: WechatPayConfig): PaymentProvider {
  const fetchImpl = config.fetchImpl ?? fetch;
  const call = async (method: 'GET' | 'POST', path: string, payload?: object) => {
    const body = payload ? JSON.stringify(payload) : '';
    const res = await fetchImpl(`${config.apiBase}${path}`, {
      method,
      headers: {
        authorization: authorizationHeader({
          mchid: config.mchid,
          serialNo: config.serialNo,
          privateKeyPem: config.privateKeyPem,
          method,
          path,
          body,
        }),
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: payload ? body : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: res.status, json: answerSchema.parse(await res.json().catch(() => ({}))) };
  };

  return {
    method: 'wechat',
    merchantId: config.mchid,
    scenes: ['jsapi', 'native', 'miniprogram', 'h5'],
    partialRefunds: true,
    async create(request) {
      const base = {
        appid: config.appId,
        mchid: config.mchid,
        description: request.description,
        out_trade_no: request.paymentNo,
        notify_url: request.notifyUrl,
        amount: { total: request.amount, currency: 'JPY' },
      };
      if (request.scene === 'h5') {
        const res = await call('POST', '/v3/pay/transactions/h5', {
          ...base,
          scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } },
        });
        const h5 = res.json.h5_url;
        if (typeof h5 !== 'string') return { kind: 'failed', code: res.json.code ?? 'WECHAT_ERROR' };
        return { kind: 'redirect', url: `${h5}&redirect_url=${encodeURIComponent(request.returnUrl)}` };
      }
      if (request.scene === 'native') {
        const res = await call('POST', '/v3/pay/transactions/native', base);
        const codeUrl = res.json.code_url;
        if (typeof codeUrl !== 'string') return { kind: 'failed', code: res.json.code ?? 'WECHAT_ERROR' };
        return { kind: 'qr', codeUrl };
      }
      // JSAPI and mini-program orders differ only in the app the payer's openid belongs to.
      const appId = request.scene === 'miniprogram' ? (config.miniProgramAppId ?? config.appId) : config.appId;
      if (!request.openid) return { kind: 'failed', code: 'OPENID_MISSING' };
      const res = await call('POST', '/v3/pay/transactions/jsapi', {
        ...base,
        appid: appId,
        payer: { openid: request.openid },
      });
      const prepayId = res.json.prepay_id;
      if (typeof prepayId !== 'string') return { kind: 'failed', code: res.json.code ?? 'WECHAT_ERROR' };
      const params = jsapiParams(appId, prepayId, config.privateKeyPem);
      if (request.scene === 'miniprogram')
        return { kind: 'miniprogram', path: miniProgramPayPath(request.paymentNo, params) };
      return { kind: 'bridge', params };
    },
    verifyNotification(headers, rawBody) {
      return Promise.resolve(
        readNotification(
          { platformPublicKeyPem: config.platformPublicKeyPem, apiV3Key: config.apiV3Key },
          headers,
          rawBody,
        ),
      );
    },
    ack: wechatAck,
    async query(paymentNo) {
      const res = await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}?mchid=${config.mchid}`,
      );
      const state = res.json.trade_state;
      if (state === 'SUCCESS') return 'paid';
      if (state === 'CLOSED' || state === 'PAYERROR' || state === 'REVOKED') return 'failed';
      return 'pending';
    },
    async close(payment) {
      const res = await call(
        'POST',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(payment.paymentNo)}/close`,
        { mchid: config.mchid },
      );
      if (res.status === 204 || res.status === 200) return 'closed';
      if (res.json.code === 'ORDERPAID') return 'paid';
      if (res.json.code === 'ORDER_NOT_EXIST') return 'closed';
      throw new Error(`WeChat Pay close ${res.status} ${res.json.code ?? ''}`);
    },
    async refund(request) {
      const res = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: request.paymentNo,
        out_refund_no: request.refundNo,
        // WeChat Pay takes at most 80 characters of reason.
        reason: request.reason.slice(0, 80),
        // A part of the payment: `refund` is this refund, `total` what was paid.
        amount: { refund: request.amount, total: request.total ?? request.amount, currency: 'JPY' },
      });
      const status = res.json.status;
      const refundId = res.json.refund_id ?? '';
      if (status === 'SUCCESS') return { status: 'refunded', providerRefundNo: refundId };
      if (status === 'PROCESSING') return { status: 'processing', providerRefundNo: refundId };
      throw new Error(`WeChat Pay refund ${res.status} ${status ?? res.json.code ?? ''}`);
    },
  };
}
