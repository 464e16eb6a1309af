import { paymentOf } from '../../src/app/payment-of';
import { describe, expect, it, vi } from 'vitest';
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
    await paymentOf(store).waitForServer('P1');
    expect(paymentOf(store).phase).toEqual({ kind: 'failed', reasonKey: 'payment.closed' });
  });

  it('says the same when a charge lost the race to a newer attempt (the money goes back)', async () => {
    const store = build((request) =>
      request.url.startsWith('/api/pay/create')
        ? { status: 200, body: envelope({ paymentNo: 'P2', outcome: { kind: 'failed', code: 'CLOSED' } }) }
        : { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) },
    );
    paymentOf(store).setOrder('SM1');
    await paymentOf(store).pay({ method: 'wechat', scene: 'h5' });
    expect(paymentOf(store).phase).toEqual({ kind: 'failed', reasonKey: 'payment.closed' });
  });
});

// Issue 16: the wait after a bridge or a cashier has an end, asks less often as it goes, and a
// failure speaks of the method that was used.
describe('waiting for the result of a payment', () => {
  const pending = (method = 'wechat') => ({
    status: 200,
    body: envelope({ paymentNo: 'P3', status: 'pending', failureCode: null, targetType: 'order', method }),
  });

  it('asks less and less often, offers to pay again after 10 s, and gives up after 2 minutes', async () => {
    vi.useFakeTimers();
    try {
      let polls = 0;
      const store = build((request) => {
        if (!request.url.startsWith('/api/pay/status')) return { status: 404, body: envelope({}, 0) };
        polls += 1;
        return pending();
      });
      const waiting = paymentOf(store).waitForServer('P3');
      await vi.advanceTimersByTimeAsync(9_000);
      expect(paymentOf(store).phase).toEqual({ kind: 'querying', paymentNo: 'P3', slow: false });
      await vi.advanceTimersByTimeAsync(6_000);
      expect(paymentOf(store).phase).toEqual({ kind: 'querying', paymentNo: 'P3', slow: true });
      await vi.advanceTimersByTimeAsync(110_000);
      await waiting;
      expect(paymentOf(store).phase).toEqual({ kind: 'unconfirmed', paymentNo: 'P3' });
      // Every 1.5 s for 2 minutes would be 80 questions; growing to every 10 s it is far fewer.
      expect(polls).toBeGreaterThan(10);
      expect(polls).toBeLessThan(25);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names WeChat Pay, not the card, when a WeChat payment failed', async () => {
    const store = build(() => ({
      status: 200,
      body: envelope({
        paymentNo: 'P4',
        status: 'failed',
        failureCode: 'PAYERROR',
        targetType: 'order',
        method: 'wechat',
      }),
    }));
    await paymentOf(store).waitForServer('P4');
    expect(paymentOf(store).phase).toEqual({
      kind: 'failed',
      reasonKey: 'payResult.reason.PAYERROR',
      method: 'wechat',
    });
  });

  it("keeps the card gateway's code for a card payment", async () => {
    const store = build(() => ({
      status: 200,
      body: envelope({
        paymentNo: 'P5',
        status: 'failed',
        failureCode: '42G020000',
        targetType: 'order',
        method: 'card',
      }),
    }));
    await paymentOf(store).waitForServer('P5');
    expect(paymentOf(store).phase).toMatchObject({ kind: 'failed', cardCode: '42G020000', method: 'card' });
  });
});
