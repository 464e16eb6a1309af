/**
 * WeChat as a third notification channel: a template message from the official account to
 * the customer's openid. The sandbox keeps it in the outbox; live mode sends it.
 */
export interface WechatMessenger {
  readonly kind: 'wechat-sandbox' | 'wechat' | 'wechat-off';
  send(openid: string, title: string, text: string): Promise<void>;
}

/** Nothing leaves: the outbox row is the message, shown on the development outbox page. */
export function sandboxWechatMessenger(): WechatMessenger {
  return { kind: 'wechat-sandbox', send: () => Promise.resolve() };
}

export interface WechatTemplateConfig {
  appId: string;
  secret: string;
  apiBase: string;
  /** A template with `first`, `keyword1`, `remark` fields, approved for the official account. */
  templateId: string;
  /** Where tapping the message goes. */
  url: string;
}

/**
 * The official account's template message API (cgi-bin/message/template/send) with an
 * access token from cgi-bin/token, kept until shortly before it expires.
 */
export function liveWechatMessenger(config: WechatTemplateConfig, fetchImpl: typeof fetch = fetch): WechatMessenger {
  let token: { value: string; until: number } | null = null;
  const accessToken = async () => {
    if (token && token.until > Date.now()) return token.value;
    const url = `${config.apiBase}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(config.appId)}&secret=${encodeURIComponent(config.secret)}`;
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { access_token?: string; expires_in?: number; errcode?: number };
    if (!body.access_token) throw new Error(`WeChat token: errcode ${body.errcode ?? res.status}`);
    token = { value: body.access_token, until: Date.now() + ((body.expires_in ?? 7200) - 300) * 1000 };
    return token.value;
  };
  return {
    kind: 'wechat',
    async send(openid, title, text) {
      const res = await fetchImpl(
        `${config.apiBase}/cgi-bin/message/template/send?access_token=${encodeURIComponent(await accessToken())}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            touser: openid,
            template_id: config.templateId,
            url: config.url,
            data: { first: { value: title }, keyword1: { value: text.slice(0, 200) }, remark: { value: '' } },
          }),
          signal: AbortSignal.timeout(10_000),
        },
      );
      const body = (await res.json()) as { errcode?: number; errmsg?: string };
      // 40001: the token went stale early (another process took a new one); the retry gets a fresh one.
      if (body.errcode === 40001) token = null;
      if (body.errcode) throw new Error(`WeChat template message: errcode ${body.errcode}`);
    },
  };
}
