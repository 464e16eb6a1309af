export type Platform = 'wechat' | 'wechat-miniprogram' | 'alipay' | 'browser';

export interface OAuthRedirectRequest {
  /** WeChat's authorize page (the sandbox one unless configured). */
  authorizeUrl: string;
  appId: string;
  /** Where WeChat sends the customer back, with ?code=&state=. */
  returnUrl: string;
  state: string;
}

export type LoginOutcome =
  /** The page is leaving for the platform's consent screen; it comes back with a code. */
  | { kind: 'redirected' }
  /** The platform handed over an authorization code in place (Alipay). */
  | { kind: 'code'; code: string }
  /** No platform sign-in here (plain browser) or the customer refused. */
  | { kind: 'none' };

export type PayRequest =
  /** getBrandWCPayRequest parameters from the server, every value a string. */
  | { kind: 'wechat-jsapi'; params: Record<string, string>; standInUrl?: string }
  /** Alipay's trade number for tradePay inside the Alipay app. */
  | { kind: 'alipay-trade'; tradeNO: string; standInUrl?: string };

/**
 * What the platform said. "ok" is never final: only the server, told by a signed
 * notification or its own query, decides that a payment is paid (DESIGN.md section 4).
 */
export type PayOutcome = 'ok' | 'cancel' | 'fail' | 'unsupported';

/** One adapter per platform; only bridges/ touch WeixinJSBridge, AlipayJSBridge and redirects. */
export interface PlatformBridge {
  readonly platform: Platform;
  /** Resolves once the platform's JS bridge can be called (at once in a browser). */
  ready(): Promise<void>;
  login(request: OAuthRedirectRequest): Promise<LoginOutcome>;
  pay(request: PayRequest): Promise<PayOutcome>;
  /** Leaves for a payment page (mobile cashier, 3-D Secure); the page returns to success. */
  redirect(url: string): void;
  /**
   * Shows a place in the platform's own map (WeChat's openLocation). False when the platform
   * has none, and the page offers map links instead.
   */
  openLocation(place: MapPlace, signer: JssdkSigner): Promise<boolean>;
}

export interface MapPlace {
  latitude: number;
  longitude: number;
  name: string;
  address: string;
}

/** Asks the server for wx.config parameters for a page URL. */
export type JssdkSigner = (
  url: string,
) => Promise<{ appId: string; timestamp: string; nonceStr: string; signature: string } | null>;
