import { describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import { RootStore } from '../../src/app/root-store';
import { memoryStorage } from '../../src/lib/persistence';
import { envelope, fakeFetch } from './helpers/fake-server';

// Issue 29: a continuation link made by the verify step lands on the order's identity check;
// any other (and one from a server that does not say) on its payment, as before.

const userinfo = { id: 1, username: 'li', email: null, hasPassword: false, mobile: null, lang: 'cn', token: 'tok' };

const redeemWith = (answer: Record<string, unknown>) =>
  new RootStore({
    storage: memoryStorage(),
    loadLocale: async (_lang: Lang) => ({}),
    platform: 'browser',
    fetchImpl: fakeFetch((request) =>
      request.url.startsWith('/api/handoff/redeem')
        ? { status: 200, body: envelope({ userinfo, ...answer }) }
        : { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) },
    ).fetch,
  });

describe('redeeming a continuation link', () => {
  it("says 'verify' for a link made by the verify step", async () => {
    const result = await redeemWith({ orderNo: 'SM1', next: 'verify' }).account.continueWith('t'.repeat(43));
    expect(result).toMatchObject({ ok: true, value: { orderNo: 'SM1', next: 'verify' } });
  });

  it("says 'esim' for a link made by the eSIM install (issue 30)", async () => {
    const result = await redeemWith({ orderNo: 'SM1', next: 'esim' }).account.continueWith('t'.repeat(43));
    expect(result).toMatchObject({ ok: true, value: { orderNo: 'SM1', next: 'esim' } });
  });

  it("says 'pay' for a payment's link, and for an answer without next", async () => {
    for (const answer of [
      { orderNo: 'SM1', next: 'pay' },
      { orderNo: 'SM1' },
      { orderNo: null, next: null },
      // A step this app does not know yet (a newer server): the payment, as before.
      { orderNo: 'SM1', next: 'later' },
    ]) {
      const result = await redeemWith(answer).account.continueWith('t'.repeat(43));
      expect(result.ok && result.value.next).toBe('pay');
    }
  });
});
