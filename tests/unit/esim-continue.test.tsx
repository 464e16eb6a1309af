import { cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import cn from '../../locales/cn.json';
import { RootStore } from '../../src/app/root-store';
import { StoreProvider } from '../../src/app/store-context';
import { memoryStorage } from '../../src/lib/persistence';
import ContinuePage from '../../src/pages/public/continue-page';
import { envelope, fakeFetch } from './helpers/fake-server';

// Issue 30: the hand-off from WeChat or Alipay made by the eSIM install opens the order's page
// in the phone's browser, where the one-tap link works; the others land where they did.

afterEach(cleanup);

const userinfo = { id: 1, username: 'li', email: null, hasPassword: false, mobile: null, lang: 'cn', token: 'tok' };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

async function landing(next: string) {
  const { fetch } = fakeFetch((request) =>
    request.url.startsWith('/api/handoff/redeem')
      ? { status: 200, body: envelope({ userinfo, orderNo: 'SM1', next }) }
      : { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) },
  );
  const store = new RootStore({
    storage: memoryStorage(),
    loadLocale: async () => ({}),
    fetchImpl: fetch,
    platform: 'browser',
  });
  const i18n = createInstance();
  await i18n.init({ lng: 'cn', resources: { cn: { translation: cn } } });
  render(
    <MemoryRouter initialEntries={[`/pages/public/continue?t=${'t'.repeat(43)}`]}>
      <I18nextProvider i18n={i18n}>
        <StoreProvider store={store}>
          <Routes>
            <Route path="/pages/public/continue" element={<ContinuePage titleKey="routes.continue" />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </StoreProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return (await screen.findByTestId('where')).textContent;
}

describe('a continuation link', () => {
  it("made by the eSIM install opens the order's page", async () => {
    expect(await landing('esim')).toBe('/pages/order/detail?orderNo=SM1');
  });

  it('made by the verify step or a payment lands where it did', async () => {
    expect(await landing('verify')).toBe('/pages/process/verify?orderNo=SM1');
    cleanup();
    expect(await landing('pay')).toBe('/pages/process/pay?orderNo=SM1');
  });
});
