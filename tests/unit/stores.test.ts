import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppConfig, Lang, UserInfo } from '../../contract/api';
import { loadPurchaseCode, RootStore } from '../../src/app/root-store';
import type { Dictionary } from '../../src/features/language/load-locale';
import { memoryStorage, type KeyValueStorage } from '../../src/lib/persistence';
import { envelope, fakeFetch, type Handler } from './helpers/fake-server';

// The app fetches the purchase store's code with the pages that buy; these tests use it directly.
beforeAll(loadPurchaseCode);

const user: UserInfo = {
  id: 7,
  username: 'lihua',
  email: 'li@example.com',
  mobile: null,
  lang: 'cn',
  hasPassword: true,
  token: 'tok-live',
};
const config = { siteName: '云路移动', taxRatePercent: 10, freeApps: 22 } as AppConfig;
const dictionaries: Record<Lang, Dictionary> = { cn: { hello: '你好' }, ja: { hello: 'こんにちは' } };
const loadLocale = async (lang: Lang) => dictionaries[lang];

const api: Handler = (request) => {
  if (request.url.startsWith('/api/common/init')) return { status: 200, body: envelope(config) };
  if (request.url.startsWith('/api/user/userinfo')) {
    return request.headers.token === 'tok-live'
      ? { status: 200, body: envelope(user) }
      : { status: 401, body: envelope({ error: 'UNAUTHORIZED' }, 0, '请先登录') };
  }
  return { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) };
};

function build(storage: KeyValueStorage, handler: Handler = api) {
  const fake = fakeFetch(handler);
  return { store: new RootStore({ storage, loadLocale, fetchImpl: fake.fetch }), seen: fake.seen };
}

describe('launch', () => {
  it('loads user info, config and language together and signs the user in', async () => {
    const storage = memoryStorage();
    storage.setItem('token', JSON.stringify('tok-live'));
    const { store, seen } = build(storage);
    await store.launch().done;
    // Launch asks for these two together and nothing else: the purchase draft kept on the
    // server is asked for once a page opens the purchase (with nothing started on this device).
    expect(seen.map((r) => r.url).sort()).toEqual(['/api/common/init', '/api/user/userinfo']);
    await loadPurchaseCode();
    void store.purchase;
    await vi.waitFor(() => expect(seen.slice(2).map((r) => r.url)).toEqual(['/api/purchase/draft']));
    expect(store.session.isLogin).toBe(true);
    expect(store.session.forceOauth).toBe(false);
    expect(store.session.userinfo?.username).toBe('lihua');
    expect(store.appConfig.config?.taxRatePercent).toBe(10);
    expect(store.language.langArr).toEqual({ hello: '你好' });
    expect(store.language.i18n.t('hello')).toBe('你好');
  });

  it('marks a rejected token signed out with forceOauth, and forgets it', async () => {
    const storage = memoryStorage();
    storage.setItem('token', JSON.stringify('tok-stale'));
    const { store } = build(storage);
    expect(store.session.isLogin).toBe(true);
    await store.launch().done;
    expect(store.session.isLogin).toBe(false);
    expect(store.session.forceOauth).toBe(true);
    expect(storage.getItem('token')).toBeNull();
  });

  it('keeps the token when the network, not the server, failed', async () => {
    const storage = memoryStorage();
    storage.setItem('token', JSON.stringify('tok-live'));
    const { store } = build(storage, () => {
      throw new TypeError('offline');
    });
    await store.launch().done;
    expect(store.session.isLogin).toBe(false);
    expect(store.session.forceOauth).toBe(true);
    expect(JSON.parse(storage.getItem('token') ?? 'null')).toBe('tok-live');
  });

  it('does not ask for user info without a token', async () => {
    const { store, seen } = build(memoryStorage());
    await store.launch().done;
    expect(seen.map((r) => r.url)).toEqual(['/api/common/init']);
    expect(store.session.isLogin).toBe(false);
    expect(store.session.forceOauth).toBe(true);
  });
});

describe('persistence', () => {
  it('keeps token, userinfo, lang and config across a reload', async () => {
    const storage = memoryStorage();
    const first = build(storage).store;
    first.session.applyUserInfo(user);
    await first.language.setLang('ja');
    await first.launch().done;

    const reloaded = build(storage, () => {
      throw new TypeError('offline');
    }).store;
    expect(reloaded.session.token).toBe('tok-live');
    expect(reloaded.session.userinfo?.email).toBe('li@example.com');
    expect(reloaded.language.lang).toBe('ja');
    expect(reloaded.appConfig.config?.siteName).toBe('云路移动');
  });

  it('switching language sets <html lang> and the dictionary', async () => {
    const { store } = build(memoryStorage());
    await store.language.setLang('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(store.language.i18n.t('hello')).toBe('こんにちは');
    await store.language.setLang('cn');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('keeps the purchase draft across a reload', () => {
    const storage = memoryStorage();
    const first = build(storage).store;
    first.purchase.updateForm({ firstName: '华', lastName: '李' });
    first.purchase.setImage('upload-12');
    const reloaded = build(storage).store;
    expect(reloaded.purchase.form).toMatchObject({ firstName: '华', lastName: '李', region: 'JP' });
    expect(reloaded.purchase.image).toBe('upload-12');
  });

  it('survives a storage that throws on every call', () => {
    const hostile: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
      clear: () => {
        throw new Error('SecurityError');
      },
    };
    const { store } = build(hostile);
    expect(() => store.session.applyUserInfo(user)).not.toThrow();
    expect(store.session.isLogin).toBe(true);
    expect(() => store.logout()).not.toThrow();
  });
});

describe('logout', () => {
  it('clears token, user info and local storage, sets forceOauth, and keeps the language', async () => {
    const storage = memoryStorage();
    const { store } = build(storage);
    store.session.applyUserInfo(user);
    await store.language.setLang('ja');
    storage.setItem('something-else', '1');
    store.purchase.updateForm({ email: 'x@example.com' });

    store.logout();
    expect(store.session.token).toBeNull();
    expect(store.session.userinfo).toBeNull();
    expect(store.session.isLogin).toBe(false);
    expect(store.session.forceOauth).toBe(true);
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('userinfo')).toBeNull();
    expect(storage.getItem('something-else')).toBeNull();
    expect(storage.getItem('purchase')).toBeNull();
    expect(JSON.parse(storage.getItem('lang') ?? 'null')).toBe('ja');
  });
});
