import type { Container } from './containers';

/** What the page can read besides the user agent: both are set by the containers themselves. */
export interface WindowLike {
  /** 'miniprogram' inside a WeChat mini-program's web view (once WeixinJSBridge is ready). */
  __wxjs_environment?: string;
  /** Alipay's web-view SDK; `getEnv` answers `{ miniprogram: true }` inside a mini-program. */
  my?: { getEnv?: (callback: (env: { miniprogram?: boolean }) => void) => void };
}

// Alipay's getEnv answers through a callback; the SDK calls it at once when it is loaded, and
// a callback that comes later is too late for a decision taken once at start.
function alipayMiniProgramEnv(win: WindowLike | undefined): boolean {
  let said = false;
  try {
    win?.my?.getEnv?.((env) => {
      said = env.miniprogram === true;
    });
  } catch {
    said = false;
  }
  return said;
}

/**
 * Decided once at start. Order matters: WeCom's UA also says MicroMessenger, a mini-program
 * on Windows also says WindowsWechat, AlipayHK's also says AlipayClient, and DingTalk and
 * Taobao say AliApp without being Alipay.
 */
export function detectPlatform(userAgent: string, win?: WindowLike): Container {
  const ua = userAgent.toLowerCase();
  if (ua.includes('wxwork/')) return 'wecom';
  if (ua.includes('micromessenger')) {
    if (win?.__wxjs_environment === 'miniprogram' || ua.includes('miniprogram')) return 'wechat-miniprogram';
    if (ua.includes('windowswechat') || ua.includes('macwechat')) return 'wechat-desktop';
    return 'wechat';
  }
  if (ua.includes('alipayclienthk') || ua.includes('aliapp(aphk')) return 'alipay-hk';
  if (ua.includes('alipayclient')) {
    if (ua.includes('miniprogram') || alipayMiniProgramEnv(win)) return 'alipay-miniprogram';
    return 'alipay';
  }
  return 'browser';
}

/** A computer rather than a phone or tablet: it pays by QR code and page cashiers, not by app redirect. */
export function isDesktop(userAgent: string): boolean {
  const ua = userAgent.toLowerCase();
  if (/iphone|ipad|ipod|android|mobile|harmonyos/.test(ua)) return false;
  return /windows nt|macintosh|mac os x|x11|linux|cros/.test(ua);
}
