export type OAuthPlatform = 'wechat' | 'alipay';

export interface PlatformIdentity {
  /** WeChat unionid (or openid), Alipay user id: stable for one person across our apps. */
  subject: string;
  nickname: string;
  /**
   * WeChat's snsapi_base: the person is known but did not consent to a profile, so an account
   * that does not exist yet is not made from it (the page asks again with snsapi_userinfo).
   */
  scope?: 'base' | 'userinfo';
  /** Who pays in WeChat Pay from this app: their openid there (JSAPI and mini-program orders). */
  payer?: { appId: string; openid: string };
}

/** Turns a one-time authorization code into the platform identity, or null when refused. */
export interface OAuthProvider {
  readonly platform: OAuthPlatform;
  exchange(code: string): Promise<PlatformIdentity | null>;
}
