import { loadStandIn } from './stand-in';
import type { PlatformBridge } from './types';

interface AlipayAuthResult {
  authcode?: string;
  authCode?: string;
  error?: number;
  errorMessage?: string;
  resultCode?: string;
}

/**
 * tradePay result codes: 9000 paid, 8000 processing, 6004 result unknown (all three mean
 * "ask the server"), 6001 cancelled by the customer, 6002 network error, 4000 failed.
 */
export function tradePayOutcome(resultCode: string | undefined): 'ok' | 'cancel' | 'fail' {
  if (resultCode === '9000' || resultCode === '8000' || resultCode === '6004') return 'ok';
  if (resultCode === '6001') return 'cancel';
  return 'fail';
}

declare global {
  interface Window {
    AlipayJSBridge?: {
      call(name: string, params: Record<string, unknown>, callback: (result: AlipayAuthResult) => void): void;
    };
  }
}

/** Alipay has no public npm bridge: this waits for AlipayJSBridgeReady and wraps call(). */
export function alipayBridge(): PlatformBridge {
  const ready = () =>
    window.AlipayJSBridge
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          document.addEventListener('AlipayJSBridgeReady', () => resolve(), { once: true });
          setTimeout(
            () => (window.AlipayJSBridge ? resolve() : reject(new Error('AlipayJSBridge not available'))),
            5000,
          );
        });

  return {
    platform: 'alipay',
    ready,
    async pay(request) {
      if (request.kind !== 'alipay-trade') return 'unsupported';
      if (!window.AlipayJSBridge && request.standInUrl) await loadStandIn(request.standInUrl);
      try {
        await ready();
      } catch {
        return 'unsupported';
      }
      return new Promise((resolve) => {
        window.AlipayJSBridge!.call('tradePay', { tradeNO: request.tradeNO }, (result) =>
          resolve(tradePayOutcome(result.resultCode)),
        );
      });
    },
    redirect: (url) => window.location.assign(url),
    openLocation: () => Promise.resolve(false),
    async login() {
      try {
        await ready();
      } catch {
        return { kind: 'none' };
      }
      return new Promise((resolve) => {
        window.AlipayJSBridge!.call('getAuthCode', { scopeNicks: ['auth_user'] }, (result) => {
          const code = result.authcode ?? result.authCode;
          resolve(code ? { kind: 'code', code } : { kind: 'none' });
        });
      });
    },
  };
}
