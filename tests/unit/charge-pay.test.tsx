import { paymentOf } from '../../src/app/payment-of';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import type { Container } from '../../contract/containers';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { RootStore } from '../../src/app/root-store';
import { StoreProvider } from '../../src/app/store-context';
import { memoryStorage, type KeyValueStorage } from '../../src/lib/persistence';
import UserPayPage from '../../src/pages/user/pay-page';
import PaymentResultPage from '../../src/pages/public/success-page';
import { envelope, fakeFetch, type SeenRequest } from './helpers/fake-server';

// The bill pay page opened as /pages/user/pay?chargeNo= pays a one-off charge (the eSIM
// reissue fee): it says what is paid and how much with tax, and pays that charge, not a bill.

const CHARGE = 'C20261126123456';
const appConfig = {
  siteName: 'SIM',
  oauth: {},
  payment: {
    methods: ['wechat', 'alipay', 'card'],
    scenes: ['jsapi', 'h5', 'wap', 'app', 'card', 'native', 'page'],
    tokenScriptUrl: '',
    shopId: 'tshop00000001',
    standInBridgeUrl: null,
    wechatH5: false,
  },
};
const reissue = (status: string, chargeNo: string | null) => ({
  esim: true,
  orderNo: 'SM1',
  iccidLast4: '1234',
  reissueFee: 550,
  openReissue: {
    reissueNo: 'E1',
    status,
    reason: 'new_phone',
    fee: 550,
    chargeNo,
    orderNo: 'SM1',
    createdAt: '2026-11-26T10:00:00Z',
    doneAt: null,
  },
});

async function renderPay(
  lang: Lang,
  line: unknown,
  options: { platform?: Container; storage?: KeyValueStorage; url?: string } = {},
) {
  const { fetch, seen } = fakeFetch((request: SeenRequest) => {
    // The charge as the server answers it (/api/charge/detail), from the reissue it belongs to.
    if (request.url.includes('/api/charge/detail')) {
      const open = (line as ReturnType<typeof reissue>).openReissue;
      const charge = open.chargeNo && request.url.includes(open.chargeNo) ? open : null;
      return {
        status: 200,
        body: envelope({
          charge: charge && {
            chargeNo: charge.chargeNo,
            kind: 'esim_reissue',
            total: charge.fee,
            status: charge.status === 'awaiting_payment' ? 'unpaid' : 'paid',
          },
        }),
      };
    }
    if (request.url.includes('/api/common/init')) return { status: 200, body: envelope(appConfig) };
    if (request.url.includes('/api/bill/lists')) return { status: 200, body: envelope({ bills: [] }) };
    if (request.url.includes('/api/pay/create'))
      return { status: 200, body: envelope({ paymentNo: 'P1', outcome: { kind: 'failed', code: 'CLOSED' } }) };
    return { status: 200, body: envelope({}) };
  });
  const storage = options.storage ?? memoryStorage();
  const store = new RootStore({
    storage,
    loadLocale: async () => ({}),
    fetchImpl: fetch,
    platform: options.platform ?? 'wechat',
    desktop: false,
  });
  await store.appConfig.load();
  const i18n = createInstance();
  await i18n.init({ lng: lang, resources: { [lang]: { translation: lang === 'cn' ? cn : ja } } });
  render(
    <MemoryRouter initialEntries={[options.url ?? `/pages/user/pay?chargeNo=${CHARGE}`]}>
      <I18nextProvider i18n={i18n}>
        <StoreProvider store={store}>
          <UserPayPage titleKey="routes.userPay" />
        </StoreProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return { store, seen, storage };
}

afterEach(cleanup);

describe('paying an eSIM reissue fee on the pay page', () => {
  it('says what is paid and its total with tax, in Chinese', async () => {
    await renderPay('cn', reissue('awaiting_payment', CHARGE));
    expect(await screen.findByRole('heading', { name: 'eSIM 重新发行费' })).toBeTruthy();
    expect(screen.getByText('550 日元')).toBeTruthy();
    expect(screen.getByText(CHARGE)).toBeTruthy();
  });

  it('and in Japanese', async () => {
    await renderPay('ja', reissue('awaiting_payment', CHARGE));
    expect(await screen.findByRole('heading', { name: 'eSIM再発行手数料' })).toBeTruthy();
    expect(screen.getByText('お支払い金額（税込）')).toBeTruthy();
  });

  it('pays the charge, not a bill, and remembers it across a reload', async () => {
    const { seen, storage, store } = await renderPay('cn', reissue('awaiting_payment', CHARGE));
    await screen.findByRole('heading', { name: 'eSIM 重新发行费' });
    fireEvent.click(screen.getByRole('button', { name: cn.order.payWith.wechat }));
    await waitFor(() => expect(seen.some((r) => r.url.includes('/api/pay/create'))).toBe(true));
    const body = new URLSearchParams(seen.find((r) => r.url.includes('/api/pay/create'))!.body ?? '');
    expect(body.get('chargeNo')).toBe(CHARGE);
    expect(body.get('billNo')).toBeNull();
    expect(body.get('orderNo')).toBeNull();
    expect(paymentOf(store).chargeNo).toBe(CHARGE);
    const reloaded = new RootStore({
      storage,
      loadLocale: async () => ({}),
      fetchImpl: fakeFetch(() => ({ status: 500, body: {} })).fetch,
    });
    expect(paymentOf(reloaded).chargeNo).toBe(CHARGE);
    expect(paymentOf(reloaded).billNo).toBe('');
  });

  it('offers only the ways that run here: no hand-off link for a charge inside WeChat', async () => {
    await renderPay('cn', reissue('awaiting_payment', CHARGE));
    await screen.findByRole('heading', { name: 'eSIM 重新发行费' });
    expect(screen.getByRole('button', { name: cn.order.payWith.card })).toBeTruthy();
    expect(screen.queryByRole('button', { name: cn.order.payElsewhere.alipay })).toBeNull();
  });

  it('says a charge no longer waiting needs no payment, with the way back to the line', async () => {
    await renderPay('cn', reissue('processing', CHARGE));
    expect(await screen.findByText(cn.api.errors.CHARGE_NOT_PAYABLE)).toBeTruthy();
    expect(screen.getByRole('link', { name: cn.payment.backToLine }).getAttribute('href')).toBe('/pages/user/taocan');
    expect(screen.queryByRole('button', { name: cn.order.payWith.card })).toBeNull();
  });

  it('still pays bills when opened without a charge', async () => {
    const { seen } = await renderPay('cn', reissue('awaiting_payment', CHARGE), { url: '/pages/user/pay' });
    await waitFor(() => expect(seen.some((r) => r.url.includes('/api/bill/lists'))).toBe(true));
    expect(seen.some((r) => r.url.includes('/api/charge/detail'))).toBe(false);
    expect(await screen.findByText(cn.api.errors.NO_BILL_TO_PAY)).toBeTruthy();
  });
});

describe('the result of paying a charge', () => {
  it('names the fee and its number, and leads back to the line page', async () => {
    const { fetch } = fakeFetch((request: SeenRequest) =>
      request.url.includes('/api/pay/status')
        ? {
            status: 200,
            body: envelope({
              paymentNo: 'P9',
              status: 'paid',
              failureCode: null,
              targetType: 'charge',
              method: 'card',
              amount: 550,
              targetNo: CHARGE,
              at: '2026-11-26T10:00:00Z',
            }),
          }
        : { status: 200, body: envelope({}) },
    );
    const store = new RootStore({ storage: memoryStorage(), loadLocale: async () => ({}), fetchImpl: fetch });
    const i18n = createInstance();
    await i18n.init({ lng: 'ja', resources: { ja: { translation: ja } } });
    render(
      <MemoryRouter initialEntries={['/pages/public/success?paymentNo=P9']}>
        <I18nextProvider i18n={i18n}>
          <StoreProvider store={store}>
            <PaymentResultPage titleKey="routes.success" />
          </StoreProvider>
        </I18nextProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: ja.payment.chargePaid })).toBeTruthy();
    expect(screen.getByText(ja.payResult.chargeNo)).toBeTruthy();
    expect(screen.getByText(CHARGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: ja.payment.backToLine }).getAttribute('href')).toBe('/pages/user/taocan');
    expect(screen.queryByText(ja.payment.orderPaidHint)).toBeNull();
  });
});
