import { browserBridge } from './browser';
import type { Container, PlatformBridge } from './types';

/**
 * WeChat's and Alipay's bridges are their own chunks, fetched on the first call: every call
 * already answers with a promise, and a phone in a browser (most visitors) never needs them.
 */
function bridgeLater(container: Container, load: () => Promise<PlatformBridge>): PlatformBridge {
  let bridge: Promise<PlatformBridge> | null = null;
  const loaded = () => (bridge ??= load());
  return {
    platform: container,
    ready: () => loaded().then((b) => b.ready()),
    login: (request) => loaded().then((b) => b.login(request)),
    pay: (request) => loaded().then((b) => b.pay(request)),
    redirect: (url) => window.location.assign(url),
    openLocation: (place, signer) => loaded().then((b) => b.openLocation(place, signer)),
    setShare: (card, signer) => loaded().then((b) => b.setShare(card, signer)),
  };
}

export function createBridge(container: Container): PlatformBridge {
  switch (container) {
    case 'wechat':
    case 'wechat-desktop':
    case 'wechat-miniprogram':
      return bridgeLater(container, () => import('./wechat').then(({ wechatBridge }) => wechatBridge(container)));
    case 'alipay':
    case 'alipay-miniprogram':
      return bridgeLater(container, () => import('./alipay').then(({ alipayBridge }) => alipayBridge(container)));
    case 'wecom':
    case 'alipay-hk':
    case 'browser':
      return browserBridge(container);
  }
}
