import type { Platform } from './types';

interface WindowLike {
  __wxjs_environment?: string;
}

/**
 * Decided once at start from the user agent. A WeChat mini-program web view says so in
 * `window.__wxjs_environment` once the JS-SDK is ready, and in its UA (`miniProgram` /
 * `MiniProgramEnv`) from the first line, so both are read.
 */
export function detectPlatform(userAgent: string, win?: WindowLike): Platform {
  const ua = userAgent.toLowerCase();
  if (ua.includes('micromessenger')) {
    if (win?.__wxjs_environment === 'miniprogram' || ua.includes('miniprogram')) return 'wechat-miniprogram';
    return 'wechat';
  }
  if (ua.includes('alipayclient')) return 'alipay';
  return 'browser';
}
