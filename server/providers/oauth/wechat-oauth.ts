import type { OAuthProvider } from './oauth-provider.js';

interface TokenAnswer {
  access_token?: string;
  openid?: string;
  unionid?: string;
  errcode?: number;
}

interface UserAnswer {
  nickname?: string;
  errcode?: number;
}

/**
 * WeChat official-account web authorization: code -> access_token + openid
 * (/sns/oauth2/access_token), then the profile (/sns/userinfo) for snsapi_userinfo.
 */
export function wechatOAuth(options: {
  appId: string;
  secret: string;
  apiBase: string;
  fetchImpl?: typeof fetch;
}): OAuthProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    platform: 'wechat',
    async exchange(code) {
      const tokenUrl = new URL('/sns/oauth2/access_token', options.apiBase);
      tokenUrl.search = new URLSearchParams({
        appid: options.appId,
        secret: options.secret,
        code,
        grant_type: 'authorization_code',
      }).toString();
      const token = (await (await fetchImpl(tokenUrl, { signal: AbortSignal.timeout(10_000) })).json()) as TokenAnswer;
      if (token.errcode || !token.openid || !token.access_token) return null;

      const userUrl = new URL('/sns/userinfo', options.apiBase);
      userUrl.search = new URLSearchParams({
        access_token: token.access_token,
        openid: token.openid,
        lang: 'zh_CN',
      }).toString();
      let nickname = '';
      try {
        const user = (await (await fetchImpl(userUrl, { signal: AbortSignal.timeout(10_000) })).json()) as UserAnswer;
        if (!user.errcode && user.nickname) nickname = user.nickname;
      } catch {
        // The profile is a nicety; the openid alone signs the customer in.
      }
      return { subject: token.unionid ?? token.openid, nickname };
    },
  };
}
