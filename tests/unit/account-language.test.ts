import { afterEach, describe, expect, it } from 'vitest';
import type { Lang, UserInfo } from '../../contract/api';
import { RootStore } from '../../src/app/root-store';
import { memoryStorage, type KeyValueStorage } from '../../src/lib/persistence';
import { envelope, fakeFetch, type Handler, type SeenRequest } from './helpers/fake-server';

// The customer's language is the account's: a signed-in switch is saved to it, and whatever
// signs the customer in (password, WeChat or Alipay code, a hand-off or mini-program ticket)
// shows the app in it.

const dictionaries: Record<Lang, Record<string, string>> = {
  cn: { hello: '你好', 'language.saveFailed': '未能保存' },
  ja: { hello: 'こんにちは', 'language.saveFailed': '保存できませんでした' },
};
const loadLocale = async (lang: Lang) => dictionaries[lang];

const account = (lang: Lang): UserInfo => ({
  id: 7,
  username: 'lihua',
  email: 'li@example.com',
  mobile: null,
  lang,
  hasPassword: true,
  token: 'tok-live',
});

/** The API, with the account in `lang`; `/api/user/lang` answers through `saveLang`. */
function api(state: { lang: Lang }, saveLang?: (request: SeenRequest) => Promise<{ status: number; body: unknown }>) {
  const handler: Handler = (request) => {
    const url = request.url.split('?')[0];
    if (url === '/api/common/init') return { status: 200, body: envelope({ siteName: 'x' }) };
    if (url === '/api/user/lang' && saveLang) return saveLang(request);
    if (url === '/api/user/lang') {
      state.lang = new URLSearchParams(request.body ?? '').get('lang') as Lang;
      return { status: 200, body: envelope({ lang: state.lang }) };
    }
    const signedIn = { status: 200, body: envelope({ userinfo: account(state.lang), orderNo: null }) };
    if (url === '/api/user/login' || url === '/api/user/auth_code' || url === '/api/handoff/redeem') return signedIn;
    if (url === '/api/user/userinfo' && request.headers.token === 'tok-live')
      return { status: 200, body: envelope(account(state.lang)) };
    if (url === '/api/purchase/draft') return { status: 200, body: envelope({ draft: null }) };
    return { status: 401, body: envelope({ error: 'UNAUTHORIZED' }, 0) };
  };
  return handler;
}

function build(handler: Handler, storage: KeyValueStorage = memoryStorage(), load = loadLocale) {
  const fake = fakeFetch(handler);
  const store = new RootStore({ storage, loadLocale: load, fetchImpl: fake.fetch });
  const saves = () => fake.seen.filter((r) => r.url === '/api/user/lang');
  return { store, saves };
}

describe("the title-bar switch saves the account's language", () => {
  it('signed in: posts lang=ja form-encoded with the token, and the stored user info says ja', async () => {
    const state = { lang: 'cn' as Lang };
    const storage = memoryStorage();
    const { store, saves } = build(api(state), storage);
    await store.language.loadCurrent();
    await store.account.login({ email: 'li@example.com', password: 'abc12345' });

    await store.language.choose('ja');
    await store.account.languageSaved();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]).toMatchObject({ method: 'POST', body: 'lang=ja' });
    expect(saves()[0]!.headers).toMatchObject({
      token: 'tok-live',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(state.lang).toBe('ja');
    expect(store.language.lang).toBe('ja');
    expect(store.session.userinfo?.lang).toBe('ja');
    expect(JSON.parse(storage.getItem('userinfo') ?? '{}')).toMatchObject({ lang: 'ja' });
  });

  it('a visitor switches the display only: nothing is sent', async () => {
    const { store, saves } = build(api({ lang: 'cn' }));
    await store.language.choose('ja');
    expect(store.language.lang).toBe('ja');
    expect(saves()).toEqual([]);
  });

  it('quick switches are saved one after another, so the account keeps the last choice', async () => {
    const state = { lang: 'cn' as Lang };
    let inFlight = 0;
    let most = 0;
    const { store, saves } = build(
      api(state, async (request) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        state.lang = new URLSearchParams(request.body ?? '').get('lang') as Lang;
        inFlight -= 1;
        return { status: 200, body: envelope({ lang: state.lang }) };
      }),
    );
    await store.account.login({ email: 'li@example.com', password: 'abc12345' });
    // Three taps, faster than the network answers.
    for (const lang of ['ja', 'cn', 'ja'] as const) await store.language.choose(lang);
    await store.account.languageSaved();
    expect(saves().map((r) => r.body)).toEqual(['lang=ja', 'lang=cn', 'lang=ja']);
    expect(most).toBe(1);
    expect(state.lang).toBe('ja');
    expect(store.language.lang).toBe('ja');
  });

  it('says so when the account could not be told, and keeps the language shown', async () => {
    const { store } = build(api({ lang: 'cn' }, async () => ({ status: 503, body: '' })));
    await store.account.login({ email: 'li@example.com', password: 'abc12345' });
    await store.language.choose('ja');
    await store.account.languageSaved();
    expect(store.ui.toast).toMatchObject({ kind: 'error', text: '保存できませんでした' });
    expect(store.language.lang).toBe('ja');
  });

  it('a save still waiting when the customer signs out is not sent for them', async () => {
    let release: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (release = resolve));
    const state = { lang: 'cn' as Lang };
    const { store, saves } = build(
      api(state, async (request) => {
        await first;
        state.lang = new URLSearchParams(request.body ?? '').get('lang') as Lang;
        return { status: 200, body: envelope({ lang: state.lang }) };
      }),
    );
    await store.account.login({ email: 'li@example.com', password: 'abc12345' });
    // The first save hangs on the network; the second waits behind it.
    await store.language.choose('ja');
    await store.language.choose('cn');
    await store.account.logout();
    release();
    await store.account.languageSaved();
    expect(saves().map((r) => r.body)).toEqual(['lang=ja']);
    expect(store.ui.signInRequests).toBe(0);
  });
});

describe("signing in shows the account's language", () => {
  afterEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  const ways: [string, (store: RootStore) => Promise<unknown>][] = [
    ['password', (s) => s.account.login({ email: 'li@example.com', password: 'abc12345' })],
    ['hand-off or mini-program ticket', (s) => s.account.continueWith('t'.repeat(43))],
  ];
  for (const [way, signIn] of ways) {
    it(`by ${way}, on a device showing Chinese`, async () => {
      const { store, saves } = build(api({ lang: 'ja' }));
      await store.language.loadCurrent();
      expect(store.language.lang).toBe('cn');
      await signIn(store);
      await expectShown(store, 'ja');
      // Taking the account's language is not a new choice: nothing is saved back.
      expect(saves()).toEqual([]);
    });
  }

  it('by WeChat, coming back to the app at launch while the stored language still loads', async () => {
    sessionStorage.setItem('oauth_state', 'st1');
    window.history.replaceState(null, '', '/h5/pages/user/index?code=CODE1&state=st1');
    const storage = memoryStorage();
    storage.setItem('lang', JSON.stringify('cn'));
    // The stored language's dictionary arrives after the account's: it must not win.
    let chineseArrived = Promise.resolve();
    const slowChinese = (lang: Lang) => {
      if (lang !== 'cn') return Promise.resolve(dictionaries[lang]);
      const late = new Promise((resolve) => setTimeout(resolve, 30)).then(() => dictionaries[lang]);
      chineseArrived = late.then(() => undefined);
      return late;
    };
    const fake = fakeFetch(api({ lang: 'ja' }));
    const store = new RootStore({ storage, loadLocale: slowChinese, fetchImpl: fake.fetch, platform: 'wechat' });
    await store.launch().done;
    expect(fake.seen.some((r) => r.url === '/api/user/auth_code')).toBe(true);
    // Once the late dictionary is in and its caller has run, a wrong switch would show.
    await chineseArrived;
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expectShown(store, 'ja');
    expect(JSON.parse(storage.getItem('lang') ?? 'null')).toBe('ja');
  });

  it("is not forced on a phone that kept its session: there the phone's own choice stays", async () => {
    const storage = memoryStorage();
    storage.setItem('token', JSON.stringify('tok-live'));
    storage.setItem('lang', JSON.stringify('ja'));
    const { store, saves } = build(api({ lang: 'cn' }), storage);
    await store.launch().done;
    await expectShown(store, 'ja');
    expect(store.session.isLogin).toBe(true);
    expect(saves()).toEqual([]);
  });
});

async function expectShown(store: RootStore, lang: Lang): Promise<void> {
  await expect.poll(() => store.language.lang).toBe(lang);
  expect(store.language.i18n.t('hello')).toBe(dictionaries[lang].hello);
  expect(document.documentElement.lang).toBe(lang === 'ja' ? 'ja' : 'zh-CN');
}
