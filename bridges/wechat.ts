import { loadStandIn } from './stand-in';
import type { Container, JssdkSigner, OAuthRedirectRequest, PlatformBridge, ShareCard } from './types';

interface WeixinJSBridge {
  invoke(name: string, params: Record<string, string>, callback: (res: { err_msg: string }) => void): void;
}

/** The parts of the JS-SDK (wx) this app calls. */
interface WxApi {
  config(options: Record<string, unknown>): void;
  ready(callback: () => void): void;
  error(callback: (res: unknown) => void): void;
  openLocation(options: Record<string, unknown>): void;
  updateAppMessageShareData(options: Record<string, unknown>): void;
  updateTimelineShareData(options: Record<string, unknown>): void;
  miniProgram: {
    navigateTo(options: { url: string; success?: () => void; fail?: (res: unknown) => void }): void;
    redirectTo(options: { url: string; success?: () => void; fail?: (res: unknown) => void }): void;
  };
}

// weixin-js-sdk's typings declare the globals as `any`; these read them with their real shape.
const weixinBridge = (): WeixinJSBridge | undefined =>
  (window as unknown as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge;

/**
 * The JS-SDK: a page-level `wx` when one is there (the SDK loaded by a script tag, or the
 * sandbox's and tests' stand-in), else the npm package, which is CommonJS and returns `wx`
 * rather than setting window.wx; it loads only when a page needs it.
 */
async function loadWx(): Promise<WxApi> {
  const global = (window as unknown as { wx?: WxApi }).wx;
  if (global) return global;
  const { default: wx } = await import('weixin-js-sdk');
  return wx as unknown as WxApi;
}

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
    scope: request.scope,
    state: request.state,
  });
  // WeChat requires the parameters in this order and the #wechat_redirect fragment.
  return `${request.authorizeUrl}?${params.toString()}#wechat_redirect`;
}

// iOS WeChat signs against the URL the web view first opened: remember it at start.
const landingUrl = typeof window === 'undefined' ? '' : window.location.href;

const JS_APIS = ['openLocation', 'updateAppMessageShareData', 'updateTimelineShareData'];

/**
 * wx.config for the URL WeChat checks, once per URL: on Android each route is a new URL and is
 * signed again; on iOS the landing URL's signature holds for every route.
 */
let configured: { url: string; ready: Promise<WxApi | null> } | null = null;

function configureWx(signer: JssdkSigner): Promise<WxApi | null> {
  const url = jssdkSignUrl(navigator.userAgent, landingUrl, window.location.href);
  if (configured?.url === url) return configured.ready;
  const ready = (async () => {
    const signed = await signer(url).catch(() => null);
    if (!signed) return null;
    const wx = await loadWx().catch(() => null);
    if (!wx) return null;
    return new Promise<WxApi | null>((resolve) => {
      wx.error(() => resolve(null));
      wx.ready(() => resolve(wx));
      wx.config({
        debug: false,
        appId: signed.appId,
        timestamp: Number(signed.timestamp),
        nonceStr: signed.nonceStr,
        signature: signed.signature,
        jsApiList: JS_APIS,
      });
    });
  })();
  configured = { url, ready };
  // A failed signature is asked again on the next route, not remembered.
  void ready.then((wx) => {
    if (!wx && configured?.ready === ready) configured = null;
  });
  return ready;
}

type WechatContainer = Extract<Container, 'wechat' | 'wechat-desktop' | 'wechat-miniprogram'>;

/** Where the mini-program's own web-view page gets a fresh ticket and opens this page again (docs/product.md). */
export const MINI_PROGRAM_SIGN_IN_PAGE = '/pages/index/index';

export function wechatBridge(container: WechatContainer): PlatformBridge {
  const ready = () => {
    if (weixinBridge()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      document.addEventListener('WeixinJSBridgeReady', () => resolve(), { once: true });
      // Outside the real client (tests, desktop WeChat quirks) the event may never come.
      setTimeout(resolve, 3000);
    });
  };
  const miniProgram = async (standInUrl?: string) => {
    if (!weixinBridge() && standInUrl) await loadStandIn(standInUrl);
    return (await loadWx().catch(() => null))?.miniProgram ?? null;
  };
  return {
    platform: container,
    ready,
    async pay(request) {
      if (request.kind === 'mini-program-page') {
        if (container !== 'wechat-miniprogram') return 'unsupported';
        const mp = await miniProgram(request.standInUrl);
        if (!mp) return 'unsupported';
        // The pay page pays and comes back; only the server says how it went.
        return new Promise((resolve) =>
          mp.navigateTo({ url: request.path, success: () => resolve('ok'), fail: () => resolve('fail') }),
        );
      }
      if (request.kind !== 'wechat-jsapi' || container !== 'wechat') return 'unsupported';
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
      const wx = await configureWx(signer);
      if (!wx) return false;
      wx.openLocation({
        latitude: place.latitude,
        longitude: place.longitude,
        name: place.name,
        address: place.address,
        scale: 16,
        infoUrl: '',
      });
      return true;
    },
    async setShare(card: ShareCard, signer) {
      // A mini-program's web view shares through the mini-program, not the JS-SDK.
      if (container === 'wechat-miniprogram') return false;
      const wx = await configureWx(signer);
      if (!wx) return false;
      const shared = { title: card.title, link: card.link, imgUrl: card.imageUrl };
      wx.updateAppMessageShareData({ ...shared, desc: card.description });
      wx.updateTimelineShareData(shared);
      return true;
    },
    async login(request) {
      if (container === 'wechat-miniprogram') {
        // Signed in by the mini-program's ticket: its web-view page makes a new one and comes back here.
        const mp = await miniProgram();
        if (!mp) return { kind: 'none' };
        const back = encodeURIComponent(`${window.location.pathname}${window.location.search}`);
        mp.redirectTo({ url: `${MINI_PROGRAM_SIGN_IN_PAGE}?redirect=${back}` });
        return { kind: 'redirected' };
      }
      // replace(): the guarded page must not sit twice in history behind the consent page.
      window.location.replace(wechatAuthorizeUrl(request));
      return { kind: 'redirected' };
    },
  };
}
