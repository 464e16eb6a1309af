import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig, Envelope } from '../../contract/api';
import { PASSWORD_MIN } from '../../contract/password-rule';
import { AdminApiError, createAdminClient } from '../../src/admin/api/client';
import { Loadable as ConsoleLoadable } from '../../src/admin/stores/loadable';
import { LanguageStore as ConsoleLanguageStore } from '../../src/admin/stores/language-store';
import { ApiRequestError, createHttpClient } from '../../src/api/http-client';
import { RootStore } from '../../src/app/root-store';
import { ClientError } from '../../src/lib/http-core';
import { createLangI18n, showLang, storedLang, storeLang, type LangPersistence } from '../../src/lib/language';
import { memoryStorage, STORAGE_KEYS } from '../../src/lib/persistence';
import { holdDrawnData, Loadable, releaseDrawnData, Resource } from '../../src/lib/resource';
import { envelope, fakeFetch, type Handler } from './helpers/fake-server';

// Issue 28: one client toolkit (src/lib) under both apps. The apps' own tests (http-client,
// admin-client, stores, admin-review-forms) hold their behaviour; these hold what is shared.

const refusal = { status: 409, body: envelope({ error: 'ORDER_LOCKED', fields: { phone: 'TAKEN' } }, 0, '已锁定') };

describe('one error for both clients', () => {
  it('reads the same key, text and fields from a refusal in either app', async () => {
    const customer = createHttpClient({
      getToken: () => null,
      getLang: () => 'cn',
      fetchImpl: fakeFetch(() => refusal).fetch,
    });
    const admin = createAdminClient({
      getLang: () => 'cn',
      getCsrf: () => 'c',
      onUnauthorized: () => undefined,
      fetchImpl: fakeFetch(() => refusal).fetch,
    });
    const failures = await Promise.all([
      customer.request({ url: '/api/x' }).catch((e: unknown) => e),
      admin.get('/api/admin/x').catch((e: unknown) => e),
    ]);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(ClientError);
      expect(failure).toMatchObject({ status: 409, key: 'ORDER_LOCKED', text: '已锁定', fields: { phone: 'TAKEN' } });
    }
    expect(failures[0]).toBeInstanceOf(ApiRequestError);
    expect(failures[1]).toBeInstanceOf(AdminApiError);
  });

  it('names a call without an answer NETWORK in either app', async () => {
    const down: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const customer = createHttpClient({ getToken: () => null, getLang: () => 'cn', fetchImpl: down });
    const admin = createAdminClient({
      getLang: () => 'ja',
      getCsrf: () => '',
      onUnauthorized: () => undefined,
      fetchImpl: down,
    });
    await expect(customer.request({ url: '/api/x' })).rejects.toMatchObject({
      kind: 'network',
      key: 'NETWORK',
      status: 0,
    });
    await expect(admin.post('/api/admin/x')).rejects.toMatchObject({ key: 'NETWORK', status: 0 });
  });
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('one loadable', () => {
  it('lets the newer load win over an older one still in flight', async () => {
    const loadable = new Loadable<string | null>({ initial: null });
    const first = deferred<string>();
    const older = loadable.load(() => first.promise);
    const newer = loadable.load(() => Promise.resolve('second'));
    first.resolve('first');
    await Promise.all([older, newer]);
    expect(loadable.data).toBe('second');
    expect(loadable.status).toBe('ready');
  });

  it('retries with the last fetcher and forgets it on reset', async () => {
    let calls = 0;
    const loadable = new ConsoleLoadable<number>();
    await loadable.load(() =>
      ++calls === 1 ? Promise.reject(new AdminApiError(500, 'SERVER_ERROR', '')) : Promise.resolve(calls),
    );
    expect(loadable.error?.key).toBe('SERVER_ERROR');
    await loadable.retry();
    expect(loadable).toMatchObject({ status: 'ready', data: 2, error: null });
    loadable.reset();
    await loadable.retry();
    expect(calls).toBe(2);
    expect(loadable.status).toBe('idle');
  });

  it('keeps the customer resource on screen while it reloads, and reads a refusal as key and message', async () => {
    // A refusal's envelope carries the error where the data would be.
    const answers = [envelope(['a']), envelope({ error: 'NOT_FOUND' }, 0, '不存在') as unknown as Envelope<string[]>];
    const resource = new Resource(() => Promise.resolve(answers.shift()!), [] as string[]);
    await resource.load();
    const reload = resource.load();
    expect(resource.data).toEqual(['a']);
    await reload;
    expect(resource).toMatchObject({ status: 'error', error: 'NOT_FOUND', message: '不存在' });
    resource.reset();
    expect(resource).toMatchObject({ status: 'idle', data: [], error: '', message: '' });
  });

  it('is not asked again for what a drawn page just showed, until the page has hydrated', async () => {
    let calls = 0;
    const answers = [envelope(['drawn']), envelope(['fresh'])];
    const resource = new Resource(() => (calls++, Promise.resolve(answers.shift()!)), [] as string[]);
    let offlineCalls = 0;
    const offline = new Resource<string[]>(
      () => (offlineCalls++, Promise.reject(new TypeError('Failed to fetch'))),
      [],
    );
    holdDrawnData();
    try {
      await Promise.all([resource.load(), offline.load()]);
      await resource.load();
      expect(calls).toBe(1);
      // A network failure is no answer: it is asked for again.
      await offline.load();
      expect(offlineCalls).toBe(2);
    } finally {
      releaseDrawnData();
    }
    await resource.load();
    expect(calls).toBe(2);
    expect(resource.data).toEqual(['fresh']);
  });
});

describe('one language core', () => {
  afterEach(() => localStorage.clear());

  it('keeps each app’s stored format under its own key', () => {
    const storage = memoryStorage();
    const json: LangPersistence = { storage: () => storage, key: 'lang', encoding: 'json' };
    const plain: LangPersistence = { storage: () => storage, key: 'sm-admin-lang', encoding: 'plain' };
    storeLang(json, 'ja');
    storeLang(plain, 'ja');
    expect(storage.getItem('lang')).toBe('"ja"');
    expect(storage.getItem('sm-admin-lang')).toBe('ja');
    expect([storedLang(json), storedLang(plain)]).toEqual(['ja', 'ja']);
    const broken: LangPersistence = {
      storage: () => {
        throw new Error('denied');
      },
      key: 'lang',
      encoding: 'json',
    };
    expect(storedLang(broken)).toBeNull();
  });

  it('fills rule numbers into texts and sets the page language', () => {
    const i18n = createLangI18n('cn', {
      resources: { cn: { translation: { hint: '{{passwordMin}}' } } },
      initSync: true,
    });
    expect(i18n.t('hint')).toBe(String(PASSWORD_MIN));
    showLang('ja');
    expect(document.documentElement.lang).toBe('ja');
    showLang('cn');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('gives the console its stored choice and the html lang at start', () => {
    localStorage.setItem('sm-admin-lang', 'ja');
    const language = new ConsoleLanguageStore();
    expect(language.lang).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    language.setLang('cn');
    expect(localStorage.getItem('sm-admin-lang')).toBe('cn');
  });
});

describe('the customer app’s config store', () => {
  const config = { siteName: '云路移动', payment: { standInBridgeUrl: null }, oauth: {} } as unknown as AppConfig;

  function build(handler: Handler, storage = memoryStorage()) {
    const store = new RootStore({ storage, loadLocale: async () => ({}), fetchImpl: fakeFetch(handler).fetch });
    return { store, storage };
  }

  it('holds the server config, and keeps it when the customer is forgotten', async () => {
    const { store, storage } = build(() => ({ status: 200, body: envelope(config) }));
    await store.appConfig.load();
    expect(store.appConfig.config?.siteName).toBe('云路移动');
    store.clear();
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.config) ?? 'null')).toMatchObject({ siteName: '云路移动' });
  });

  it('keeps the stored config when the server does not answer', async () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.config, JSON.stringify(config));
    const { store } = build(() => ({ status: 500, body: {} }), storage);
    await store.appConfig.load();
    expect(store.appConfig.config).toEqual(config);
  });
});
