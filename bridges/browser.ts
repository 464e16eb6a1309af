import type { Container, PlatformBridge } from './types';

type BrowserContainer = Extract<Container, 'wecom' | 'alipay-hk' | 'browser'>;

/**
 * A phone's or computer's own browser, and the apps whose web views we have no sign-in or
 * payment bridge in (WeCom, AlipayHK): customers use e-mail and password, and pay by redirect
 * (cashiers, 3-D Secure), by QR code or by card, never in place.
 */
export function browserBridge(container: BrowserContainer = 'browser'): PlatformBridge {
  return {
    platform: container,
    ready: () => Promise.resolve(),
    login: () => Promise.resolve({ kind: 'none' }),
    pay: () => Promise.resolve('unsupported'),
    redirect: (url) => window.location.assign(url),
    openLocation: () => Promise.resolve(false),
    setShare: () => Promise.resolve(false),
  };
}
