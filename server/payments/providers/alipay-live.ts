import { readAlipayNotification } from './alipay-crypto.js';
import { alipayQuitUrl } from './alipay-quit.js';
import { miniProgramPayPath, type PaymentProvider } from './payment-provider.js';

export interface AlipayPayConfig {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
  /** The Alipay mini-program that pays mini-program orders (op_app_id); empty when there is none. */
  miniProgramAppId?: string;
}

/**
 * Alipay through alipay-sdk: a trade for tradePay inside Alipay (or the mini-program's pay page),
 * wap.pay in a phone browser, page.pay on a computer. AlipayHK's Alipay+ cashier is another
 * contract (Antom) this adapter does not hold, so a live deployment does not offer it.
 */
export function alipayLive(config: AlipayPayConfig): PaymentProvider {
  const sdk = async () => {
    const { AlipaySdk } = await import('alipay-sdk');
    // A PEM "PRIVATE KEY" is PKCS#8 (Alipay's tool offers both); the SDK assumes PKCS#1 unless told.
    const keyType = config.privateKey.includes('BEGIN PRIVATE KEY') ? 'PKCS8' : 'PKCS1';
    return new AlipaySdk({
      appId: config.appId,
      privateKey: config.privateKey,
      keyType,
      alipayPublicKey: config.alipayPublicKey,
      gateway: config.gateway,
      timeout: 15_000,
    });
  };
  const query = async (paymentNo: string): Promise<'paid' | 'failed' | 'pending'> => {
    const client = await sdk();
    const result = (await client.exec('alipay.trade.query', { bizContent: { out_trade_no: paymentNo } })) as {
      tradeStatus?: string;
    };
    if (result.tradeStatus === 'TRADE_SUCCESS' || result.tradeStatus === 'TRADE_FINISHED') return 'paid';
    if (result.tradeStatus === 'TRADE_CLOSED') return 'failed';
    return 'pending';
  };
  return {
    method: 'alipay',
    merchantId: config.appId,
    scenes: config.miniProgramAppId ? ['app', 'wap', 'page', 'miniprogram'] : ['app', 'wap', 'page'],
    partialRefunds: true,
    async create(request) {
      const client = await sdk();
      const bizContent = {
        out_trade_no: request.paymentNo,
        total_amount: String(request.amount),
        subject: request.description,
        trans_currency: 'JPY',
      };
      if (request.scene === 'wap') {
        const url = client.pageExecute('alipay.trade.wap.pay', 'GET', {
          // Without quit_url the cashier's cancel leaves the customer inside Alipay's pages.
          bizContent: { ...bizContent, product_code: 'QUICK_WAP_WAY', quit_url: alipayQuitUrl(request.returnUrl) },
          returnUrl: request.returnUrl,
          notifyUrl: request.notifyUrl,
        });
        return { kind: 'redirect', url };
      }
      if (request.scene === 'page') {
        const url = client.pageExecute('alipay.trade.page.pay', 'GET', {
          bizContent: { ...bizContent, product_code: 'FAST_INSTANT_TRADE_PAY' },
          returnUrl: request.returnUrl,
          notifyUrl: request.notifyUrl,
        });
        return { kind: 'redirect', url };
      }
      const miniProgram = request.scene === 'miniprogram';
      const result = (await client.exec('alipay.trade.create', {
        bizContent: miniProgram ? { ...bizContent, op_app_id: config.miniProgramAppId } : bizContent,
        notifyUrl: request.notifyUrl,
      })) as { tradeNo?: string; code?: string };
      if (!result.tradeNo) return { kind: 'failed', code: String(result.code ?? 'ALIPAY_ERROR') };
      return miniProgram
        ? { kind: 'miniprogram', path: miniProgramPayPath(request.paymentNo, { tradeNO: result.tradeNo }) }
        : { kind: 'bridge', params: { tradeNO: result.tradeNo } };
    },
    verifyNotification(_headers, rawBody) {
      return Promise.resolve(
        readAlipayNotification(config.alipayPublicKey, Object.fromEntries(new URLSearchParams(rawBody))),
      );
    },
    ack(ok) {
      return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' };
    },
    query,
    async close(payment) {
      const client = await sdk();
      const result = (await client.exec(
        'alipay.trade.close',
        { bizContent: { out_trade_no: payment.paymentNo } },
        { validateSign: true },
      )) as { code?: string; subCode?: string };
      if (result.code === '10000' || result.subCode === 'ACQ.TRADE_NOT_EXIST') return 'closed';
      // A trade that cannot be closed any more has usually been paid: ask.
      if (result.subCode === 'ACQ.TRADE_STATUS_ERROR' && (await query(payment.paymentNo)) === 'paid') return 'paid';
      throw new Error(`alipay.trade.close ${result.code ?? ''} ${result.subCode ?? ''}`);
    },
    async refund(request) {
      const client = await sdk();
      // A part or all of it; out_request_no tells one partial refund of a trade from the next.
      const bizContent = {
        out_trade_no: request.paymentNo,
        refund_amount: String(request.amount),
        out_request_no: request.refundNo,
        refund_reason: request.reason,
      };
      // Money answers are believed only when Alipay signed them.
      const result = (await client.exec('alipay.trade.refund', { bizContent }, { validateSign: true })) as {
        code?: string;
        subCode?: string;
        fundChange?: string;
        tradeNo?: string;
      };
      if (result.code !== '10000') throw new Error(`alipay.trade.refund ${result.code ?? ''} ${result.subCode ?? ''}`);
      // Asked again with the same out_request_no, Alipay answers the same refund with fund_change N.
      return { status: 'refunded', providerRefundNo: `${result.tradeNo ?? ''}:${request.refundNo}` };
    },
  };
}
