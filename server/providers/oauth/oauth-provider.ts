export type OAuthPlatform = 'wechat' | 'alipay';

export interface PlatformIdentity {
  /** WeChat unionid (or openid), Alipay user id: stable for one person. */
  subject: string;
  nickname: string;
}

/** Turns a one-time authorization code into the platform identity, or null when refused. */
export interface OAuthProvider {
  readonly platform: OAuthPlatform;
  exchange(code: string): Promise<PlatformIdentity | null>;
}
