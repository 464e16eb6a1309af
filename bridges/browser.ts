import type { PlatformBridge } from './types';

/** A phone's own browser: no platform sign-in; customers use e-mail and password. */
export function browserBridge(): PlatformBridge {
  return {
    platform: 'browser',
    ready: () => Promise.resolve(),
    login: () => Promise.resolve({ kind: 'none' }),
    // A plain browser pays by redirect (Alipay WAP, WeChat H5) or by card, never in place.
    pay: () => Promise.resolve('unsupported'),
    redirect: (url) => window.location.assign(url),
    openLocation: () => Promise.resolve(false),
  };
}
