import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { CancellationView, PortOutView } from '../../contract/leave-views';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { createHttpClient } from '../../src/api/http-client';
import { CancelCard } from '../../src/features/leave/cancel-card';
import { LeaveStore } from '../../src/features/leave/leave-store';
import { PortOutCard } from '../../src/features/leave/port-out-card';
import { expectNoAxeViolations } from './helpers/axe-check';
import { envelope, fakeFetch } from './helpers/fake-server';

// Issue 31, the cancel page: the last day picked, the rule and the final bill read before
// confirming, then the booked view with the bill to pay and a withdrawal behind a confirmation.

afterEach(cleanup);

const quote = {
  lastDay: '2026-12-10',
  rule: 'after_cutoff' as const,
  billedThrough: '2026-12',
  paidUntil: '2026-12-31',
  items: [
    { code: 'monthly_rent' as const, month: '2026-12', billNo: null, total: 2178 },
    { code: 'bill' as const, month: '2026-11', billNo: 'B202611000001', total: 2178 },
  ],
  total: 4356,
  simReturn: true,
};
const base: CancellationView = {
  lineStatus: 'active',
  minDay: '2026-11-27',
  maxDay: '2027-02-27',
  quote: null,
  cancellation: null,
};
const booked: CancellationView = {
  ...base,
  lineStatus: 'cancelling',
  cancellation: {
    ...quote,
    status: 'booked',
    chargeNo: 'C20261127000001',
    chargeStatus: 'unpaid',
    withdrawable: true,
    endable: true,
    requestedOn: '2026-11-27',
  },
};
const port: PortOutView = { voice: true, portOut: null };

async function drawn(lang: 'cn' | 'ja', start: CancellationView = base) {
  let state = start;
  const { fetch, seen } = fakeFetch((request) => {
    if (request.url.startsWith('/api/line/cancellation/withdraw')) {
      state = base;
      return { status: 200, body: envelope(state) };
    }
    if (request.url.startsWith('/api/line/cancellation') && request.method === 'POST') {
      state = booked;
      return { status: 200, body: envelope(state) };
    }
    if (request.url.startsWith('/api/line/cancellation'))
      return { status: 200, body: envelope(request.url.includes('lastDay=') ? { ...state, quote } : state) };
    if (request.url.startsWith('/api/line/port-out')) return { status: 200, body: envelope(port) };
    return { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) };
  });
  const store = new LeaveStore(createHttpClient({ getToken: () => 'tok', getLang: () => lang, fetchImpl: fetch }));
  const i18n = createInstance();
  await i18n.init({ lng: lang, resources: { [lang]: { translation: lang === 'cn' ? cn : ja } } });
  await store.load();
  render(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <main>
          <CancelCard leave={store} />
          <PortOutCard leave={store} />
        </main>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return { seen, store };
}

describe.each([
  ['cn', cn],
  ['ja', ja],
] as const)('the cancel page in %s', (lang, words) => {
  it('states the rule and the final bill before anything is booked, then books on confirm', async () => {
    const { seen } = await drawn(lang);
    fireEvent.click(screen.getByRole('button', { name: words.leave.seeQuote }));
    expect(await screen.findByText(words.leave.lastDayRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(words.leave.lastDay), { target: { value: '2026-12-10' } });
    fireEvent.click(screen.getByRole('button', { name: words.leave.seeQuote }));
    const rule = await screen.findByTestId('leave-rule');
    expect(rule.textContent).toContain('2026-12-31');
    expect(screen.getByTestId('leave-total').textContent).toContain('4,356');
    expect(screen.getByText(words.leave.simReturn)).toBeTruthy();
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
    await expectNoAxeViolations();
    fireEvent.click(screen.getByRole('button', { name: words.leave.confirm }));
    await screen.findByTestId('leave-booked');
    const pay = screen.getByRole('link', { name: words.leave.pay });
    expect(pay.getAttribute('href')).toBe('/pages/user/pay?chargeNo=C20261127000001');
    expect(document.body.textContent).not.toMatch(/leave\.|monthly_rent|after_cutoff/);
  });

  it('withdraws only after a confirmation', async () => {
    const { seen } = await drawn(lang, booked);
    fireEvent.click(screen.getByRole('button', { name: words.leave.withdraw }));
    expect(seen.filter((r) => r.url.includes('withdraw'))).toHaveLength(0);
    await expectNoAxeViolations();
    fireEvent.click(screen.getByRole('button', { name: words.leave.withdrawYes }));
    await waitFor(() => expect(screen.queryByTestId('leave-booked')).toBeNull());
    expect(seen.filter((r) => r.url.includes('withdraw'))).toHaveLength(1);
    expect(screen.getByLabelText(words.leave.lastDay)).toBeTruthy();
  });
});
