import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanInfo } from '../../contract/api';
import cn from '../../locales/cn.json';
import { createHttpClient } from '../../src/api/http-client';
import { OrderSummary } from '../../src/components/order-summary';
import { ContactSection } from '../../src/features/purchase/contact-section';
import { PurchaseStore } from '../../src/features/purchase/purchase-store';
import { memoryStorage, type KeyValueStorage } from '../../src/lib/persistence';
import { expectNoAxeViolations } from './helpers/axe-check';
import { envelope, fakeFetch, type SeenRequest } from './helpers/fake-server';

// Issue 30: step 2 offers eSIM beside mail and pickup only on plans that offer it, with its fee;
// says whether this phone takes one (never refusing); and asks the customer's confirmation.

const realUa = navigator.userAgent;
const setUa = (ua: string) => Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
afterEach(() => {
  cleanup();
  setUa(realUa);
});

const UA = {
  pixel:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  pixel2:
    'Mozilla/5.0 (Linux; Android 11; Pixel 2) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

const plan = (esim: boolean, id = esim ? 7 : 8): PlanInfo => ({
  id,
  name: esim ? 'eSIM data' : 'SIM only',
  description: '',
  dataGb: 20,
  throttledKbps: 200,
  originalPrice: 3000,
  activityPrice: 2500,
  monthlyRent: 2000,
  lineType: 'voice',
  esim,
});

const filled = {
  lastName: '李',
  firstName: '华',
  email: 'li@example.com',
  birthday: '1999-04-12',
  region: 'JP',
  postcode: '100-0001',
  province: '東京都',
  city: '千代田区',
  district: '千代田',
  block: '1-1',
  building: '',
  phone: '090-1234-5678',
  visaType: 'study',
};

function purchaseStore(storage: KeyValueStorage = memoryStorage()) {
  const seen: SeenRequest[] = [];
  const fake = fakeFetch((request) => {
    seen.push(request);
    if (request.url.startsWith('/api/common/upload')) return { status: 200, body: envelope({ id: 'sig-1' }) };
    if (request.url.startsWith('/api/order/create'))
      return { status: 200, body: envelope({ order: { orderNo: 'SM1', status: 'awaiting_payment' } }) };
    return { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) };
  });
  const http = createHttpClient({ getToken: () => 'tok', getLang: () => 'cn', fetchImpl: fake.fetch });
  return { store: new PurchaseStore(storage, http), seen };
}

async function drawn(store: PurchaseStore, ua: string, esimFee = 550) {
  setUa(ua);
  const i18n = createInstance();
  await i18n.init({ lng: 'cn', resources: { cn: { translation: cn } } });
  render(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <ContactSection
          purchase={store}
          errorOf={() => undefined}
          set={(field) => (value) => store.updateForm({ [field]: value })}
          storeOptions={[]}
          esimFee={esimFee}
        />
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('eSIM as a delivery on step 2', () => {
  it('is not offered on a plan without eSIM', async () => {
    const { store } = purchaseStore();
    store.chooseSetmeal(plan(false));
    await drawn(store, UA.pixel);
    expect(screen.queryByRole('radio', { name: /eSIM/ })).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it('is offered with its fee on an eSIM plan, and the address title stops speaking of post', async () => {
    const { store } = purchaseStore();
    store.chooseSetmeal(plan(true));
    await drawn(store, UA.pixel);
    const esim = screen.getByRole('radio', { name: cn.esim.deliveryWithFee.replace('{{fee}}', '550') });
    fireEvent.click(esim);
    expect(store.form.delivery).toBe('esim');
    expect(screen.getByRole('heading', { name: cn.esim.addressTitle })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: cn.purchase.addressTitle })).toBeNull();
  });

  it('tells a Pixel 8 it takes an eSIM, a Pixel 2 that it does not, and an unknown device how to check', async () => {
    const verdicts: Record<string, string> = {};
    for (const [name, ua] of [
      ['pixel', UA.pixel],
      ['pixel2', UA.pixel2],
      ['windows', UA.windows],
      ['iphone', UA.iphone],
    ] as const) {
      const { store } = purchaseStore();
      store.chooseSetmeal(plan(true));
      store.updateForm({ delivery: 'esim' });
      await drawn(store, ua);
      const check = screen.getByTestId('esim-check');
      verdicts[name] = check.querySelector('[data-verdict]')?.getAttribute('data-verdict') ?? '';
      if (name === 'pixel') expect(check.textContent).toContain(cn.esim.check.supported.replace('{{device}}', 'Pixel'));
      if (name === 'iphone')
        expect(check.textContent).toContain(cn.esim.check.supported.replace('{{device}}', 'iPhone'));
      if (name === 'windows') {
        expect(check.textContent).toContain('*#06#');
        expect(check.textContent).toContain(cn.esim.check.howIos);
      }
      // Never refused: the confirmation can still be given.
      expect(screen.getByRole('checkbox', { name: cn.esim.check.confirm })).toBeTruthy();
      cleanup();
    }
    expect(verdicts).toEqual({ pixel: 'supported', pixel2: 'unsupported', windows: 'unknown', iphone: 'supported' });
  });

  it("requires the customer's confirmation for an eSIM order, and sends it with the order", async () => {
    const { store, seen } = purchaseStore();
    store.chooseSetmeal(plan(true));
    store.updateForm({ ...filled, delivery: 'esim' });
    const refused = await store.checkInformation();
    expect(refused).toMatchObject({ ok: false, fields: { esimConfirm: 'ESIM_CONFIRM_REQUIRED' } });

    await drawn(store, UA.pixel);
    fireEvent.click(screen.getByRole('checkbox', { name: cn.esim.check.confirm }));
    expect(store.form.esimConfirm).toBe('yes');
    expect((await store.checkInformation()).ok).toBe(true);

    store.setImage('data:image/png;base64,iVBORw0KGgo=');
    await store.placeOrder();
    const sent = new URLSearchParams(seen.find((r) => r.url.startsWith('/api/order/create'))?.body ?? '');
    expect(sent.get('delivery')).toBe('esim');
    expect(sent.get('esimConfirm')).toBe('yes');
  });

  it('keeps the eSIM choice in the draft across a reload, and drops it for a plan without eSIM', () => {
    const storage = memoryStorage();
    const first = purchaseStore(storage).store;
    first.chooseSetmeal(plan(true));
    first.updateForm({ delivery: 'esim', esimConfirm: 'yes' });

    const reloaded = purchaseStore(storage).store;
    expect(reloaded.form).toMatchObject({ delivery: 'esim', esimConfirm: 'yes' });
    expect(reloaded.esimOffered).toBe(true);

    reloaded.chooseSetmeal(plan(false));
    expect(reloaded.form).toMatchObject({ delivery: 'mail', esimConfirm: '' });
  });

  it('passes axe with eSIM chosen on a phone the browser cannot place', async () => {
    const { store } = purchaseStore();
    store.chooseSetmeal(plan(true));
    store.updateForm({ delivery: 'esim' });
    await drawn(store, UA.windows);
    await expectNoAxeViolations();
  });

  it('shows the delivery as eSIM and its fee within the first payment on the check step', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'cn', resources: { cn: { translation: cn } } });
    render(
      <I18nextProvider i18n={i18n}>
        <OrderSummary
          facts={{
            planName: 'eSIM data',
            price: 2500 + 500,
            monthlyRent: 2000,
            info: { delivery: 'esim' },
            esimFee: 500,
          }}
        />
      </I18nextProvider>,
    );
    const row = (label: string) => screen.getByText(label).nextElementSibling?.textContent ?? '';
    expect(row(cn.purchase.delivery)).toBe(cn.purchase.deliveryEsim);
    // With 10 % tax: the fee 550, the first payment 3,300 of which 300 tax.
    expect(row(cn.esim.feeLabel)).toContain('550');
    expect(row(cn.order.firstPayment)).toContain('3,300');
  });
});
