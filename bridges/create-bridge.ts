import { alipayBridge } from './alipay';
import { browserBridge } from './browser';
import type { Platform, PlatformBridge } from './types';
import { wechatBridge } from './wechat';

export function createBridge(platform: Platform): PlatformBridge {
  switch (platform) {
    case 'wechat':
    case 'wechat-miniprogram':
      return wechatBridge(platform);
    case 'alipay':
      return alipayBridge();
    default:
      return browserBridge();
  }
}
