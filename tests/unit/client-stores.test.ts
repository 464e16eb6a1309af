import { addressOf } from '../../src/app/address-of';
import { paymentOf } from '../../src/app/payment-of';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import { UPLOAD_MAX_BYTES } from '../../contract/limits';
import { loadPurchaseCode, RootStore } from '../../src/app/root-store';
import { memoryStorage } from '../../src/lib/persistence';
import { envelope, fakeFetch, type Handler } from './helpers/fake-server';

// The app fetches the purchase store's code with the pages that buy; these tests use it directly.
beforeAll(loadPurchaseCode);

// Issue 15: pages get data from stores, and one upload path serves the purchase and the
// change of address, saying what went wrong.

function build(handler: Handler) {
  const fake = fakeFetch(handler);
  const store = new RootStore({
    storage: memoryStorage(),
    loadLocale: async (_lang: Lang) => ({}),
    fetchImpl: fake.fetch,
  });
  return { store, seen: fake.seen };
}

const photo = (bytes = 2048) => new File([new Uint8Array(bytes)], 'passport.jpg', { type: 'image/jpeg' });
const stored = (id: string) => ({
  status: 200,
  body: envelope({ id, kind: 'passport', mime: 'image/jpeg', size: 2048 }),
});
const notFound = { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0, '请求的内容不存在') };

describe('uploading a document', () => {
  it('refuses a file over the limit before sending anything, with the size error', async () => {
    const { store, seen } = build(() => stored('doc-1'));
    const result = await store.purchase.uploadDocument('identityDoc', 'passport', photo(UPLOAD_MAX_BYTES + 1));
    expect(result.ok).toBe(false);
    expect(seen).toEqual([]);
    expect(store.purchase.uploads.failures.identityDoc).toEqual({ error: 'FILE_TOO_LARGE', msg: '' });
    expect(store.purchase.form.identityDoc).toBeUndefined();
  });

  it("keeps the server's own words for a refusal, and not as a network problem", async () => {
    const { store } = build(() => ({ status: 200, body: envelope({ error: 'FILE_HEIC' }, 0, '暂不支持 HEIC 格式') }));
    await store.purchase.uploadDocument('identityDoc', 'passport', photo());
    const failure = store.purchase.uploads.failures.identityDoc!;
    expect(failure).toEqual({ error: 'FILE_HEIC', msg: '暂不支持 HEIC 格式' });
  });

  it('reads a 413 from the body limit as too large, with its message', async () => {
    const { store } = build(() => ({
      status: 413,
      body: envelope({ error: 'PAYLOAD_TOO_LARGE' }, 0, '文件不能超过 10M'),
    }));
    await store.purchase.uploadDocument('residenceFront', 'residence_front', photo());
    expect(store.purchase.uploads.failures.residenceFront).toEqual({
      error: 'PAYLOAD_TOO_LARGE',
      msg: '文件不能超过 10M',
    });
  });

  it('marks a dropped connection for a retry, and a retry that works stores the document', async () => {
    let online = false;
    const { store } = build((request) => {
      if (!online) throw new TypeError('Failed to fetch');
      return request.url.startsWith('/api/common/upload?kind=passport') ? stored('doc-9') : notFound;
    });
    await store.purchase.uploadDocument('identityDoc', 'passport', photo());
    const failure = store.purchase.uploads.failures.identityDoc!;
    expect(failure.error).toBe('NETWORK');
    expect(store.purchase.uploads.uploading.identityDoc).toBe(false);

    online = true;
    const retried = await store.purchase.uploadDocument('identityDoc', 'passport', photo());
    expect(retried).toMatchObject({ ok: true, value: 'doc-9' });
    expect(store.purchase.uploads.failures.identityDoc).toBeUndefined();
    expect(store.purchase.form.identityDoc).toBe('doc-9');
    expect(store.purchase.fileNames.identityDoc).toBe('passport.jpg');
  });
});

describe('changing the address', () => {
  const info = {
    region: 'JP',
    postcode: '171-0021',
    province: '東京都',
    city: '豊島区',
    district: '西池袋',
    block: '1-2-3',
    building: '',
  };

  it('starts from the address on record and asks for a proof only once it differs from the card', async () => {
    const { store } = build((request) =>
      request.url.startsWith('/api/user/personal')
        ? { status: 200, body: envelope({ info, cardAddress: info }) }
        : notFound,
    );
    const change = addressOf(store);
    await change.start();
    expect(change.form).toEqual(info);
    expect(change.needsProof).toBe(false);
    change.updateForm({ block: '3-1-1' });
    expect(change.needsProof).toBe(true);
  });

  it('uploads the proof the same way as the purchase and sends only address and proof fields', async () => {
    const { store, seen } = build((request) => {
      if (request.url.startsWith('/api/user/personal'))
        return { status: 200, body: envelope({ info, cardAddress: info }) };
      if (request.url.startsWith('/api/common/upload?kind=address_proof')) return stored('proof-1');
      if (request.url.startsWith('/api/user/addr')) return { status: 200, body: envelope({ info }, 1, '已保存') };
      return notFound;
    });
    const change = addressOf(store);
    await change.start();
    const big = await change.uploadDocument('proofDoc', 'address_proof', photo(UPLOAD_MAX_BYTES + 1));
    expect(big.ok).toBe(false);
    expect(change.uploads.failures.proofDoc?.error).toBe('FILE_TOO_LARGE');

    change.updateForm({ block: '3-1-1', proofType: 'utility_bill', proofDate: '2026-11-01' });
    await change.uploadDocument('proofDoc', 'address_proof', photo());
    expect(change.form.proofDoc).toBe('proof-1');
    expect(change.fileNames.proofDoc).toBe('passport.jpg');

    const saved = await change.save();
    expect(saved).toMatchObject({ ok: true, msg: '已保存' });
    const sent = new URLSearchParams(seen.find((r) => r.url === '/api/user/addr')!.body ?? '');
    expect(Object.fromEntries(sent)).toEqual({
      ...info,
      block: '3-1-1',
      proofType: 'utility_bill',
      proofDate: '2026-11-01',
      proofDoc: 'proof-1',
    });
  });
});

describe('content loaded by stores', () => {
  it('keeps one rich-text page per name, tells a missing page from a lost connection, and reloads on a language switch', async () => {
    let online = true;
    const { store, seen } = build((request) => {
      if (!online) throw new TypeError('Failed to fetch');
      if (request.url === '/api/page/detail?name=terms') {
        const ja = request.headers['accept-language']?.startsWith('ja');
        return {
          status: 200,
          body: envelope({ name: 'terms', title: ja ? '利用規約' : '服务条款', html: '<p>1</p>' }),
        };
      }
      return notFound;
    });
    const terms = store.content.page('terms');
    expect(store.content.page('terms')).toBe(terms);
    await terms.load();
    expect(terms.data?.title).toBe('服务条款');

    const missing = store.content.page('nothing');
    await missing.load();
    expect(missing.status).toBe('error');
    expect(missing.error).toBe('NOT_FOUND');

    online = false;
    await missing.load();
    expect(missing.error).toBe('NETWORK');

    online = true;
    await store.language.setLang('ja');
    await expect.poll(() => terms.data?.title).toBe('利用規約');
    expect(seen.filter((r) => r.url === '/api/page/detail?name=terms')).toHaveLength(2);
  });

  it('forgets the order when the pay step is left, so the next visit never shows an old one', async () => {
    const order = { orderNo: 'SM1', status: 'awaiting_payment' };
    const { store } = build((request) =>
      request.url.startsWith('/api/order/detail') ? { status: 200, body: envelope({ order }) } : notFound,
    );
    await store.purchase.order.load();
    expect(store.purchase.order.data?.order?.orderNo).toBe('SM1');
    store.purchase.order.reset();
    expect(store.purchase.order.data).toBeNull();
    expect(store.purchase.order.status).toBe('idle');
  });

  it('asks for refunds once per order or bill', async () => {
    const { store, seen } = build((request) =>
      request.url.startsWith('/api/pay/refunds')
        ? { status: 200, body: envelope({ refunds: [{ amount: 1980, status: 'refunding' }] }) }
        : notFound,
    );
    const refunds = paymentOf(store).refundsOf({ orderNo: 'SM1' });
    expect(paymentOf(store).refundsOf({ orderNo: 'SM1' })).toBe(refunds);
    expect(paymentOf(store).refundsOf({ billNo: 'SM1' })).not.toBe(refunds);
    await refunds.load();
    expect(refunds.data.refunds).toHaveLength(1);
    expect(seen.map((r) => r.url)).toEqual(['/api/pay/refunds?orderNo=SM1']);
  });
});
