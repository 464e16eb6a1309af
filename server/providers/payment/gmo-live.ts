import type { PaymentProvider } from './payment-provider.js';

export interface GmoConfig {
  shopId: string;
  shopPass: string;
  apiBase: string;
  fetchImpl?: typeof fetch;
}

/** GMO-PG answers are form-encoded text: "AccessID=..&AccessPass=.." or "ErrCode=..&ErrInfo=..". */
export function parseGmoAnswer(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * GMO Payment Gateway with the token from token.js: EntryTran (register), ExecTran (charge,
 * or a 3-D Secure 2.0 redirect), SecureTran2 after the challenge. Card numbers never pass here.
 */
export function gmoCardLive(config: GmoConfig): PaymentProvider {
  const fetchImpl = config.fetchImpl ?? fetch;
  const post = async (path: string, params: Record<string, string>) => {
    const res = await fetchImpl(`${config.apiBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(20_000),
    });
    return parseGmoAnswer(await res.text());
  };

  return {
    method: 'card',
    merchantId: config.shopId,
    async create(request) {
      const entry = await post('/payment/EntryTran.idPass', {
        ShopID: config.shopId,
        ShopPass: config.shopPass,
        OrderID: request.paymentNo,
        JobCd: 'CAPTURE',
        Amount: String(request.amount),
        TdFlag: '2',
      });
      if (entry.ErrCode || !entry.AccessID || !entry.AccessPass) return { kind: 'failed', code: entry.ErrInfo ?? 'E01' };
      const exec = await post('/payment/ExecTran.idPass', {
        AccessID: entry.AccessID,
        AccessPass: entry.AccessPass,
        OrderID: request.paymentNo,
        Method: '1',
        Token: request.cardToken ?? '',
        RetUrl: request.returnUrl,
      });
      if (exec.ErrCode) return { kind: 'failed', code: exec.ErrInfo ?? 'E01' };
      // The access pair is kept with the payment row, so any process can finish the challenge.
      if (exec.ACS === '2' && exec.RedirectUrl) return { kind: 'redirect', url: exec.RedirectUrl, tradeNo: `${entry.AccessID}:${entry.AccessPass}` };
      return { kind: 'paid', tradeNo: exec.TranID ?? entry.AccessID };
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
    async completeSecure(payment) {
      const [accessId = '', accessPass = ''] = (payment.providerTradeNo ?? '').split(':');
      const result = await post('/payment/SecureTran2.idPass', { AccessID: accessId, AccessPass: accessPass });
      return result.ErrCode ? { paid: false, code: result.ErrInfo ?? 'E01' } : { paid: true, code: '' };
    },
  };
}
