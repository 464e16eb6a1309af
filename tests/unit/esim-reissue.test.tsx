import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { EsimLineView, ReissueView } from '../../contract/esim-views';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { createHttpClient } from '../../src/api/http-client';
import { ReissueCard } from '../../src/features/esim/reissue-card';
import { ReissueStore } from '../../src/features/esim/reissue-store';
import { expectNoAxeViolations } from './helpers/axe-check';
import { envelope, fakeFetch, type SeenRequest } from './helpers/fake-server';

// Issue 30: the line page's reissue card: only for an eSIM line; when to ask, the fee with tax,
// a reason and a confirmation before money moves; then the charge is paid on the pay page.

afterEach(cleanup);

const reissue = (over: Partial<ReissueView> = {}): ReissueView => ({
  reissueNo: 'R1',
  status: 'awaiting_payment',
  reason: 'new_phone',
  fee: 1100,
  chargeNo: 'C1',
  orderNo: 'SM1',
  createdAt: '2026-11-26T05:00:00Z',
  doneAt: null,
  ...over,
});

const line = (over: Partial<EsimLineView> = {}): EsimLineView => ({
  esim: true,
  orderNo: 'SM1',
  iccidLast4: '4321',
  reissueFee: 1100,
  openReissue: null,
  ...over,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

async function drawn(
  view: EsimLineView,
  answers: { reissue?: ReissueView; cancel?: ReissueView } = {},
  lang: 'cn' | 'ja' = 'cn',
) {
  const { fetch, seen } = fakeFetch((request) => {
    if (request.url.startsWith('/api/esim/line')) return { status: 200, body: envelope(view) };
    if (request.url.startsWith('/api/esim/reissue/cancel'))
      return { status: 200, body: envelope(answers.cancel ?? reissue({ status: 'cancelled' })) };
    if (request.url.startsWith('/api/esim/reissue'))
      return { status: 200, body: envelope(answers.reissue ?? reissue()) };
    return { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) };
  });
  const store = new ReissueStore(createHttpClient({ getToken: () => 'tok', getLang: () => lang, fetchImpl: fetch }));
  const i18n = createInstance();
  await i18n.init({ lng: lang, resources: { [lang]: { translation: lang === 'cn' ? cn : ja } } });
  render(
    <MemoryRouter initialEntries={['/pages/user/taocan']}>
      <I18nextProvider i18n={i18n}>
        <Routes>
          <Route path="/pages/user/taocan" element={<ReissueCard reissue={store} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return { seen, store };
}

/** The confirmation step: its text names what is asked and what it costs. */
const confirmation = () => screen.getByText(cn.esim.reissue.confirmOld).parentElement as HTMLElement;

const posted = (seen: SeenRequest[], url: string) =>
  seen.filter(
    (r) => r.url.startsWith(url) && r.method === 'POST' && (url.endsWith('cancel') || !r.url.includes('cancel')),
  );

describe('the eSIM reissue card', () => {
  it('does not show for a line on a physical SIM', async () => {
    const { store } = await drawn(line({ esim: false, orderNo: null, iccidLast4: null }));
    await waitFor(() => expect(store.line.status).toBe('ready'));
    expect(screen.queryByTestId('esim-reissue')).toBeNull();
  });

  it('asks for a reason, confirms with the fee, and only then asks: then goes to pay the charge', async () => {
    const { seen } = await drawn(line());
    expect(await screen.findByText(cn.esim.reissue.fee.replace('{{amount}}', '1,100'))).toBeTruthy();
    // No reason chosen: said at the field, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: cn.esim.reissue.ask }));
    expect(screen.getByText(cn.esim.reissue.reasonRequired)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: cn.esim.reason.new_phone }));
    fireEvent.click(screen.getByRole('button', { name: cn.esim.reissue.ask }));
    expect(posted(seen, '/api/esim/reissue')).toHaveLength(0);
    // The confirmation names the reason and the fee before money moves.
    expect(confirmation().textContent).toContain(cn.esim.reason.new_phone);
    expect(confirmation().textContent).toContain('1,100');
    fireEvent.click(screen.getByRole('button', { name: cn.esim.reissue.confirmPay }));
    expect((await screen.findByTestId('where')).textContent).toBe('/pages/user/pay?chargeNo=C1');
    const sent = posted(seen, '/api/esim/reissue');
    expect(sent).toHaveLength(1);
    expect(new URLSearchParams(sent[0]?.body ?? '').get('reason')).toBe('new_phone');
  });

  it('when free, asks and shows the reissue processing, without a pay page', async () => {
    await drawn(line({ reissueFee: 0 }), { reissue: reissue({ status: 'processing', fee: 0, chargeNo: null }) }, 'ja');
    expect(await screen.findByText(ja.esim.reissue.free)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: ja.esim.reason.deleted }));
    fireEvent.click(screen.getByRole('button', { name: ja.esim.reissue.ask }));
    fireEvent.click(screen.getByRole('button', { name: ja.esim.reissue.confirmFree }));
    expect(await screen.findByText(ja.esim.reissue.status.processing)).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('shows an open reissue awaiting payment with pay and cancel, and cancels it', async () => {
    const { seen } = await drawn(line({ openReissue: reissue() }));
    expect(await screen.findByText(cn.esim.reissue.status.awaiting_payment)).toBeTruthy();
    expect(screen.getByRole('link', { name: cn.esim.reissue.pay }).getAttribute('href')).toBe(
      '/pages/user/pay?chargeNo=C1',
    );
    expect(screen.getByRole('link', { name: cn.esim.reissue.toOrder }).getAttribute('href')).toBe(
      '/pages/order/detail?orderNo=SM1',
    );
    fireEvent.click(screen.getByRole('button', { name: cn.esim.reissue.cancel }));
    // Withdrawn: the card offers a new request again.
    expect(await screen.findByRole('button', { name: cn.esim.reissue.ask })).toBeTruthy();
    const sent = posted(seen, '/api/esim/reissue/cancel');
    expect(new URLSearchParams(sent[0]?.body ?? '').get('reissueNo')).toBe('R1');
  });

  it('passes axe with the reason asked for and with the confirmation open', async () => {
    await drawn(line());
    fireEvent.click(await screen.findByRole('button', { name: cn.esim.reissue.ask }));
    await expectNoAxeViolations();
    fireEvent.click(screen.getByRole('radio', { name: cn.esim.reason.deleted }));
    fireEvent.click(screen.getByRole('button', { name: cn.esim.reissue.ask }));
    expect(document.activeElement?.textContent).toContain(cn.esim.reason.deleted);
    await expectNoAxeViolations();
  });
});
