import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRAND, withBrand } from '../../contract/brand-words';
import cn from '../../locales/cn.json';
import { lazyPage, type PageProps } from '../../src/app/lazy-page';
import { RouteFrame } from '../../src/app/route-frame';
import { HeaderEnd } from '../../src/components/page-header';

async function i18n() {
  const instance = createInstance();
  await instance.init({ lng: 'cn', resources: { cn: { translation: withBrand(cn, DEFAULT_BRAND, 'cn') } } });
  return instance;
}

function Page({ titleKey }: PageProps) {
  return <h1>page {titleKey}</h1>;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a lazily loaded route', () => {
  it('offers a retry when its chunk fails, and the retry really loads it again', async () => {
    let calls = 0;
    const page = lazyPage(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Page };
    });
    const instance = await i18n();
    // React logs caught render errors; they are expected here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Suspending renders commit only inside an awaited act().
    await act(async () => {
      render(
        <MemoryRouter>
          <I18nextProvider i18n={instance}>
            <HeaderEnd.Provider value={<button type="button">切换为日语</button>}>
              <RouteFrame page={page} titleKey="routes.faq" />
            </HeaderEnd.Provider>
          </I18nextProvider>
        </MemoryRouter>,
      );
    });
    const retry = await screen.findByRole('button', { name: '重试' });
    expect(screen.getByRole('alert').textContent).toContain('页面加载失败');
    // Not a dead end: the app's title bar, with back and the language switch, is still there.
    expect(screen.getByRole('heading', { name: '云路移动' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '切换为日语' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(retry);
    });
    expect(await screen.findByRole('heading', { name: 'page routes.faq' })).toBeTruthy();
    expect(calls).toBe(2);
    expect(document.title).toBe('常见问题 - 云路移动');
    quiet.mockRestore();
  });

  it('shows no loading view for the first 200 ms, then shows one', async () => {
    vi.useFakeTimers();
    const page = lazyPage(() => new Promise(() => undefined));
    const instance = await i18n();
    // Suspending renders commit only inside an awaited act().
    await act(async () => {
      render(
        <I18nextProvider i18n={instance}>
          <RouteFrame page={page} titleKey="routes.faq" />
        </I18nextProvider>,
      );
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(199);
    });
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('status').textContent).toContain('加载中');
  });
});
