import { generateKeyPairSync, randomBytes } from 'node:crypto';

/** Keys the sandbox WeChat Pay and Alipay servers sign with; made fresh for each process. */
export interface SandboxKeys {
  wechatMerchantPrivate: string;
  wechatMerchantPublic: string;
  wechatPlatformPrivate: string;
  wechatPlatformPublic: string;
  wechatApiV3Key: string;
  alipayPrivate: string;
  alipayPublic: string;
}

function pair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

export function makeSandboxKeys(): SandboxKeys {
  const merchant = pair();
  const platform = pair();
  const alipay = pair();
  return {
    wechatMerchantPrivate: merchant.privateKey,
    wechatMerchantPublic: merchant.publicKey,
    wechatPlatformPrivate: platform.privateKey,
    wechatPlatformPublic: platform.publicKey,
    // The APIv3 key is 32 ASCII characters.
    wechatApiV3Key: randomBytes(16).toString('hex'),
    alipayPrivate: alipay.privateKey,
    alipayPublic: alipay.publicKey,
  };
}

export const SANDBOX_WECHAT_MCHID = '1900000109';
export const SANDBOX_WECHAT_SERIAL = 'SANDBOX5F1A2B3C';
export const SANDBOX_ALIPAY_APP_ID = '2021000000000000';
export const SANDBOX_GMO_SHOP_ID = 'tshop00000001';
