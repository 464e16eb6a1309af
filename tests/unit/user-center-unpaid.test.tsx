import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { lineOf } from '../../src/app/line-of';
import { RootStore } from '../../src/app/root-store';
import { StoreProvider } from '../../src/app/store-context';
import { memoryStorage } from '../../src/lib/persistence';
import UserIndexPage from '../../src/pages/user/index-page';
import { envelope, fakeFetch } from './helpers/fake-server';

const bill = (month: string, status: 'unpaid' | 'paid') => ({
  billNo: `B${month.replace('-', '')}000001`,
  month,
  status,
  items: [{ code: 'monthly_rent', amount: 2800 }],
  subtotal: 2800,
  tax: 280,
  total: 3080,
  dueDate: `${month}-28`,
});

async function renderCenter(lang: Lang, bills: ReturnType<typeof bill>[]) {
  const { fetch } = fakeFetch((request) =>
    request.url.includes('/api/bill/lists')
      ? { status: 200, body: envelope({ bills }) }
      : { status: 200, body: envelope({}) },
  );
  const store = new RootStore({ storage: memoryStorage(), loadLocale: async () => ({}), fetchImpl: fetch });
  const i18n = createInstance();
  await i18n.init({ lng: lang, resources: { [lang]: { translation: lang === 'cn' ? cn : ja } } });
  render(
    <MemoryRouter initialEntries={['/pages/user/index']}>
      <I18nextProvider i18n={i18n}>
        <StoreProvider store={store}>
          <UserIndexPage titleKey="routes.userIndex" />
        </StoreProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return store;
}

afterEach(cleanup);

// The personal center says how many bills wait, beside "pay the bill", without opening it.
describe('the personal center', () => {
  it('counts the unpaid bills on the monthly-payment entry, leaving paid ones out', async () => {
    await renderCenter('cn', [bill('2026-10', 'paid'), bill('2026-11', 'unpaid'), bill('2026-12', 'unpaid')]);
    expect((await screen.findByText('2 张未付')).closest('a')?.getAttribute('href')).toBe('/pages/user/pay');
  });

  it('says it in Japanese too', async () => {
    await renderCenter('ja', [bill('2026-12', 'unpaid')]);
    expect((await screen.findByText('未払い 1 件')).closest('a')?.textContent).toContain('月額料金のお支払い');
  });

  it('shows no count when every bill is paid', async () => {
    const store = await renderCenter('cn', [bill('2026-12', 'paid')]);
    // Only once the bills are in can "no count" mean anything.
    await waitFor(() => expect(lineOf(store).bills.data.bills).toHaveLength(1));
    await screen.findByRole('link', { name: '月费支付' });
    expect(screen.queryByText(/张未付/)).toBeNull();
  });
});
