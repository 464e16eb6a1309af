import { tokyoDate } from '../../../contract/calendar.js';
import type { PaymentProvider } from './payment-provider.js';

const CHARGED = ['CAPTURE', 'AUTH', 'SALES', 'SAUTH'];
const REFUNDED = ['VOID', 'RETURN', 'RETURNX'];

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
  const search = (orderId: string) =>
    post('/payment/SearchTrade.idPass', { ShopID: config.shopId, ShopPass: config.shopPass, OrderID: orderId });

  return {
    method: 'card',
    scenes: ['card'],
    merchantId: config.shopId,
    // AlterTran (VOID, RETURN) takes back a whole charge; a part would need ChangeTran, not done here.
    partialRefunds: false,
    async create(request) {
      const entry = await post('/payment/EntryTran.idPass', {
        ShopID: config.shopId,
        ShopPass: config.shopPass,
        OrderID: request.paymentNo,
        JobCd: 'CAPTURE',
        Amount: String(request.amount),
        TdFlag: '2',
      });
      if (entry.ErrCode || !entry.AccessID || !entry.AccessPass)
        return { kind: 'failed', code: entry.ErrInfo ?? 'E01' };
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
      if (exec.ACS === '2' && exec.RedirectUrl)
        return { kind: 'redirect', url: exec.RedirectUrl, tradeNo: `${entry.AccessID}:${entry.AccessPass}` };
      return { kind: 'paid', tradeNo: exec.TranID ?? entry.AccessID };
    },
    // No card notifications are taken: a card payment is settled by asking the gateway (3-D Secure return, reconciliation).
    verifyNotification() {
      return Promise.resolve(null);
    },
    ack(ok) {
      return { status: 200, contentType: 'text/plain', body: ok ? '0' : '1' };
    },
    async query(paymentNo) {
      const found = await search(paymentNo);
      if (found.ErrCode) return 'pending';
      if (CHARGED.includes(found.Status ?? '') || REFUNDED.includes(found.Status ?? '')) return 'paid';
      return 'pending';
    },
    // Nothing to cancel at the gateway for an unfinished charge: without SecureTran2 it never
    // captures, and only a pending payment is ever finished. A charged one is reported.
    async close(payment) {
      const found = await search(payment.paymentNo);
      return !found.ErrCode && CHARGED.includes(found.Status ?? '') ? 'paid' : 'closed';
    },
    async refund(request) {
      if (request.total !== undefined && request.amount !== request.total)
        throw new Error('GMO-PG: a partial card refund is not supported (AlterTran refunds the whole charge)');
      const found = await search(request.paymentNo);
      if (found.ErrCode || !found.AccessID || !found.AccessPass)
        throw new Error(`SearchTrade ${found.ErrInfo ?? 'no trade'}`);
      if (REFUNDED.includes(found.Status ?? ''))
        return { status: 'refunded', providerRefundNo: `${found.Status}:${request.paymentNo}` };
      // The same day a charge is voided (no fee); afterwards it is returned.
      const sameDay = request.paidAt !== null && tokyoDate(request.paidAt) === tokyoDate(new Date());
      const jobCd = sameDay ? 'VOID' : 'RETURN';
      const result = await post('/payment/AlterTran.idPass', {
        ShopID: config.shopId,
        ShopPass: config.shopPass,
        AccessID: found.AccessID,
        AccessPass: found.AccessPass,
        JobCd: jobCd,
      });
      if (result.ErrCode) throw new Error(`AlterTran ${result.ErrInfo ?? result.ErrCode}`);
      return { status: 'refunded', providerRefundNo: `${jobCd}:${result.TranID ?? request.paymentNo}` };
    },
    async completeSecure(payment) {
      const [accessId = '', accessPass = ''] = (payment.providerTradeNo ?? '').split(':');
      const result = await post('/payment/SecureTran2.idPass', { AccessID: accessId, AccessPass: accessPass });
      return result.ErrCode ? { status: 'failed', code: result.ErrInfo ?? 'E01' } : { status: 'paid', code: '' };
    },
  };
}
