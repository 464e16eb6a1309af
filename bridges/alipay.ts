import { loadStandIn } from './stand-in';
import type { Container, PlatformBridge } from './types';
import { MINI_PROGRAM_SIGN_IN_PAGE } from './wechat';

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

/** getAuthCode's error when the customer declines on Alipay's authorization sheet. */
export const AUTH_CANCELLED = 11;

/** The Alipay mini-program web-view SDK's `my` (web-view.min.js). */
interface MiniProgramMy {
  navigateTo(options: { url: string; success?: () => void; fail?: (res: unknown) => void }): void;
  redirectTo(options: { url: string; success?: () => void; fail?: (res: unknown) => void }): void;
  postMessage?(message: Record<string, unknown>): void;
}

declare global {
  interface Window {
    AlipayJSBridge?: {
      call(name: string, params: Record<string, unknown>, callback: (result: AlipayAuthResult) => void): void;
    };
  }
}

// Alipay serves its web-view SDK from this address inside its own container only.
const WEB_VIEW_SDK = 'https://appx/web-view.min.js';

const readMy = () => (window as unknown as { my?: MiniProgramMy }).my;

/** `my` inside an Alipay mini-program's web view: its SDK, else (sandbox) the stand-in. */
async function miniProgramMy(standInUrl?: string): Promise<MiniProgramMy | null> {
  if (readMy()) return readMy()!;
  await Promise.race([loadStandIn(WEB_VIEW_SDK), new Promise((r) => setTimeout(r, 3000))]);
  if (!readMy() && standInUrl) await loadStandIn(standInUrl);
  return readMy() ?? null;
}

type AlipayContainer = Extract<Container, 'alipay' | 'alipay-miniprogram'>;

/** Alipay has no public npm bridge: this waits for AlipayJSBridgeReady and wraps call(). */
export function alipayBridge(container: AlipayContainer = 'alipay'): PlatformBridge {
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
    platform: container,
    ready,
    async pay(request) {
      if (request.kind === 'mini-program-page') {
        if (container !== 'alipay-miniprogram') return 'unsupported';
        const my = await miniProgramMy(request.standInUrl);
        if (!my) return 'unsupported';
        // Tell the mini-program too (its web-view page may listen), then open its pay page.
        my.postMessage?.({ action: 'pay', path: request.path });
        return new Promise((resolve) =>
          my.navigateTo({ url: request.path, success: () => resolve('ok'), fail: () => resolve('fail') }),
        );
      }
      if (request.kind !== 'alipay-trade' || container !== 'alipay') return 'unsupported';
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
    setShare: () => Promise.resolve(false),
    async login(request) {
      if (container === 'alipay-miniprogram') {
        const my = await miniProgramMy();
        if (!my) return { kind: 'none' };
        const back = encodeURIComponent(`${window.location.pathname}${window.location.search}`);
        my.redirectTo({ url: `${MINI_PROGRAM_SIGN_IN_PAGE}?redirect=${back}` });
        return { kind: 'redirected' };
      }
      // Without the app (a browser with Alipay's user agent, sandbox) the stand-in plays its sheet.
      if (!window.AlipayJSBridge && request.standInUrl) await loadStandIn(request.standInUrl);
      try {
        await ready();
      } catch {
        return { kind: 'none' };
      }
      return new Promise((resolve) => {
        window.AlipayJSBridge!.call('getAuthCode', { scopeNicks: ['auth_user'] }, (result) => {
          const code = result.authcode ?? result.authCode;
          if (code) resolve({ kind: 'code', code });
          else resolve(result.error === AUTH_CANCELLED ? { kind: 'cancelled' } : { kind: 'none' });
        });
      });
    },
  };
}
