import type { PayScene } from '../../../contract/containers.js';
import type { PayMethod } from '../../../contract/api.js';

export type { PayScene } from '../../../contract/containers.js';

export interface PaymentRequest {
  paymentNo: string;
  amount: number;
  description: string;
  scene: PayScene;
  clientIp: string;
  /** Where the customer lands after a redirect flow (cashier, 3-D Secure). */
  returnUrl: string;
  notifyUrl: string;
  cardToken?: string;
  /** The payer in WeChat Pay JSAPI and mini-program orders: their openid for that app. */
  openid?: string;
}

/**
 * The mini-program's pay page and what it needs, as one path the web view hands to
 * wx.miniProgram.navigateTo / my.navigateTo. docs/product.md documents this contract.
 */
export function miniProgramPayPath(paymentNo: string, params: Record<string, string>): string {
  return `/pages/pay/pay?${new URLSearchParams({ paymentNo, ...params }).toString()}`;
}

export type CreateOutcome =
  /** Parameters the page hands to the platform's JS bridge. */
  | { kind: 'bridge'; params: Record<string, string> }
  /** A page the customer must visit (mobile cashier, 3-D Secure challenge). */
  | { kind: 'redirect'; url: string; tradeNo?: string }
  /** WeChat Pay Native: the code_url the customer scans with a phone; the page asks the server. */
  | { kind: 'qr'; codeUrl: string }
  /** A mini-program page (path and query) that pays, then returns to the web view. */
  | { kind: 'miniprogram'; path: string }
  | { kind: 'paid'; tradeNo: string }
  | { kind: 'failed'; code: string };

/** A notification whose signature checked out, reduced to what settles a payment. */
export interface VerifiedNotification {
  notifyId: string;
  paymentNo: string;
  tradeNo: string;
  amount: number;
  currency: string;
  merchantId: string;
  paid: boolean;
}

export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly method: PayMethod;
  readonly merchantId: string;
  /** The scenes this adapter can run with this merchant's contract; the matrix offers no others. */
  readonly scenes: readonly PayScene[];
  create(request: PaymentRequest): Promise<CreateOutcome>;
  /** Null when the signature, or the message itself, does not check out. */
  verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<VerifiedNotification | null>;
  ack(ok: boolean): NotificationAck;
  /** Asks the provider about a payment that heard nothing (reconciliation). */
  query(paymentNo: string): Promise<'paid' | 'failed' | 'pending'>;
  /**
   * Closes an unpaid attempt so its cashier can no longer take money. 'paid' when the
   * provider says it was paid already (the caller settles it instead).
   */
  close(payment: ProviderPaymentRef): Promise<'closed' | 'paid'>;
  /**
   * Sends a paid attempt's money back, all of it or a part; the same refundNo again never
   * refunds twice. A provider without `partialRefunds` refuses a part (throws).
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /** Whether `refund` can send back part of a payment (WeChat Pay and Alipay can; GMO-PG's AlterTran cannot). */
  readonly partialRefunds: boolean;
  /**
   * Back from a 3-D Secure challenge: asks the gateway how the challenge ended (never the
   * browser), and finishes the card payment if it passed.
   */
  completeSecure?(payment: ProviderPaymentRef): Promise<{ status: 'paid' | 'failed' | 'pending'; code: string }>;
}

export interface ProviderPaymentRef {
  paymentNo: string;
  providerTradeNo: string | null;
}

export interface RefundRequest extends ProviderPaymentRef {
  /** One number per refund (WeChat Pay out_refund_no, Alipay out_request_no): a part refunded twice needs two. */
  refundNo: string;
  /** Whole yen to send back: the whole payment (surplus payments) or a part of it (staff). */
  amount: number;
  /** The payment's whole amount (WeChat Pay's amount.total); `amount` when not given. */
  total?: number;
  reason: string;
  /** When the payment was paid: a card charge of the same Tokyo day is voided, later ones returned. */
  paidAt: Date | null;
}

/** 'processing': accepted, the money is on its way (asked again on the next look). */
export type RefundOutcome = { status: 'refunded' | 'processing'; providerRefundNo: string };
