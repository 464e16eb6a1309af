import { describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import { RootStore } from '../../src/app/root-store';
import { memoryStorage } from '../../src/lib/persistence';
import { envelope, fakeFetch, type Handler } from './helpers/fake-server';

// Issue 14: an attempt replaced by a newer one ends the wait with a clear word, not 90 s of "querying".

const build = (handler: Handler) =>
  new RootStore({
    storage: memoryStorage(),
    loadLocale: async (_lang: Lang) => ({}),
    fetchImpl: fakeFetch(handler).fetch,
  });

describe('paying, when a newer attempt replaced this one', () => {
  it('stops querying and says the payment was replaced when the server calls it closed', async () => {
    const store = build((request) =>
      request.url.startsWith('/api/pay/status')
        ? { status: 200, body: envelope({ paymentNo: 'P1', status: 'closed', failureCode: null, targetType: 'order' }) }
        : { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) },
    );
    await store.payment.waitForServer('P1');
    expect(store.payment.phase).toEqual({ kind: 'failed', reasonKey: 'payment.closed' });
  });

  it('says the same when a charge lost the race to a newer attempt (the money goes back)', async () => {
    const store = build((request) =>
      request.url.startsWith('/api/pay/create')
        ? { status: 200, body: envelope({ paymentNo: 'P2', outcome: { kind: 'failed', code: 'CLOSED' } }) }
        : { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) },
    );
    store.payment.setOrder('SM1');
    await store.payment.pay('wechat');
    expect(store.payment.phase).toEqual({ kind: 'failed', reasonKey: 'payment.closed' });
  });
});
