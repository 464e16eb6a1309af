import { loadStandIn } from './stand-in';
import type { OAuthRedirectRequest, Platform, PlatformBridge } from './types';

interface WeixinJSBridge {
  invoke(name: string, params: Record<string, string>, callback: (res: { err_msg: string }) => void): void;
}

// weixin-js-sdk's typings declare the global as `any`; this reads it with its real shape.
const weixinBridge = (): WeixinJSBridge | undefined =>
  (window as unknown as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge;

/**
 * The page URL wx.config must be signed for. iOS WeChat keeps the URL the web view first
 * opened (history.pushState does not change what it checks); Android checks the current one.
 */
export function jssdkSignUrl(userAgent: string, landingUrl: string, currentUrl: string): string {
  const ios = /iPhone|iPad|iPod/i.test(userAgent);
  return (ios ? landingUrl : currentUrl).split('#')[0]!;
}

export function wechatAuthorizeUrl(request: OAuthRedirectRequest): string {
  const params = new URLSearchParams({
    appid: request.appId,
    redirect_uri: request.returnUrl,
    response_type: 'code',
    scope: 'snsapi_userinfo',
    state: request.state,
  });
  // WeChat requires the parameters in this order and the #wechat_redirect fragment.
  return `${request.authorizeUrl}?${params.toString()}#wechat_redirect`;
}

// iOS WeChat signs against the URL the web view first opened: remember it at start.
const landingUrl = typeof window === 'undefined' ? '' : window.location.href;

export function wechatBridge(platform: Extract<Platform, 'wechat' | 'wechat-miniprogram'>): PlatformBridge {
  const ready = () => {
    if (weixinBridge()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      document.addEventListener('WeixinJSBridgeReady', () => resolve(), { once: true });
      // Outside the real client (tests, desktop WeChat quirks) the event may never come.
      setTimeout(resolve, 3000);
    });
  };
  return {
    platform,
    ready,
    async pay(request) {
      if (request.kind !== 'wechat-jsapi') return 'unsupported';
      if (!weixinBridge() && request.standInUrl) await loadStandIn(request.standInUrl);
      await ready();
      const bridge = weixinBridge();
      if (!bridge) return 'unsupported';
      return new Promise((resolve) => {
        bridge.invoke('getBrandWCPayRequest', request.params, (res) => {
          if (res.err_msg === 'get_brand_wcpay_request:ok') resolve('ok');
          else if (res.err_msg === 'get_brand_wcpay_request:cancel') resolve('cancel');
          else resolve('fail');
        });
      });
    },
    redirect: (url) => window.location.assign(url),
    async openLocation(place, signer) {
      const signed = await signer(jssdkSignUrl(navigator.userAgent, landingUrl, window.location.href)).catch(
        () => null,
      );
      if (!signed) return false;
      // weixin-js-sdk is CommonJS and returns wx rather than setting window.wx; it loads only here.
      const { default: wx } = await import('weixin-js-sdk');
      return new Promise<boolean>((resolve) => {
        wx.config({
          debug: false,
          appId: signed.appId,
          timestamp: Number(signed.timestamp),
          nonceStr: signed.nonceStr,
          signature: signed.signature,
          jsApiList: ['openLocation'],
        });
        wx.error(() => resolve(false));
        wx.ready(() => {
          wx.openLocation({
            latitude: place.latitude,
            longitude: place.longitude,
            name: place.name,
            address: place.address,
            scale: 16,
            infoUrl: '',
          });
          resolve(true);
        });
      });
    },
    login(request) {
      // replace(): the guarded page must not sit twice in history behind the consent page.
      window.location.replace(wechatAuthorizeUrl(request));
      return Promise.resolve({ kind: 'redirected' });
    },
  };
}
