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

interface WechatOAuthOptions {
  appId: string;
  secret: string;
  apiBase: string;
  fetchImpl?: typeof fetch;
}

/** A GET of WeChat's API at `path` with `params` in the query, its JSON answer (10 s at most). */
async function askWechat<T>(options: WechatOAuthOptions, path: string, params: Record<string, string>): Promise<T> {
  const url = new URL(path, options.apiBase);
  url.search = new URLSearchParams(params).toString();
  const answer = await (options.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(10_000) });
  return (await answer.json()) as T;
}

/**
 * WeChat official-account web authorization: code -> access_token + openid
 * (/sns/oauth2/access_token), then the profile (/sns/userinfo) for snsapi_userinfo.
 */
export function wechatOAuth(options: WechatOAuthOptions): OAuthProvider {
  return {
    platform: 'wechat',
    async exchange(code) {
      const token = await askWechat<TokenAnswer>(options, '/sns/oauth2/access_token', {
        appid: options.appId,
        secret: options.secret,
        code,
        grant_type: 'authorization_code',
      });
      if (token.errcode || !token.openid || !token.access_token) return null;
      const payer = { appId: options.appId, openid: token.openid };
      // snsapi_base: the openid (and unionid, once the person has consented before), no profile.
      if (!token.scope?.includes('snsapi_userinfo'))
        return { subject: token.unionid ?? token.openid, nickname: '', scope: 'base', payer };

      let nickname = '';
      try {
        const user = await askWechat<UserAnswer>(options, '/sns/userinfo', {
          access_token: token.access_token,
          openid: token.openid,
          lang: 'zh_CN',
        });
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
export function wechatMiniProgramOAuth(options: WechatOAuthOptions): OAuthProvider {
  return {
    platform: 'wechat',
    async exchange(code) {
      const answer = await askWechat<SessionAnswer>(options, '/sns/jscode2session', {
        appid: options.appId,
        secret: options.secret,
        js_code: code,
        grant_type: 'authorization_code',
      });
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
