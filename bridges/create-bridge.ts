import { alipayBridge } from './alipay';
import { browserBridge } from './browser';
import type { Container, PlatformBridge } from './types';
import { wechatBridge } from './wechat';

export function createBridge(container: Container): PlatformBridge {
  switch (container) {
    case 'wechat':
    case 'wechat-desktop':
    case 'wechat-miniprogram':
      return wechatBridge(container);
    case 'alipay':
    case 'alipay-miniprogram':
      return alipayBridge(container);
    case 'wecom':
    case 'alipay-hk':
    case 'browser':
      return browserBridge(container);
  }
}
