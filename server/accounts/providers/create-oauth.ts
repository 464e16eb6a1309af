import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { alipayOAuth } from './alipay-oauth.js';
import type { OAuthPlatform, OAuthProvider } from './oauth-provider.js';
import { sandboxOAuth } from './sandbox-oauth.js';
import { wechatMiniProgramOAuth, wechatOAuth } from './wechat-oauth.js';

export function createOAuthProviders(config: Config, db: Database): Record<OAuthPlatform, OAuthProvider> {
  return {
    wechat:
      config.WECHAT_MODE === 'live'
        ? wechatOAuth({
            appId: config.WECHAT_APP_ID,
            secret: config.WECHAT_APP_SECRET,
            apiBase: config.WECHAT_API_BASE,
          })
        : sandboxOAuth(db, 'wechat', 'wechat', config.WECHAT_APP_ID),
    alipay:
      config.ALIPAY_MODE === 'live'
        ? alipayOAuth({
            appId: config.ALIPAY_APP_ID,
            privateKey: config.ALIPAY_PRIVATE_KEY,
            alipayPublicKey: config.ALIPAY_PUBLIC_KEY,
            gateway: config.ALIPAY_GATEWAY,
          })
        : sandboxOAuth(db, 'alipay'),
  };
}

/** The mini-programs' own logins (wx.login, my.getAuthCode), exchanged for a web-view ticket. */
export function createMiniProgramOAuth(config: Config, db: Database): Record<OAuthPlatform, OAuthProvider> {
  return {
    wechat:
      config.WECHAT_MODE === 'live'
        ? wechatMiniProgramOAuth({
            appId: config.WECHAT_MINIPROGRAM_APP_ID,
            secret: config.WECHAT_MINIPROGRAM_SECRET,
            apiBase: config.WECHAT_API_BASE,
          })
        : sandboxOAuth(db, 'wechat', 'wechat-miniprogram', config.WECHAT_MINIPROGRAM_APP_ID),
    alipay:
      config.ALIPAY_MODE === 'live'
        ? alipayOAuth({
            appId: config.ALIPAY_MINIPROGRAM_APP_ID || config.ALIPAY_APP_ID,
            privateKey: config.ALIPAY_PRIVATE_KEY,
            alipayPublicKey: config.ALIPAY_PUBLIC_KEY,
            gateway: config.ALIPAY_GATEWAY,
          })
        : sandboxOAuth(db, 'alipay', 'alipay-miniprogram'),
  };
}
