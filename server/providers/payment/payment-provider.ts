export type PayMethod = 'wechat' | 'alipay' | 'card';
/** jsapi: inside WeChat; app: inside Alipay (tradePay); h5/wap: a phone browser redirect; card: token. */
export type PayScene = 'jsapi' | 'h5' | 'app' | 'wap' | 'card';

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
  openid?: string;
}

export type CreateOutcome =
  /** Parameters the page hands to the platform's JS bridge. */
  | { kind: 'bridge'; params: Record<string, string> }
  /** A page the customer must visit (mobile cashier, 3-D Secure challenge). */
  | { kind: 'redirect'; url: string; tradeNo?: string }
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
  create(request: PaymentRequest): Promise<CreateOutcome>;
  /** Null when the signature, or the message itself, does not check out. */
  verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<VerifiedNotification | null>;
  ack(ok: boolean): NotificationAck;
  /** Asks the provider about a payment that heard nothing (reconciliation). */
  query(paymentNo: string): Promise<'paid' | 'failed' | 'pending'>;
  /** Back from a 3-D Secure challenge: finish the card payment. */
  completeSecure?(payment: { paymentNo: string; providerTradeNo: string | null }, params: Record<string, string>): Promise<{ paid: boolean; code: string }>;
}
