import { addressOf } from '../../src/app/address-of';
import { identityOf } from '../../src/app/identity-of';
import { lineOf } from '../../src/app/line-of';
import { notificationsOf } from '../../src/app/notifications-of';
import { paymentOf } from '../../src/app/payment-of';
import { isObservableMap, isObservableSet } from 'mobx';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lang, PlanInfo } from '../../contract/api';
import { loadPurchaseCode, RootStore } from '../../src/app/root-store';
import type { KeyValueStorage } from '../../src/lib/persistence';
import { envelope, fakeFetch, type Handler } from './helpers/fake-server';

// The app fetches the purchase store's code with the pages that buy; these tests use it directly.
beforeAll(loadPurchaseCode);

// A phone passed from one customer to the next: after a logout or a 401 nothing of the first
// may be left, in any store or in storage. Every string of customer A carries MARKA, so a
// trace of A anywhere is found by one search.

const MARK = 'MARKA';
const userA = {
  id: 7,
  username: `${MARK}-li`,
  email: `${MARK.toLowerCase()}@example.com`,
  mobile: `+8170${MARK}`,
  lang: 'cn',
  hasPassword: true,
  token: 'tok-a',
};
const userB = { ...userA, id: 8, username: 'bob', email: 'bob@example.com', mobile: null, token: 'tok-b' };
const plan: PlanInfo = {
  id: 2,
  name: 'Plan S',
  description: '',
  dataGb: 3,
  lineType: 'data',
  esim: false,
  throttledKbps: 200,
  originalPrice: 3000,
  activityPrice: 2500,
  monthlyRent: 2000,
};
const order = { orderNo: `${MARK}-O1`, status: 'paid', planName: `${MARK} plan`, info: { lastName: `${MARK}李` } };

/** What the server answers: public content for anyone, A's own data while A's token is live. */
function server(state: { revoked: boolean }): Handler {
  return (request) => {
    const url = request.url.split('?')[0]!;
    const pub: Record<string, unknown> = {
      '/api/common/init': { siteName: '云路移动', taxRatePercent: 10, freeApps: 22 },
      '/api/banner/lists': [{ id: 1, image: '/b.png', link: '' }],
      '/api/index/store': [],
      '/api/setmeal/lists': [plan],
    };
    if (url in pub) return { status: 200, body: envelope(pub[url]) };
    const token = request.headers.token;
    if (url === '/api/user/login') return { status: 200, body: envelope({ userinfo: userB }) };
    if (token === 'tok-b') {
      if (url === '/api/user/package') return { status: 200, body: envelope({ error: 'NO_LINE' }, 0, '还没有线路') };
      if (url === '/api/purchase/draft') return { status: 200, body: envelope({ draft: null }) };
      return { status: 200, body: envelope({}) };
    }
    if (token !== 'tok-a' || state.revoked) {
      return { status: 401, body: envelope({ error: 'UNAUTHORIZED' }, 0, '请先登录') };
    }
    const own: Record<string, unknown> = {
      '/api/user/userinfo': userA,
      '/api/user/package': { msisdn: `070${MARK}`, planName: `${MARK} plan`, status: 'active' },
      '/api/user/usage': { usedMb: 512, quotaMb: 3072, percent: 16, resetDate: `${MARK}-25` },
      '/api/bill/lists': { bills: [{ billNo: `${MARK}-B1`, total: 2200, status: 'unpaid' }] },
      '/api/user/personal': { info: { lastName: `${MARK}李`, block: `${MARK} 1-2-3` }, cardAddress: {} },
      '/api/order/lists': { orders: [order] },
      '/api/order/detail': { order, history: [] },
      '/api/user/notification_settings': {
        channels: { email: true, sms: true, wechat: false },
        kinds: [{ kind: 'order_shipped', locked: false, email: true, sms: false, wechat: false }],
      },
      '/api/pay/refunds': { refunds: [{ amount: 100, status: 'refunding' }] },
      '/api/purchase/draft': {
        draft: { planId: 2, form: { email: userA.email, lastName: `${MARK}李` }, fileNames: {} },
      },
      '/api/handoff/create': { path: `/h5/pages/public/continue?t=${MARK}`, expiresAt: `${MARK}-time` },
      '/api/user/logout': {},
    };
    if (url in own) return { status: 200, body: envelope(own[url]) };
    return { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) };
  };
}

const loadLocale = async (lang: Lang) => ({ hello: lang });

function build(storage: KeyValueStorage, sessionStorage: KeyValueStorage, handler: Handler) {
  return new RootStore({ storage, sessionStorage, loadLocale, fetchImpl: fakeFetch(handler).fetch });
}

// Not the customer's: the services a store is built with, the dictionary engine, and counters
// that only tell newer answers from older ones (they never go back, by design).
const SKIP = new Set(['http', 'storage', 'sessionStorage', 'bridge', 'i18n', 'loaded']);
const COUNTERS = new Set(['generation', 'pollToken', 'nextId', 'signInRequests', 'clears', 'switches']);

/** Every piece of data a store holds, as plain values, without the services it was built with. */
function snapshot(value: unknown, path: object[] = []): unknown {
  if (typeof value === 'function') return undefined;
  if (value === null || typeof value !== 'object') return value;
  if (path.includes(value)) return '[cycle]';
  const inner = [...path, value];
  if (value instanceof Map || isObservableMap(value))
    return [...(value as Map<unknown, unknown>).entries()].map(([k, v]) => [k, snapshot(v, inner)]);
  if (value instanceof Set || isObservableSet(value))
    return [...(value as Set<unknown>)].map((v) => snapshot(v, inner));
  if (Array.isArray(value)) return value.map((v: unknown) => snapshot(v, inner));
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .filter((key) => !SKIP.has(key) && !COUNTERS.has(key))
      .map((key) => [key, snapshot(record[key], inner)]),
  );
}

/** The root's stores by name: everything it holds but the HTTP client, the bridge and a flag. */
function storesOf(root: RootStore): Record<string, unknown> {
  // The stores pages build on first use, built here so that none escapes the comparison.
  paymentOf(root);
  identityOf(root);
  void root.purchase;
  addressOf(root);
  notificationsOf(root);
  const entries = root.builtStores().filter(([key]) => !['http', 'bridge', 'desktop'].includes(key));
  return Object.fromEntries(entries);
}

/** A storage whose every key can be read back, as a browser's can. */
class MapStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem = (key: string) => this.map.get(key) ?? null;
  setItem = (key: string, value: string) => void this.map.set(key, value);
  removeItem = (key: string) => void this.map.delete(key);
  clear = () => this.map.clear();
}

const dump = (storage: MapStorage) => JSON.stringify(Object.fromEntries(storage.map));

/** Customer A signed in, having opened every screen that shows their data. */
async function customerA() {
  const local = new MapStorage();
  const session = new MapStorage();
  const state = { revoked: false };
  local.setItem('token', JSON.stringify('tok-a'));
  const store = build(local, session, server(state));
  await store.launch().done;
  // Signed in with nothing started here: the draft kept on the server comes back.
  await vi.waitFor(() => expect(store.purchase.form.lastName).toBe(`${MARK}李`));
  await store.content.loadHome();
  await Promise.all([
    lineOf(store).pkg.load(),
    lineOf(store).usage.load(),
    lineOf(store).bills.load(),
    store.purchase.orders.load(),
    store.purchase.viewOrder(order.orderNo),
    notificationsOf(store).open(),
    paymentOf(store).refundsOf({ orderNo: order.orderNo }).load(),
  ]);
  await addressOf(store).start();
  addressOf(store).updateForm({ block: `${MARK} 9-9` });
  lineOf(store).choosePlan(plan);
  store.purchase.setImage(`data:image/png;base64,${MARK}`);
  paymentOf(store).setOrder(order.orderNo);
  await paymentOf(store).makeHandoff();
  store.ui.showToast(`${MARK} saved`);
  // Kept by the WeChat sign-in round trip (bridges/oauth-return.ts) and by code not written yet.
  session.setItem('oauth_payer', MARK);
  local.setItem('something-new', MARK);
  return { store, local, session, state };
}

/** A root built now on what the clear left, that saw the same public things: the clear's goal. */
async function freshOn(local: MapStorage, session: MapStorage) {
  const fresh = build(local, session, server({ revoked: false }));
  await fresh.launch().done;
  await fresh.content.loadHome();
  return fresh;
}

async function expectForgotten(store: RootStore, local: MapStorage, session: MapStorage) {
  expect(JSON.stringify(snapshot(storesOf(store)))).not.toContain(MARK);
  expect(dump(local)).not.toContain(MARK);
  expect(dump(session)).not.toContain(MARK);
  // The language chosen and the public config stay; nothing else does.
  expect([...local.map.keys()].sort()).toEqual(['config', 'lang']);
  const fresh = await freshOn(local, session);
  for (const [name, value] of Object.entries(storesOf(store))) {
    expect(snapshot(value), name).toEqual(snapshot(storesOf(fresh)[name]));
  }
}

describe('a shared phone forgets the last customer', () => {
  it('gives every store on the root a clear()', () => {
    const store = build(new MapStorage(), new MapStorage(), server({ revoked: false }));
    const stores = storesOf(store);
    expect(Object.keys(stores).length).toBeGreaterThanOrEqual(9);
    for (const [name, value] of Object.entries(stores)) {
      expect(typeof (value as { clear?: unknown }).clear, name).toBe('function');
    }
  });

  it("logout leaves every store as a fresh one and no trace of A's data, keeping the language", async () => {
    const { store, local, session } = await customerA();
    await store.language.setLang('ja');
    // The test sees A's data where it looks: otherwise "no trace" would prove nothing.
    expect(JSON.stringify(snapshot(storesOf(store)))).toContain(`${MARK}-B1`);
    expect(dump(local)).toContain(MARK);

    await store.account.logout();
    await expectForgotten(store, local, session);
    expect(store.language.lang).toBe('ja');
    expect(store.session.forceOauth).toBe(true);
  });

  it('a 401 mid-session forgets A in the same way and asks for a sign-in', async () => {
    const { store, local, session, state } = await customerA();
    state.revoked = true;
    await lineOf(store).bills.load();
    expect(store.ui.signInRequests).toBe(1);
    await expectForgotten(store, local, session);
  });

  it("B signed in after A sees no line rather than A's package", async () => {
    const { store } = await customerA();
    expect(lineOf(store).pkg.data?.planName).toBe(`${MARK} plan`);
    await store.account.logout();
    const signed = await store.account.login({ email: 'bob@example.com', password: 'bobpass12' });
    expect(signed.ok).toBe(true);
    await lineOf(store).pkg.load();
    expect(lineOf(store).pkg.error).toBe('NO_LINE');
    expect(lineOf(store).pkg.data).toBeNull();
  });

  it('an answer for A that arrives after the logout is not kept (package, server draft)', async () => {
    const local = new MapStorage();
    local.setItem('token', JSON.stringify('tok-a'));
    const held: (() => void)[] = [];
    const base = server({ revoked: false });
    const slow: Handler = (request) => {
      const answer = base(request);
      const url = request.url.split('?')[0];
      if (url !== '/api/user/package' && url !== '/api/purchase/draft') return answer;
      return new Promise((resolve) => held.push(() => resolve(answer)));
    };
    const store = build(local, new MapStorage(), slow);
    await store.launch().done;
    // A page that opens the purchase asks for the server's draft.
    void (await store.purchaseReady());
    const loading = lineOf(store).pkg.load();
    await vi.waitFor(() => expect(held).toHaveLength(2));
    await store.account.logout();
    held.forEach((release) => release());
    await loading;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(lineOf(store).pkg.data).toBeNull();
    expect(JSON.stringify(snapshot(storesOf(store)))).not.toContain(MARK);
    expect(dump(local)).not.toContain(MARK);
  });

  it('a stale token refused at launch leaves nothing of the customer who had it', async () => {
    const local = new MapStorage();
    local.setItem('token', JSON.stringify('tok-old'));
    local.setItem('userinfo', JSON.stringify(userA));
    local.setItem('purchase', JSON.stringify({ form: { lastName: `${MARK}李` } }));
    local.setItem('payment', JSON.stringify({ orderNo: order.orderNo }));
    const store = build(local, new MapStorage(), server({ revoked: false }));
    await store.launch().done;
    expect(store.session.isLogin).toBe(false);
    expect(dump(local)).not.toContain(MARK);
    expect(JSON.stringify(snapshot(storesOf(store)))).not.toContain(MARK);
  });
});
