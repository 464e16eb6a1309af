import { createSign, createVerify } from 'node:crypto';

// Alipay's RSA2 rule: every parameter except sign and sign_type, non-empty, sorted by
// name, joined as k=v with "&", signed with SHA256withRSA, base64.

export function signContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function signParams(privateKeyPem: string, params: Record<string, string>): string {
  return createSign('RSA-SHA256').update(signContent(params), 'utf8').sign(privateKeyPem, 'base64');
}

export function verifyParams(publicKeyPem: string, params: Record<string, string>): boolean {
  if (!params.sign || (params.sign_type && params.sign_type !== 'RSA2')) return false;
  try {
    return createVerify('RSA-SHA256').update(signContent(params), 'utf8').verify(publicKeyPem, params.sign, 'base64');
  } catch {
    return false;
  }
}

/** "1980.00" or "1980" in yen, as a whole number of yen; NaN for anything else. */
export function yenFromAmount(value: string | undefined): number {
  if (!value || !/^\d+(\.00?)?$/.test(value)) return Number.NaN;
  return Number.parseInt(value, 10);
}

/** A verified Alipay notification reduced to what settles a payment. */
export function readAlipayNotification(publicKeyPem: string, params: Record<string, string>) {
  if (!verifyParams(publicKeyPem, params)) return null;
  if (!params.notify_id || !params.out_trade_no) return null;
  return {
    notifyId: params.notify_id,
    paymentNo: params.out_trade_no,
    tradeNo: params.trade_no ?? '',
    amount: yenFromAmount(params.total_amount),
    currency: params.currency ?? params.trans_currency ?? 'JPY',
    merchantId: params.app_id ?? '',
    paid: params.trade_status === 'TRADE_SUCCESS' || params.trade_status === 'TRADE_FINISHED',
  };
}
