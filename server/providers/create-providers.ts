import type { PayMethod } from '../../contract/api.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { alipayOAuth } from './oauth/alipay-oauth.js';
import type { OAuthPlatform, OAuthProvider } from './oauth/oauth-provider.js';
import { sandboxOAuth } from './oauth/sandbox-oauth.js';
import { wechatMiniProgramOAuth, wechatOAuth } from './oauth/wechat-oauth.js';
import { alipayLive } from './payment/alipay-live.js';
import { gmoCardLive } from './payment/gmo-live.js';
import type { PaymentProvider } from './payment/payment-provider.js';
import { sandboxAlipay } from './payment/sandbox-alipay.js';
import { sandboxCard } from './payment/sandbox-card.js';
import type { SandboxKeys } from './payment/sandbox-keys.js';
import { sandboxWechatPay } from './payment/sandbox-wechat.js';
import { wechatPayLive } from './payment/wechat-pay-live.js';

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

export function createPaymentProviders(
  config: Config,
  db: Database,
  keys: SandboxKeys,
): Record<PayMethod, PaymentProvider> {
  return {
    wechat:
      config.WECHAT_MODE === 'live'
        ? wechatPayLive({
            appId: config.WECHAT_APP_ID,
            mchid: config.WECHAT_PAY_MCHID,
            serialNo: config.WECHAT_PAY_SERIAL,
            privateKeyPem: config.WECHAT_PAY_PRIVATE_KEY,
            platformPublicKeyPem: config.WECHAT_PAY_PLATFORM_PUBLIC_KEY,
            apiV3Key: config.WECHAT_PAY_API_V3_KEY,
            apiBase: config.WECHAT_PAY_API_BASE,
            miniProgramAppId: config.WECHAT_MINIPROGRAM_APP_ID,
          })
        : sandboxWechatPay(db, keys, { official: config.WECHAT_APP_ID, miniProgram: config.WECHAT_MINIPROGRAM_APP_ID }),
    alipay:
      config.ALIPAY_MODE === 'live'
        ? alipayLive({
            appId: config.ALIPAY_APP_ID,
            privateKey: config.ALIPAY_PRIVATE_KEY,
            alipayPublicKey: config.ALIPAY_PUBLIC_KEY,
            gateway: config.ALIPAY_GATEWAY,
            miniProgramAppId: config.ALIPAY_MINIPROGRAM_APP_ID,
          })
        : sandboxAlipay(db, keys),
    card:
      config.GMO_MODE === 'live'
        ? gmoCardLive({ shopId: config.GMO_SHOP_ID, shopPass: config.GMO_SHOP_PASS, apiBase: config.GMO_API_BASE })
        : sandboxCard(db),
  };
}
