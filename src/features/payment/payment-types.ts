import type { PlatformBridge } from '../../../bridges/types';
import type { PaymentConfig, PayMethod } from '../../../contract/api';
import type { HttpClient } from '../../api/http-client';
import type { KeyValueStorage } from '../../lib/persistence';

// The payment store's shapes: where an attempt stands, how long the page asks, what it is built with.

/** Where a payment attempt stands, as the screens show it. */
export type PayPhase =
  | { kind: 'idle' }
  | { kind: 'working' }
  /**
   * `slow`: no answer yet after a while; the customer may have left the cashier without paying.
   * `codeUrl`: WeChat Pay Native, a QR code to scan with a phone while the page asks the server.
   */
  | { kind: 'querying'; paymentNo: string; slow: boolean; codeUrl?: string }
  | { kind: 'paid'; paymentNo: string; targetType: string }
  | { kind: 'failed'; reasonKey: string; cardCode?: string; method?: PayMethod }
  | { kind: 'cancelled' }
  /** The server has no answer after the polling limit: it will settle later, and tell the customer. */
  | { kind: 'unconfirmed'; paymentNo: string }
  /** A method that cannot run in this app: a one-time link continues in the browser. */
  | { kind: 'open-in-browser'; method: PayMethod }
  /** WeChat Pay from a phone browser without H5: the link, to open inside WeChat. */
  | { kind: 'open-in-wechat' };

/** How long and how often to ask the server; tests shorten them. */
export interface PollTiming {
  firstDelayMs: number;
  maxDelayMs: number;
  /** After this, the screen offers "pay again" beside "check again" while it keeps asking. */
  slowAfterMs: number;
  /** After this, it stops asking and says the result will come later. */
  limitMs: number;
}

export const POLL_TIMING: PollTiming = {
  firstDelayMs: 1500,
  maxDelayMs: 10_000,
  slowAfterMs: 10_000,
  limitMs: 120_000,
};

export const isPayMethod = (m: string): m is PayMethod => m === 'wechat' || m === 'alipay' || m === 'card';

export interface PaymentStoreOptions {
  storage: KeyValueStorage;
  http: HttpClient;
  bridge: PlatformBridge;
  /** The server's payment settings (AppConfigStore), null until the first launch brought them. */
  config: () => PaymentConfig | null;
  /** A computer rather than a phone (contract/containers.ts). */
  desktop?: boolean;
  /** Leaves for a silent WeChat authorization that tells the server the payer's openid. */
  learnWechatPayer?: () => Promise<boolean>;
  timing?: PollTiming;
}
