import type { OAuthProvider } from './oauth-provider.js';

interface TokenAnswer {
  access_token?: string;
  openid?: string;
  unionid?: string;
  scope?: string;
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
      const payer = { appId: options.appId, openid: token.openid };
      // snsapi_base: the openid (and unionid, once the person has consented before), no profile.
      if (!token.scope?.includes('snsapi_userinfo'))
        return { subject: token.unionid ?? token.openid, nickname: '', scope: 'base', payer };

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
      return { subject: token.unionid ?? token.openid, nickname, scope: 'userinfo', payer };
    },
  };
}

interface SessionAnswer {
  openid?: string;
  unionid?: string;
  errcode?: number;
}

/**
 * A WeChat mini-program's wx.login code -> openid (/sns/jscode2session). The unionid, when the
 * mini-program and the official account share an open-platform account, is the same person.
 */
export function wechatMiniProgramOAuth(options: {
  appId: string;
  secret: string;
  apiBase: string;
  fetchImpl?: typeof fetch;
}): OAuthProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    platform: 'wechat',
    async exchange(code) {
      const url = new URL('/sns/jscode2session', options.apiBase);
      url.search = new URLSearchParams({
        appid: options.appId,
        secret: options.secret,
        js_code: code,
        grant_type: 'authorization_code',
      }).toString();
      const answer = (await (await fetchImpl(url, { signal: AbortSignal.timeout(10_000) })).json()) as SessionAnswer;
      if (answer.errcode || !answer.openid) return null;
      return {
        subject: answer.unionid ?? answer.openid,
        nickname: '',
        scope: 'userinfo',
        payer: { appId: options.appId, openid: answer.openid },
      };
    },
  };
}
