import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Container, PlatformBridge } from '../../bridges/types';
import type { IdentityState, VerificationView } from '../../contract/identity-views';
import { createHttpClient } from '../../src/api/http-client';
import { IdentityStore, type Visibility } from '../../src/features/identity/identity-store';
import { memoryStorage, type KeyValueStorage } from '../../src/lib/persistence';
import { envelope, fakeFetch, type SeenRequest } from './helpers/fake-server';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';

// Issue 29: the verify step's store. What each status shows, polling that ends at a final word,
// and a link in a phone's browser against a hand-off inside WeChat or Alipay.

afterEach(() => {
  vi.useRealTimers();
});

const attempt = (status: VerificationView['status'], extra: Partial<VerificationView> = {}): VerificationView => ({
  verificationNo: 'V1',
  method: 'ic_chip',
  status,
  mismatched: [],
  documentType: status === 'pending' ? null : 'residence_card',
  completedAt: status === 'pending' ? null : '2026-11-26T03:00:00Z',
  createdAt: '2026-11-26T02:55:00Z',
  ...extra,
});

const voice = (latest: VerificationView | null, satisfied = false): IdentityState => ({
  orderNo: 'SM1',
  lineType: 'voice',
  methods: ['ic_chip', 'jpki'],
  satisfied,
  latest,
});

function fakeVisibility() {
  let hidden = false;
  const listeners = new Set<() => void>();
  const visibility: Visibility = {
    hidden: () => hidden,
    onChange(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
  };
  return {
    visibility,
    listeners,
    set(value: boolean) {
      hidden = value;
      for (const cb of listeners) cb();
    },
  };
}

interface Setup {
  platform?: Container;
  desktop?: boolean;
  states?: IdentityState[];
  storage?: KeyValueStorage;
  failStatus?: boolean;
}

function build(setup: Setup = {}) {
  const states = [...(setup.states ?? [voice(null)])];
  let current = states[0]!;
  const handler = (request: SeenRequest) => {
    if (request.url.startsWith('/api/identity/status')) {
      if (setup.failStatus) return { status: 503, body: envelope({ error: 'SERVER_ERROR' }, 0) };
      current = states.length > 1 ? states.shift()! : current === states[0] ? current : states[0]!;
      return { status: 200, body: envelope(current) };
    }
    if (request.url.startsWith('/api/identity/start'))
      return {
        status: 200,
        body: envelope({
          verificationNo: 'V9',
          url: 'https://ekyc.example/start/V9',
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
        }),
      };
    if (request.url.startsWith('/api/handoff/create'))
      return {
        status: 200,
        body: envelope({ path: '/h5/pages/public/continue?t=abc', expiresAt: '2026-11-26T04:00:00Z' }),
      };
    return { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) };
  };
  const fake = fakeFetch(handler);
  const http = createHttpClient({ getToken: () => 'tok', getLang: () => 'cn', fetchImpl: fake.fetch });
  const redirect = vi.fn();
  const bridge = { platform: setup.platform ?? 'browser', redirect } as unknown as PlatformBridge;
  const vis = fakeVisibility();
  const store = new IdentityStore({
    http,
    bridge,
    storage: setup.storage ?? memoryStorage(),
    desktop: setup.desktop,
    timing: { firstDelayMs: 1000, maxDelayMs: 4000, limitMs: 60_000 },
    visibility: vis.visibility,
  });
  const asked = (path: string) => fake.seen.filter((r) => r.url.startsWith(path));
  return { store, redirect, asked, vis };
}

const word = (key: string, lang: 'cn' | 'ja') =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], lang === 'cn' ? cn : ja);

describe('what the verify step shows for each status', () => {
  const cases: { latest: VerificationView | null; satisfied?: boolean; kind: string; actions: string[] }[] = [
    { latest: null, kind: 'choose', actions: ['start'] },
    { latest: attempt('pending'), kind: 'pending', actions: ['refresh'] },
    { latest: attempt('verified'), satisfied: true, kind: 'verified', actions: ['toPay'] },
    {
      latest: attempt('data_mismatch', { mismatched: ['name', 'address'] }),
      kind: 'data_mismatch',
      actions: ['correct', 'retry'],
    },
    { latest: attempt('mismatch'), kind: 'failed', actions: ['retry'] },
    { latest: attempt('document_expired'), kind: 'failed', actions: ['retry'] },
    { latest: attempt('face_mismatch'), kind: 'failed', actions: ['retry'] },
    { latest: attempt('abandoned'), kind: 'failed', actions: ['retry'] },
  ];
  for (const c of cases) {
    it(`${c.latest?.status ?? 'not started'}: ${c.kind}, offering ${c.actions.join(' and ')}, in words in both languages`, async () => {
      const { store } = build({ states: [voice(c.latest, c.satisfied)] });
      await store.open('SM1');
      store.stop();
      const view = store.view;
      expect(view.kind).toBe(c.kind);
      if (!('messageKey' in view)) throw new Error('no words');
      expect(view.actions).toEqual(c.actions);
      for (const lang of ['cn', 'ja'] as const) {
        const text = word(view.messageKey, lang);
        expect(typeof text, `${view.messageKey} ${lang}`).toBe('string');
      }
      if (c.latest?.status && c.latest.status !== 'pending' && c.kind !== 'verified')
        expect(view.messageKey).toBe(`identity.status.${c.latest.status}`);
    });
  }

  it('names the fields that did not match, each in words', async () => {
    const { store } = build({ states: [voice(attempt('data_mismatch', { mismatched: ['name', 'birthday'] }))] });
    await store.open('SM1');
    store.stop();
    const view = store.view;
    expect(view.kind === 'data_mismatch' && view.fields).toEqual(['name', 'birthday']);
    for (const field of ['name', 'birthday', 'address']) {
      expect(word(`identity.field.${field}`, 'cn')).toBeTruthy();
      expect(word(`identity.field.${field}`, 'ja')).toBeTruthy();
    }
  });

  it('says the load failed, and a retry shows the state', async () => {
    const { store } = build({ failStatus: true });
    await store.open('SM1');
    store.stop();
    expect(store.view.kind).toBe('load-failed');
  });

  it('asks for a check before paying only where neither photos nor the counter verify the order', async () => {
    const pickup = build({ states: [{ ...voice(null), methods: ['ic_chip', 'jpki', 'counter'] }] });
    await pickup.store.open('SM1');
    pickup.store.stop();
    expect(pickup.store.mustVerifyBeforePaying).toBe(false);
    const photos = build({ states: [{ ...voice(null), lineType: 'data', methods: ['photos', 'ic_chip', 'jpki'] }] });
    await photos.store.open('SM1');
    photos.store.stop();
    expect(photos.store.mustVerifyBeforePaying).toBe(false);
    const mail = build({ states: [voice(attempt('face_mismatch'))] });
    await mail.store.open('SM1');
    expect(mail.store.mustVerifyBeforePaying).toBe(true);
    const done = build({ states: [voice(attempt('verified'), true)] });
    await done.store.open('SM1');
    expect(done.store.mustVerifyBeforePaying).toBe(false);
  });
});

describe('following the server', () => {
  it('asks less and less often while pending, and stops at a final word', async () => {
    vi.useFakeTimers();
    const pending = voice(attempt('pending'));
    const { store, asked } = build({
      states: [pending, pending, pending, pending, voice(attempt('verified'), true)],
    });
    await store.open('SM1');
    expect(store.polling).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked('/api/identity/status')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(asked('/api/identity/status')).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(2250);
    await vi.advanceTimersByTimeAsync(3375);
    expect(store.view.kind).toBe('verified');
    expect(store.polling).toBe(false);
    const count = asked('/api/identity/status').length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked('/api/identity/status')).toHaveLength(count);
  });

  it('stops at a failure too, and does not ask when the first answer is final', async () => {
    vi.useFakeTimers();
    const { store, asked } = build({ states: [voice(attempt('document_expired'))] });
    await store.open('SM1');
    expect(store.polling).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(asked('/api/identity/status')).toHaveLength(1);
  });

  it('pauses behind another app and asks at once on coming back', async () => {
    vi.useFakeTimers();
    const pending = voice(attempt('pending'));
    const { store, asked, vis } = build({ states: [pending, pending, pending, voice(attempt('verified'), true)] });
    await store.open('SM1');
    vis.set(true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(store.polling).toBe(false);
    const whileHidden = asked('/api/identity/status').length;
    expect(whileHidden).toBe(1);
    vis.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked('/api/identity/status').length).toBe(whileHidden + 1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.view.kind).toBe('verified');
    store.stop();
    expect(vis.listeners.size).toBe(0);
  });

  it("on an order's page, follows only where a word is awaited", async () => {
    vi.useFakeTimers();
    const counter = { ...voice(null), methods: ['ic_chip', 'jpki', 'counter'] } satisfies IdentityState;
    const pickup = build({ states: [counter] });
    await pickup.store.open('SM1', { quiet: true });
    expect(pickup.store.polling).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(pickup.asked('/api/identity/status')).toHaveLength(1);
    const running = build({ states: [{ ...counter, latest: attempt('pending') }] });
    await running.store.open('SM1', { quiet: true });
    expect(running.store.polling).toBe(true);
    running.store.stop();
    const needed = build({ states: [voice(null)] });
    await needed.store.open('SM1', { quiet: true });
    expect(needed.store.polling).toBe(true);
    needed.store.stop();
  });

  it('forgets everything on clear and asks nothing more', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const { store, asked } = build({ states: [voice(null)], storage });
    await store.open('SM1');
    await store.start('ic_chip');
    expect(storage.getItem('identity')).not.toBeNull();
    store.clear();
    const count = asked('/api/identity/status').length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked('/api/identity/status')).toHaveLength(count);
    expect(store.started).toBeNull();
    expect(storage.getItem('identity')).toBeNull();
  });
});

describe('starting a check, by container', () => {
  it("in a phone's browser: starts, opens the provider through the bridge, and keeps the link across a reload", async () => {
    const storage = memoryStorage();
    const { store, redirect, asked } = build({ storage, states: [voice(null), voice(attempt('pending'))] });
    await store.open('SM1');
    await store.start('jpki');
    store.stop();
    expect(new URLSearchParams(asked('/api/identity/start')[0]?.body ?? '').get('method')).toBe('jpki');
    expect(redirect).toHaveBeenCalledWith('https://ekyc.example/start/V9');
    expect(asked('/api/handoff/create')).toHaveLength(0);
    expect(store.startedHere?.url).toBe('https://ekyc.example/start/V9');
    // A reload: a new store on the same storage still has the provider's link for its QR code.
    const again = build({ storage, states: [voice(attempt('pending'))] });
    await again.store.open('SM1');
    again.store.stop();
    expect(again.store.startedHere?.url).toBe('https://ekyc.example/start/V9');
    expect(again.store.view.kind).toBe('pending');
  });

  it('on a computer: starts and shows the QR code, without leaving the page', async () => {
    const { store, redirect } = build({ desktop: true });
    await store.open('SM1');
    await store.start('ic_chip');
    store.stop();
    expect(redirect).not.toHaveBeenCalled();
    expect(store.startedHere?.url).toBe('https://ekyc.example/start/V9');
  });

  for (const platform of ['wechat', 'alipay', 'wechat-miniprogram', 'alipay-miniprogram', 'wecom'] as const) {
    it(`inside ${platform}: offers the one-time link to the verify page instead of the provider`, async () => {
      const { store, redirect, asked } = build({ platform });
      await store.open('SM1');
      expect(store.needsHandoff).toBe(true);
      await store.start('ic_chip');
      store.stop();
      expect(redirect).not.toHaveBeenCalled();
      expect(asked('/api/identity/start')).toHaveLength(0);
      const made = new URLSearchParams(asked('/api/handoff/create')[0]?.body ?? '');
      expect(made.get('next')).toBe('verify');
      expect(made.get('orderNo')).toBe('SM1');
      expect(store.handoff?.url).toMatch(/\/h5\/pages\/public\/continue\?t=abc$/);
    });
  }

  it('"verify again" starts the method that failed, where it may still be used', async () => {
    const { store, asked } = build({ states: [voice(attempt('face_mismatch', { method: 'jpki' }))] });
    await store.open('SM1');
    await store.retry();
    store.stop();
    expect(new URLSearchParams(asked('/api/identity/start')[0]?.body ?? '').get('method')).toBe('jpki');
  });
});
