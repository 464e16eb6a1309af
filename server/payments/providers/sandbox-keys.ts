import { generateKeyPairSync, randomBytes } from 'node:crypto';

/**
 * Keys the sandbox WeChat Pay and Alipay servers sign with; made fresh for each process, each
 * pair when first used. A 2048-bit RSA pair costs about 0.4 s of CPU: made at start they were
 * a third of the server's start, and a production server (no sandbox) never uses them.
 */
export interface SandboxKeys {
  readonly wechatMerchantPrivate: string;
  readonly wechatMerchantPublic: string;
  readonly wechatPlatformPrivate: string;
  readonly wechatPlatformPublic: string;
  readonly wechatApiV3Key: string;
  readonly alipayPrivate: string;
  readonly alipayPublic: string;
}

interface Pair {
  privateKey: string;
  publicKey: string;
}

function pair(): Pair {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

// One set per process: the app's sandbox servers and the job workers' providers (same
// process under `npm start`) sign and check with the same keys.
const merchant = once(pair);
const platform = once(pair);
const alipay = once(pair);
// The APIv3 key is 32 ASCII characters.
const apiV3Key = once(() => randomBytes(16).toString('hex'));
const keys: SandboxKeys = {
  get wechatMerchantPrivate() {
    return merchant().privateKey;
  },
  get wechatMerchantPublic() {
    return merchant().publicKey;
  },
  get wechatPlatformPrivate() {
    return platform().privateKey;
  },
  get wechatPlatformPublic() {
    return platform().publicKey;
  },
  get wechatApiV3Key() {
    return apiV3Key();
  },
  get alipayPrivate() {
    return alipay().privateKey;
  },
  get alipayPublic() {
    return alipay().publicKey;
  },
};

export function makeSandboxKeys(): SandboxKeys {
  return keys;
}

export const SANDBOX_WECHAT_MCHID = '1900000109';
export const SANDBOX_WECHAT_SERIAL = 'SANDBOX5F1A2B3C';
export const SANDBOX_ALIPAY_APP_ID = '2021000000000000';
export const SANDBOX_GMO_SHOP_ID = 'tshop00000001';
