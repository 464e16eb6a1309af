import { cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanInfo } from '../../contract/api';
import { createHttpClient } from '../../src/api/http-client';
import { IdentityMethodsNotice } from '../../src/features/purchase/identity-methods-notice';
import { PHOTO_FIELDS, PurchaseStore } from '../../src/features/purchase/purchase-store';
import { memoryStorage } from '../../src/lib/persistence';
import { envelope, fakeFetch } from './helpers/fake-server';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';

afterEach(cleanup);

// Issue 29: step 2 asks for document photos only where contract/identity-rules.ts
// photosRequired says so (a data plan while KYC_PHOTO_FOR_DATA is on); otherwise it says how
// the customer will be verified, and its checks leave the photos out as the server does.

const plan = (lineType: PlanInfo['lineType']): PlanInfo => ({
  id: lineType === 'data' ? 1 : 2,
  name: `${lineType} plan`,
  description: '',
  dataGb: 3,
  throttledKbps: 200,
  originalPrice: 3000,
  activityPrice: 2500,
  monthlyRent: 2000,
  lineType,
  esim: false,
});

/** Step 2 filled in, but with no document photo and no address proof. */
const withoutPhotos = {
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
  delivery: 'mail',
  storeId: '',
  visaType: 'study',
  residenceFront: '',
  residenceBack: '',
  identityKind: 'passport',
  identityDoc: '',
  addressSame: 'no',
};

function build(photoForData: boolean) {
  const fake = fakeFetch((request) => {
    if (request.url.startsWith('/api/common/upload')) return { status: 200, body: envelope({ id: 'sig-1' }) };
    if (request.url.startsWith('/api/order/create'))
      return { status: 200, body: envelope({ order: { orderNo: 'SM1', status: 'awaiting_payment' } }) };
    return { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) };
  });
  const http = createHttpClient({ getToken: () => 'tok', getLang: () => 'cn', fetchImpl: fake.fetch });
  return {
    store: new PurchaseStore(
      memoryStorage(),
      http,
      () => true,
      () => photoForData,
    ),
    seen: fake.seen,
  };
}

describe('whether step 2 asks for document photos', () => {
  const cases = [
    { lineType: 'voice', delivery: 'mail', photoForData: true, photos: false, methods: ['ic_chip', 'jpki'] },
    {
      lineType: 'voice',
      delivery: 'pickup',
      photoForData: true,
      photos: false,
      methods: ['ic_chip', 'jpki', 'counter'],
    },
    { lineType: 'data', delivery: 'mail', photoForData: true, photos: true, methods: ['photos', 'ic_chip', 'jpki'] },
    {
      lineType: 'data',
      delivery: 'pickup',
      photoForData: true,
      photos: true,
      methods: ['photos', 'ic_chip', 'jpki', 'counter'],
    },
    { lineType: 'data', delivery: 'mail', photoForData: false, photos: false, methods: ['ic_chip', 'jpki'] },
    {
      lineType: 'data',
      delivery: 'pickup',
      photoForData: false,
      photos: false,
      methods: ['ic_chip', 'jpki', 'counter'],
    },
  ] as const;

  for (const c of cases) {
    it(`${c.lineType} plan, ${c.delivery}, photos for data ${c.photoForData ? 'on' : 'off'}: ${c.photos ? 'photos' : 'no photos'}`, async () => {
      const { store } = build(c.photoForData);
      store.chooseSetmeal(plan(c.lineType));
      store.updateForm({ ...withoutPhotos, delivery: c.delivery, storeId: c.delivery === 'pickup' ? '1' : '' });
      expect(store.photosRequired).toBe(c.photos);
      expect(store.identityMethods).toEqual(c.methods);
      const checked = await store.checkInformation();
      if (c.photos) {
        expect(checked.ok).toBe(false);
        if (!checked.ok) {
          expect(checked.fields).toMatchObject({
            residenceFront: 'RESIDENCE_FRONT_REQUIRED',
            residenceBack: 'RESIDENCE_BACK_REQUIRED',
            identityDoc: 'IDENTITY_DOC_REQUIRED',
            proofType: 'PROOF_TYPE_REQUIRED',
          });
        }
      } else {
        expect(checked).toMatchObject({ ok: true });
      }
    });
  }

  it('still names the other fields at fault when no photos are asked for, and no photo field', async () => {
    const { store } = build(false);
    store.chooseSetmeal(plan('voice'));
    store.updateForm({ ...withoutPhotos, lastName: '', phone: '12' });
    const checked = await store.checkInformation();
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.fields).sort()).toEqual(['lastName', 'phone']);
    expect(checked.error).toBe('REQUIRED');
  });

  it('keeps the photos while correcting an order review refused (review refuses photos)', () => {
    const { store } = build(false);
    const rejections = [{ document: 'residence_front', reason: 'BLURRY', note: '' }];
    store.startResubmit({ orderNo: 'SM9', rejections, info: { delivery: 'mail' } } as never);
    expect(store.photosRequired).toBe(true);
  });

  it('asks for none while correcting details an IC chip check did not match', () => {
    const { store } = build(false);
    store.startResubmit({ orderNo: 'SM9', rejections: [], info: { delivery: 'mail' } } as never);
    expect(store.photosRequired).toBe(false);
  });

  it('counts a plan kept from before plans had a line type as voice: the stricter rule', () => {
    const { store } = build(true);
    store.chooseSetmeal({ ...plan('data'), lineType: undefined } as unknown as PlanInfo);
    expect(store.lineType).toBe('voice');
    expect(store.photosRequired).toBe(false);
  });

  it('takes the line type of the plan as the server now describes it', () => {
    const { store } = build(true);
    store.chooseSetmeal({ ...plan('data'), lineType: undefined } as unknown as PlanInfo);
    expect(store.photosRequired).toBe(false);
    store.refreshSetmeal([plan('voice'), plan('data')]);
    expect(store.lineType).toBe('data');
    expect(store.photosRequired).toBe(true);
  });

  it('sends no photo or address proof with a voice order, even ones kept from an earlier form', async () => {
    const { store, seen } = build(true);
    store.chooseSetmeal(plan('voice'));
    store.updateForm({ ...withoutPhotos, residenceFront: 'doc-1', addressSame: 'yes' });
    store.setImage('data:image/png;base64,iVBORw0KGgo=');
    const placed = await store.placeOrder();
    expect(placed).toMatchObject({ ok: true });
    const sent = new URLSearchParams(seen.find((r) => r.url.startsWith('/api/order/create'))?.body ?? '');
    for (const field of PHOTO_FIELDS) expect(sent.get(field) ?? '', field).toBe('');
    expect(sent.get('lastName')).toBe('李');
    expect(sent.get('signatureId')).toBe('sig-1');
  });
});

describe('what step 2 says instead of the photos', () => {
  async function drawn(lang: 'cn' | 'ja', lineType: PlanInfo['lineType'], delivery: 'mail' | 'pickup') {
    const i18n = createInstance();
    await i18n.init({ lng: lang, resources: { cn: { translation: cn }, ja: { translation: ja } } });
    const { store } = build(false);
    store.chooseSetmeal(plan(lineType));
    store.updateForm({ delivery });
    render(
      <I18nextProvider i18n={i18n}>
        <IdentityMethodsNotice purchase={store} />
      </I18nextProvider>,
    );
    return screen.getByTestId('identity-methods').textContent ?? '';
  }

  it('names the IC chip and JPKI, and the counter only for a pickup, in both languages', async () => {
    const mailCn = await drawn('cn', 'voice', 'mail');
    expect(mailCn).toContain(cn.identity.method.ic_chip.title);
    expect(mailCn).toContain(cn.identity.method.jpki.title);
    expect(mailCn).not.toContain(cn.identity.method.counter.title);
    expect(mailCn).toContain(cn.identity.formIntro);
    cleanup();
    const pickupJa = await drawn('ja', 'voice', 'pickup');
    expect(pickupJa).toContain(ja.identity.method.counter.title);
    expect(pickupJa).toContain(ja.identity.method.ic_chip.title);
    cleanup();
    const dataJa = await drawn('ja', 'data', 'mail');
    expect(dataJa).toContain(ja.identity.formIntroData);
    expect(dataJa).not.toMatch(/identity\./);
  });
});
