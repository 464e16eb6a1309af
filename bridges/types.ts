// The container and its list are contract/ (the server decides a request's container too);
// the bridges keep using them under their old names.
import type { Container } from '../contract/containers';

export { CONTAINERS, type Container } from '../contract/containers';

/** The bridges' older name for the container. */
export type Platform = Container;

export interface OAuthRedirectRequest {
  /** WeChat's authorize page (the sandbox one unless configured). */
  authorizeUrl: string;
  appId: string;
  /** Where WeChat sends the customer back, with ?code=&state=. */
  returnUrl: string;
  state: string;
  /** snsapi_base signs a linked account in without asking; snsapi_userinfo asks the first time. */
  scope: 'snsapi_base' | 'snsapi_userinfo';
  /** Sandbox only: the script that plays the app's sheets where no real client runs. */
  standInUrl?: string;
}

export type LoginOutcome =
  /** The page is leaving for the platform's consent screen; it comes back with a code. */
  | { kind: 'redirected' }
  /** The platform handed over an authorization code in place (Alipay). */
  | { kind: 'code'; code: string }
  /** The customer declined on the platform's own consent sheet (Alipay). */
  | { kind: 'cancelled' }
  /** No platform sign-in here (plain browser), or the platform failed. */
  | { kind: 'none' };

export type PayRequest =
  /** getBrandWCPayRequest parameters from the server, every value a string. */
  | { kind: 'wechat-jsapi'; params: Record<string, string>; standInUrl?: string }
  /** Alipay's trade number for tradePay inside the Alipay app. */
  | { kind: 'alipay-trade'; tradeNO: string; standInUrl?: string }
  /** The mini-program's own pay page (path and query from the server); it comes back to this page. */
  | { kind: 'mini-program-page'; path: string; standInUrl?: string };

/**
 * What the platform said. "ok" is never final: only the server, told by a signed
 * notification or its own query, decides that a payment is paid (docs/architecture.md#payment-flow).
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
  /**
   * What a share from this page shows (WeChat's share card). False where the container has no
   * share API of ours: there the server-drawn Open Graph tags are what a link preview reads.
   */
  setShare(card: ShareCard, signer: JssdkSigner): Promise<boolean>;
}

export interface ShareCard {
  title: string;
  description: string;
  /** Absolute: WeChat fetches it from its own servers. */
  link: string;
  imageUrl: string;
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
