import { describe, expect, it } from 'vitest';
import type { PurchasePrefill } from '../../contract/prefill-rules';
import { createHttpClient } from '../../src/api/http-client';
import { DEFAULT_FORM, PurchaseStore } from '../../src/features/purchase/purchase-store';
import { memoryStorage, readJson, STORAGE_KEYS, writeJson, type KeyValueStorage } from '../../src/lib/persistence';
import { envelope, fakeFetch, type Handler } from './helpers/fake-server';

// Issue 27, item 10: a returning customer's next purchase starts from their last order, and a
// purchase already in progress is never overwritten by it.

const PREFILL: PurchasePrefill = {
  orderNo: 'SM20261101000001',
  form: {
    lastName: '张',
    firstName: '伟',
    email: 'zw@example.com',
    phone: '070-1234-5678',
    postcode: '556-0011',
    province: '大阪府',
    city: '大阪市浪速区',
    block: '2-10-70',
    // Unlike the form's default: a last answer replaces a default, never a value entered.
    visaType: 'non_study',
    residenceFront: 'doc-front',
    residenceBack: 'doc-back',
    identityDoc: 'doc-passport',
  },
  documents: ['residenceFront', 'residenceBack', 'identityDoc'],
};

interface Answers {
  draft?: unknown;
  prefill?: () => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
}

function build(answers: Answers = {}, storage: KeyValueStorage = memoryStorage(), signedIn = true) {
  const handler: Handler = (request) => {
    if (request.url.startsWith('/api/purchase/draft'))
      return { status: 200, body: envelope({ draft: answers.draft ?? null }) };
    if (request.url.startsWith('/api/purchase/prefill'))
      return answers.prefill?.() ?? { status: 200, body: envelope({ prefill: PREFILL }) };
    return { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) };
  };
  const fake = fakeFetch(handler);
  const http = createHttpClient({ getToken: () => 'tok', getLang: () => 'cn', fetchImpl: fake.fetch });
  const store = new PurchaseStore(storage, http, () => signedIn);
  const asked = () => fake.seen.filter((r) => r.url.startsWith('/api/purchase/prefill')).length;
  return { store, storage, asked };
}

describe('a second order starts from the last one', () => {
  it("fills an empty form with the last order's details and documents, and keeps them", async () => {
    const { store, storage } = build();
    store.updateForm({ email: 'account@example.com' });
    await store.loadPrefill();
    expect(store.form).toMatchObject({ ...DEFAULT_FORM, ...PREFILL.form, email: 'account@example.com' });
    expect(store.prefilledFrom).toBe(PREFILL.orderNo);
    // A re-used document shows as sent before, not under a file name of this device.
    expect(store.fileNames).toEqual({});
    // Kept like anything typed: a reload shows the same form and does not ask again.
    const saved = readJson<{ form: Record<string, string>; prefilledFrom: string }>(storage, STORAGE_KEYS.purchase);
    expect(saved).toMatchObject({
      form: { ...PREFILL.form, email: 'account@example.com' },
      prefilledFrom: PREFILL.orderNo,
    });
    // Every field stays the customer's to change.
    store.updateForm({ lastName: '王' });
    expect(store.form.lastName).toBe('王');
  });

  it('leaves a draft of this device as it is', async () => {
    const storage = memoryStorage();
    writeJson(storage, STORAGE_KEYS.purchase, { form: { lastName: '李' }, fileNames: {} });
    const { store, asked } = build({}, storage);
    await store.loadPrefill();
    expect(store.form.lastName).toBe('李');
    expect(store.form.firstName).toBeUndefined();
    expect(store.prefilledFrom).toBe('');
    expect(asked()).toBe(0);
  });

  it("takes up the server's draft from another device instead", async () => {
    const { store } = build({
      draft: { planId: null, form: { lastName: '李', phone: '090-0000-0000' }, fileNames: {} },
    });
    await store.loadPrefill();
    expect(store.form).toMatchObject({ lastName: '李', phone: '090-0000-0000' });
    expect(store.form.residenceFront).toBeUndefined();
    expect(store.prefilledFrom).toBe('');
  });

  it('never overwrites what is typed while the last order is asked for', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const { store } = build({ prefill: () => new Promise((resolve) => (answer = resolve)) });
    const loading = store.loadPrefill();
    await new Promise((resolve) => setTimeout(resolve, 10));
    store.updateForm({ firstName: '敏' });
    answer({ status: 200, body: envelope({ prefill: PREFILL }) });
    await loading;
    expect(store.form.firstName).toBe('敏');
    expect(store.form.lastName).toBeUndefined();
    expect(store.prefilledFrom).toBe('');
  });

  it('leaves the form empty and working when the answer fails, and asks again next time', async () => {
    let fail = true;
    const { store, asked } = build({
      prefill: () =>
        fail
          ? { status: 500, body: envelope({ error: 'SERVER_ERROR' }, 0) }
          : { status: 200, body: envelope({ prefill: PREFILL }) },
    });
    await store.loadPrefill();
    expect(store.form).toEqual(DEFAULT_FORM);
    expect(store.prefilledFrom).toBe('');
    fail = false;
    await store.loadPrefill();
    expect(asked()).toBe(2);
    expect(store.form.lastName).toBe('张');
  });

  it('leaves the form empty for a customer with no order, and asks nothing signed out', async () => {
    const none = build({ prefill: () => ({ status: 200, body: envelope({ prefill: null }) }) });
    await none.store.loadPrefill();
    expect(none.store.form).toEqual(DEFAULT_FORM);
    const signedOut = build({}, memoryStorage(), false);
    await signedOut.store.loadPrefill();
    expect(signedOut.asked()).toBe(0);
    expect(signedOut.store.form).toEqual(DEFAULT_FORM);
  });
});
