import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { observer } from 'mobx-react-lite';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { TopupsPage } from '../../contract/topup-views';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { createHttpClient } from '../../src/api/http-client';
import { AddonList } from '../../src/features/topup/addon-list';
import { AutoTopupSection } from '../../src/features/topup/auto-topup-section';
import { TopupStore } from '../../src/features/topup/topup-store';
import { expectNoAxeViolations } from './helpers/axe-check';
import { envelope, fakeFetch, type SeenRequest } from './helpers/fake-server';

// Issue 31: the top-up page's add-ons (price with tax, validity in words, a confirmation before
// money moves, then the pay page) and automatic top-up (the card, the switch, why it went off).

afterEach(cleanup);

const page = (over: Partial<TopupsPage> = {}): TopupsPage => ({
  available: true,
  lineStatus: 'active',
  addons: [
    { id: '1gb', megabytes: 1024, price: 550, validity: { kind: 'month_end' }, validUntil: '2031-01-31' },
    { id: '3gb', megabytes: 3072, price: 1320, validity: { kind: 'days', days: 30 }, validUntil: '2031-02-08' },
  ],
  usage: { usedMb: 5120, quotaMb: 5120, addonMb: 0, percent: 100, throttled: true },
  open: null,
  recent: [],
  auto: { enabled: false, addonId: '1gb', monthlyCap: 1, disabledReason: null, usedThisMonth: 0 },
  card: null,
  capMin: 1,
  capMax: 5,
  ...over,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const Sections = observer(function Sections({ store }: { store: TopupStore }) {
  const data = store.page.data;
  if (!data) return null;
  return (
    <main>
      <AddonList store={store} addons={data.addons} />
      <AutoTopupSection store={store} data={data} cardFields={() => <p>card fields</p>} />
      {store.failure && <p role="alert">{store.failure.msg}</p>}
    </main>
  );
});

async function drawn(view: TopupsPage, answer: (r: SeenRequest) => unknown = () => null, lang: 'cn' | 'ja' = 'cn') {
  const { fetch, seen } = fakeFetch((request) => {
    if (request.url.startsWith('/api/line/topups') && request.method === 'GET')
      return { status: 200, body: envelope(view) };
    const body = answer(request);
    return body ? { status: 200, body } : { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) };
  });
  const http = createHttpClient({ getToken: () => 'tok', getLang: () => lang, fetchImpl: fetch });
  const store = new TopupStore(http, () => Promise.resolve({ token: 'tok' }));
  await store.load();
  const i18n = createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: { translation: lang === 'cn' ? cn : ja } },
    interpolation: { escapeValue: false },
  });
  render(
    <MemoryRouter initialEntries={['/pages/user/topup']}>
      <I18nextProvider i18n={i18n}>
        <Routes>
          <Route path="/pages/user/topup" element={<Sections store={store} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return { seen, store };
}

describe('the top-up page', () => {
  it('shows each add-on with its price and validity in words, in both languages, accessibly', async () => {
    await drawn(page());
    expect(screen.getByText(cn.topup.validMonthEnd.replace('{{until}}', '2031-01-31'))).toBeTruthy();
    expect(
      screen.getByText(cn.topup.validDays.replace('{{days}}', '30').replace('{{until}}', '2031-02-08')),
    ).toBeTruthy();
    expect(document.body.textContent).toContain(cn.price.yen.replace('{{amount}}', '550'));
    await expectNoAxeViolations();
    cleanup();
    await drawn(page(), undefined, 'ja');
    expect(screen.getByText(ja.topup.validMonthEnd.replace('{{until}}', '2031-01-31'))).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/topup\.|\{\{/);
  });

  it('asks before buying, then opens the top-up once and goes to pay its charge', async () => {
    const { seen } = await drawn(page(), (r) =>
      r.url === '/api/line/topups' && r.method === 'POST'
        ? envelope({ ...topup(), status: 'awaiting_payment', chargeNo: 'C2031010100001' })
        : null,
    );
    fireEvent.click(screen.getByRole('button', { name: cn.topup.buyNamed.replace('{{size}}', '1 GB') }));
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: cn.topup.confirmYes, hidden: true }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/pages/user/pay?chargeNo=C2031010100001'),
    );
    const posts = seen.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.url, r.body])).toEqual([['/api/line/topups', 'addonId=1gb']]);
  });

  it('says why automatic top-up went off, and needs a card to turn it on', async () => {
    await drawn(
      page({
        auto: { enabled: false, addonId: '1gb', monthlyCap: 2, disabledReason: 'card_declined', usedThisMonth: 1 },
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe(cn.topup.auto.off.card_declined);
    expect(screen.getByLabelText<HTMLInputElement>(cn.topup.auto.enable).disabled).toBe(true);
    expect(screen.getByText(cn.topup.auto.needsCard)).toBeTruthy();
    expect(screen.getByRole('button', { name: cn.topup.card.add })).toBeTruthy();
  });

  it('shows the card masked and turns automatic top-up on with the chosen add-on and cap', async () => {
    const { seen } = await drawn(page({ card: { maskedNumber: '411111******1111', expiry: '2812' } }), (r) =>
      r.url === '/api/line/auto-topup'
        ? envelope({ enabled: true, addonId: '3gb', monthlyCap: 3, disabledReason: null, usedThisMonth: 0 })
        : null,
    );
    expect(
      screen.getByText(cn.topup.card.saved.replace('{{number}}', '411111******1111').replace('{{expiry}}', '12/28')),
    ).toBeTruthy();
    fireEvent.click(screen.getByLabelText(cn.topup.auto.enable));
    fireEvent.change(screen.getByLabelText(cn.topup.auto.addon), { target: { value: '3gb' } });
    fireEvent.change(screen.getByLabelText(cn.topup.auto.cap), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: cn.topup.auto.save }));
    await screen.findByText(cn.topup.auto.savedOn);
    const sent = seen.find((r) => r.url === '/api/line/auto-topup');
    expect(new URLSearchParams(sent!.body!).toString()).toBe('enabled=true&addonId=3gb&monthlyCap=3');
    await expectNoAxeViolations();
  });
});

function topup() {
  return {
    id: 1,
    addonId: '1gb',
    megabytes: 1024,
    source: 'customer',
    status: 'awaiting_payment',
    price: 550,
    chargeNo: 'C1',
    chargeStatus: 'unpaid',
    validFrom: null,
    validUntil: null,
    createdAt: '2031-01-10T01:00:00.000Z',
    appliedAt: null,
  };
}
