import type { PlatformBridge } from './types';

interface AlipayAuthResult {
  authcode?: string;
  authCode?: string;
  error?: number;
  errorMessage?: string;
}

declare global {
  interface Window {
    AlipayJSBridge?: { call(name: string, params: Record<string, unknown>, callback: (result: AlipayAuthResult) => void): void };
  }
}

/** Alipay has no public npm bridge: this waits for AlipayJSBridgeReady and wraps call(). */
export function alipayBridge(): PlatformBridge {
  const ready = () =>
    window.AlipayJSBridge
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          document.addEventListener('AlipayJSBridgeReady', () => resolve(), { once: true });
          setTimeout(() => (window.AlipayJSBridge ? resolve() : reject(new Error('AlipayJSBridge not available'))), 5000);
        });

  return {
    platform: 'alipay',
    ready,
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
