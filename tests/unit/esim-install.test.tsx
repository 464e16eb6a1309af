import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Container } from '../../contract/containers';
import { ANDROID_INSTALL_BASE, APPLE_INSTALL_BASE } from '../../contract/esim-rules';
import type { EsimOrderView } from '../../contract/esim-views';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { RootStore } from '../../src/app/root-store';
import { StoreProvider } from '../../src/app/store-context';
import { otherAppWebView } from '../../contract/esim-rules';
import { memoryStorage } from '../../src/lib/persistence';
import OrderPage from '../../src/pages/order/order-page';
import { expectNoAxeViolations } from './helpers/axe-check';
import { envelope, fakeFetch } from './helpers/fake-server';

// Issue 30: the order's page offers the install the way that works where it is opened: the
// one-tap link in a phone's own browser (Apple's on iOS 17.4+, Android's on Android 10+), the
// one-time hand-off inside WeChat or Alipay, the QR code on a computer; always the codes to copy.

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  pixel:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003135) NetType/WIFI Language/zh_CN',
  line: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.0.0',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

const LPA = 'LPA:1$smdp.example.jp$K2-ABCD-EFGH-1234';
const ready = (over: Partial<EsimOrderView> = {}): EsimOrderView => ({
  orderNo: 'SM1',
  state: 'ready',
  waitingStock: false,
  activation: { lpa: LPA, smdpAddress: 'smdp.example.jp', matchingId: 'K2-ABCD-EFGH-1234', confirmationCode: null },
  iccidLast4: '4321',
  markedInstalledAt: null,
  installedAt: null,
  reissued: false,
  ...over,
});

const realUa = navigator.userAgent;
const setUa = (ua: string) => Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
const writeText = vi.fn(async (_text: string) => undefined);
beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  setUa(realUa);
});

async function drawn(options: {
  ua: string;
  platform?: Container;
  view?: EsimOrderView | 'fail';
  installed?: EsimOrderView;
  /** What later loads answer (the carrier's notice arrived meanwhile). */
  later?: EsimOrderView;
  lang?: 'cn' | 'ja';
}) {
  let loads = 0;
  setUa(options.ua);
  const lang = options.lang ?? 'cn';
  let failNext = options.view === 'fail';
  const { fetch, seen } = fakeFetch((request) => {
    if (request.url.startsWith('/api/esim/order')) {
      if (failNext) {
        failNext = false;
        return { status: 503, body: envelope({ error: 'SERVER_ERROR' }, 0) };
      }
      loads += 1;
      if (loads > 1 && options.later) return { status: 200, body: envelope(options.later) };
      return { status: 200, body: envelope(options.view === 'fail' || !options.view ? ready() : options.view) };
    }
    if (request.url.startsWith('/api/esim/installed'))
      return { status: 200, body: envelope(options.installed ?? ready()) };
    if (request.url.startsWith('/api/handoff/create'))
      return {
        status: 200,
        body: envelope({ path: '/h5/pages/public/continue?t=esim1', expiresAt: '2026-11-26T04:00:00Z' }),
      };
    return { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) };
  });
  // Every value written to storage, to search for the activation code.
  const base = memoryStorage();
  const written: string[] = [];
  const storage = {
    ...base,
    setItem: (key: string, value: string) => {
      written.push(value);
      base.setItem(key, value);
    },
  };
  const store = new RootStore({
    storage,
    loadLocale: async () => ({}),
    fetchImpl: fetch,
    platform: options.platform ?? 'browser',
  });
  const i18n = createInstance();
  await i18n.init({ lng: lang, resources: { [lang]: { translation: lang === 'cn' ? cn : ja } } });
  render(
    <MemoryRouter initialEntries={['/pages/order/detail?orderNo=SM1']}>
      <I18nextProvider i18n={i18n}>
        <StoreProvider store={store}>
          <OrderPage titleKey="routes.orderPage" />
        </StoreProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return { seen, written };
}

describe('the eSIM install on the order page', () => {
  it("offers Apple's one-tap link to an iPhone in Safari, with the warning before and after", async () => {
    await drawn({ ua: UA.iphone });
    const link = await screen.findByRole('link', { name: cn.esim.install.oneTap });
    expect(link.getAttribute('href')).toBe(`${APPLE_INSTALL_BASE}?carddata=${encodeURIComponent(LPA)}`);
    expect(screen.getByText(cn.esim.install.doNotDelete)).toBeTruthy();
    expect(screen.getByText(cn.esim.install.doNotDeleteAfter)).toBeTruthy();
    // The iPhone's own menu names, not Android's.
    expect(screen.getByText(cn.esim.steps.ios.s2)).toBeTruthy();
    expect(screen.queryByText(cn.esim.steps.android.s2)).toBeNull();
    expect(screen.queryByTestId('handoff-link')).toBeNull();
  });

  it("offers Android's link to a Pixel in Chrome, in Japanese", async () => {
    await drawn({ ua: UA.pixel, lang: 'ja' });
    const link = await screen.findByRole('link', { name: ja.esim.install.oneTap });
    expect(link.getAttribute('href')).toBe(`${ANDROID_INSTALL_BASE}?carddata=${encodeURIComponent(LPA)}`);
    expect(screen.getByText(ja.esim.steps.android.s2)).toBeTruthy();
  });

  it('inside WeChat, offers the hand-off to the phone browser instead of a link that would not work', async () => {
    const { seen } = await drawn({ ua: UA.wechat, platform: 'wechat' });
    const handoff = await screen.findByTestId('handoff-link');
    await waitFor(() => expect(handoff.textContent).toMatch(/\/h5\/pages\/public\/continue\?t=esim1$/));
    expect(screen.queryByRole('link', { name: cn.esim.install.oneTap })).toBeNull();
    expect(screen.getByText(cn.esim.handoff.intro)).toBeTruthy();
    const made = seen.find((r) => r.url.startsWith('/api/handoff/create'));
    expect(new URLSearchParams(made?.body ?? '')).toEqual(new URLSearchParams({ orderNo: 'SM1', next: 'esim' }));
  });

  it("inside another app's web view counted as a browser (LINE), hands off as well", async () => {
    await drawn({ ua: UA.line });
    expect(await screen.findByTestId('handoff-link')).toBeTruthy();
    expect(screen.queryByRole('link', { name: cn.esim.install.oneTap })).toBeNull();
    expect(otherAppWebView(UA.iphone)).toBe(false);
    expect(otherAppWebView(UA.pixel)).toBe(false);
  });

  it('on a computer, shows the QR code of the activation code and says a phone cannot scan its own screen', async () => {
    await drawn({ ua: UA.windows });
    const qr = await screen.findByTestId('esim-qr');
    expect(qr.textContent).toContain(cn.esim.install.ownScreen);
    await waitFor(() => expect(qr.querySelector('img')?.getAttribute('data-qr-value')).toBe(LPA));
    expect(screen.queryByRole('link', { name: cn.esim.install.oneTap })).toBeNull();
    // Either phone may be the one: both step lists.
    expect(screen.getByText(cn.esim.steps.ios.s2)).toBeTruthy();
    expect(screen.getByText(cn.esim.steps.android.s2)).toBeTruthy();
  });

  it('copies the SM-DP+ address and the activation code, each with its own labelled button', async () => {
    await drawn({ ua: UA.iphone });
    fireEvent.click(await screen.findByRole('button', { name: `复制${cn.esim.install.smdp}` }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('smdp.example.jp'));
    fireEvent.click(screen.getByRole('button', { name: `复制${cn.esim.install.matchingId}` }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('K2-ABCD-EFGH-1234'));
    expect((await screen.findAllByText(cn.esim.install.copied)).length).toBeGreaterThan(0);
  });

  it('marks it installed and says the line opens once the carrier confirms', async () => {
    const { seen } = await drawn({ ua: UA.iphone, installed: ready({ markedInstalledAt: '2026-11-26T05:00:00Z' }) });
    fireEvent.click(await screen.findByRole('button', { name: cn.esim.install.markInstalled }));
    expect((await screen.findByTestId('esim-state')).textContent).toBe(cn.esim.install.marked);
    const sent = seen.find((r) => r.url.startsWith('/api/esim/installed'));
    expect(sent?.method).toBe('POST');
    expect(new URLSearchParams(sent?.body ?? '').get('orderNo')).toBe('SM1');
  });

  it('after "I\'ve installed it", asks again until the carrier confirms, then says the line is active', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await drawn({
        ua: UA.iphone,
        view: ready({ markedInstalledAt: '2026-11-26T05:00:00Z' }),
        later: ready({ state: 'installed', activation: null, installedAt: '2026-11-26T05:01:00Z' }),
      });
      expect((await screen.findByTestId('esim-state')).textContent).toBe(cn.esim.install.marked);
      await vi.advanceTimersByTimeAsync(20_000);
      await waitFor(() => expect(screen.getByTestId('esim-state').textContent).toBe(cn.esim.install.installed));
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the line is active once installed, with no code on screen', async () => {
    await drawn({
      ua: UA.iphone,
      view: ready({ state: 'installed', activation: null, installedAt: '2026-11-26T05:00:00Z' }),
    });
    expect((await screen.findByTestId('esim-state')).textContent).toBe(cn.esim.install.installed);
    expect(screen.queryByText('K2-ABCD-EFGH-1234')).toBeNull();
  });

  it('while stock runs out, says it takes longer and that we will notify: no error', async () => {
    await drawn({
      ua: UA.iphone,
      view: ready({ state: 'preparing', waitingStock: true, activation: null, iccidLast4: null }),
    });
    expect((await screen.findByTestId('esim-state')).textContent).toBe(cn.esim.install.waitingStock);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a retry when the state could not be loaded, and shows it after', async () => {
    await drawn({ ua: UA.iphone, view: 'fail' });
    fireEvent.click(await screen.findByRole('button', { name: cn.app.retry }));
    expect(await screen.findByRole('link', { name: cn.esim.install.oneTap })).toBeTruthy();
  });

  it('keeps the activation code out of storage', async () => {
    const { written } = await drawn({ ua: UA.iphone });
    await screen.findByRole('link', { name: cn.esim.install.oneTap });
    expect(written.join('\n')).not.toContain('K2-ABCD');
  });

  it('says so for an order with no eSIM', async () => {
    await drawn({ ua: UA.iphone, view: ready({ state: 'none', activation: null, iccidLast4: null }) });
    expect((await screen.findByTestId('esim-state')).textContent).toBe(cn.esim.install.none);
  });

  it('passes axe as drawn in Safari, inside WeChat and on a computer', async () => {
    await drawn({ ua: UA.iphone, lang: 'ja' });
    await screen.findByRole('link', { name: ja.esim.install.oneTap });
    await expectNoAxeViolations();
    cleanup();
    await drawn({ ua: UA.wechat, platform: 'wechat' });
    await waitFor(() => expect(screen.getByTestId('handoff-link').textContent).toContain('esim1'));
    await expectNoAxeViolations();
    cleanup();
    await drawn({ ua: UA.windows });
    await screen.findByTestId('esim-qr');
    await expectNoAxeViolations();
  });
});
