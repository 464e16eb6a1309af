import type { OAuthProvider } from './oauth-provider.js';

export interface AlipayOAuthOptions {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
}

/** Alipay mini-app / H5 authorization: auth_code -> alipay.system.oauth.token (user_id or open_id). */
export function alipayOAuth(options: AlipayOAuthOptions): OAuthProvider {
  return {
    platform: 'alipay',
    async exchange(code) {
      const { AlipaySdk } = await import('alipay-sdk');
      const sdk = new AlipaySdk({
        appId: options.appId,
        privateKey: options.privateKey,
        alipayPublicKey: options.alipayPublicKey,
        gateway: options.gateway,
        timeout: 10_000,
      });
      try {
        const result = (await sdk.exec('alipay.system.oauth.token', {
          grant_type: 'authorization_code',
          code,
        })) as { userId?: string; openId?: string; code?: string };
        const subject = result.userId ?? result.openId;
        return subject ? { subject, nickname: '' } : null;
      } catch {
        return null;
      }
    },
  };
}
