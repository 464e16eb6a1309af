import { afterEach, describe, expect, it } from 'vitest';
import type { Lang, UserInfo } from '../../contract/api';
import { RootStore } from '../../src/app/root-store';
import { memoryStorage } from '../../src/lib/persistence';
import { envelope, fakeFetch } from './helpers/fake-server';

const user: UserInfo = {
  id: 3,
  username: '微信用户',
  email: null,
  mobile: null,
  lang: 'cn',
  hasPassword: false,
  token: 'tok-wx',
};

function build() {
  const fake = fakeFetch((request) => {
    if (request.url === '/api/user/auth_code') return { status: 200, body: envelope({ userinfo: user }) };
    if (request.url === '/api/user/userinfo') {
      return request.headers.token === 'tok-wx'
        ? { status: 200, body: envelope(user) }
        : { status: 401, body: envelope({ error: 'UNAUTHORIZED' }, 0) };
    }
    return { status: 200, body: envelope({}) };
  });
  const store = new RootStore({
    storage: memoryStorage(),
    loadLocale: async (_lang: Lang) => ({}),
    fetchImpl: fake.fetch,
    platform: 'wechat',
  });
  return { store, seen: fake.seen };
}

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('coming back from WeChat OAuth', () => {
  it('exchanges the code once, signs in, and removes code and state from the address bar', async () => {
    sessionStorage.setItem('oauth_state', 'abc');
    window.history.replaceState({ idx: 2 }, '', '/h5/pages/user/index?code=CODE1&state=abc&keep=1');
    const { store, seen } = build();
    await store.launch().done;
    const exchange = seen.find((r) => r.url === '/api/user/auth_code');
    expect(new URLSearchParams(exchange?.body ?? '').get('auth_code')).toBe('CODE1');
    expect(store.session.isLogin).toBe(true);
    expect(window.location.search).toBe('?keep=1');
    expect(window.history.state).toEqual({ idx: 2 });
  });

  it('does not exchange a code whose state this tab did not send, but still strips it', async () => {
    sessionStorage.setItem('oauth_state', 'mine');
    window.history.replaceState(null, '', '/h5/pages/user/index?code=STOLEN&state=theirs');
    const { store, seen } = build();
    await store.launch().done;
    expect(seen.some((r) => r.url === '/api/user/auth_code')).toBe(false);
    expect(store.session.isLogin).toBe(false);
    expect(window.location.search).toBe('');
  });
});
