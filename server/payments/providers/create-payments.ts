import type { PayMethod } from '../../../contract/api.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { alipayLive } from './alipay-live.js';
import type { CardOnFile } from './card-on-file.js';
import { gmoCardOnFileLive } from './gmo-card-on-file-live.js';
import { gmoCardLive } from './gmo-live.js';
import type { PaymentProvider } from './payment-provider.js';
import { sandboxAlipay } from './sandbox-alipay.js';
import { sandboxCard } from './sandbox-card.js';
import { sandboxCardOnFile } from './sandbox-card-on-file.js';
import type { SandboxKeys } from './sandbox-keys.js';
import { sandboxWechatPay } from './sandbox-wechat.js';
import { wechatPayLive } from './wechat-pay-live.js';

/** Each payment method's gateway: the live adapter when its mode says live, else the sandbox this server serves. */
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

/** The card gateway's member and card registration (automatic top-up), as GMO_MODE says, like the card provider. */
export function createCardOnFile(config: Config, db: Database): CardOnFile {
  if (config.GMO_MODE === 'live')
    return gmoCardOnFileLive({
      shopId: config.GMO_SHOP_ID,
      shopPass: config.GMO_SHOP_PASS,
      siteId: config.GMO_SITE_ID,
      sitePass: config.GMO_SITE_PASS,
      apiBase: config.GMO_API_BASE,
    });
  return sandboxCardOnFile(db);
}
