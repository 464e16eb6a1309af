import { identityOf } from '../../src/app/identity-of';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Container } from '../../bridges/types';
import type { IdentityState, VerificationView } from '../../contract/identity-views';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { loadPurchaseCode, RootStore } from '../../src/app/root-store';
import { StoreProvider } from '../../src/app/store-context';
import { memoryStorage } from '../../src/lib/persistence';
import VerifyPage from '../../src/pages/process/verify-page';
import { envelope, fakeFetch } from './helpers/fake-server';

// The app fetches the purchase store's code with the pages that buy; these tests use it directly.
beforeAll(loadPurchaseCode);

// Issue 29: the verify step as the customer reads it, in both languages: each status in words
// with its next step, and inside WeChat the one-time link in place of the provider.

const attempt = (status: VerificationView['status'], mismatched: VerificationView['mismatched'] = []) => ({
  verificationNo: 'V1',
  method: 'ic_chip' as const,
  status,
  mismatched,
  documentType: null,
  completedAt: null,
  createdAt: '2026-11-26T02:55:00Z',
});

const state = (latest: VerificationView | null, satisfied = false): IdentityState => ({
  orderNo: 'SM1',
  lineType: 'voice',
  methods: ['ic_chip', 'jpki'],
  satisfied,
  latest,
});

let store: RootStore | null = null;
afterEach(() => {
  if (store) identityOf(store).stop();
  store = null;
  cleanup();
});

async function drawn(lang: 'cn' | 'ja', answer: IdentityState | 'fail', platform: Container = 'browser') {
  const { fetch } = fakeFetch((request) => {
    if (request.url.startsWith('/api/identity/status'))
      return answer === 'fail'
        ? { status: 503, body: envelope({ error: 'SERVER_ERROR' }, 0) }
        : { status: 200, body: envelope(answer) };
    if (request.url.startsWith('/api/handoff/create'))
      return {
        status: 200,
        body: envelope({ path: '/h5/pages/public/continue?t=abc', expiresAt: '2026-11-26T04:00:00Z' }),
      };
    return { status: 200, body: envelope({ order: null }) };
  });
  store = new RootStore({ storage: memoryStorage(), loadLocale: async () => ({}), fetchImpl: fetch, platform });
  const i18n = createInstance();
  await i18n.init({ lng: lang, resources: { [lang]: { translation: lang === 'cn' ? cn : ja } } });
  render(
    <MemoryRouter initialEntries={['/pages/process/verify?orderNo=SM1']}>
      <I18nextProvider i18n={i18n}>
        <StoreProvider store={store}>
          <VerifyPage titleKey="routes.processVerify" />
        </StoreProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

const stateText = async () => (await screen.findByTestId('verify-state')).textContent ?? '';

describe('the verify step', () => {
  it('offers each online method with a start button when nothing was tried', async () => {
    await drawn('cn', state(null));
    expect(await stateText()).toBe(cn.identity.status.none);
    expect(
      screen.getByRole('button', { name: `${cn.identity.verify.start}：${cn.identity.method.ic_chip.title}` }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: `${cn.identity.verify.start}：${cn.identity.method.jpki.title}` }),
    ).toBeTruthy();
    // Never a dead end: the way back to the order.
    expect(screen.getByRole('link', { name: cn.identity.verify.toOrder })).toBeTruthy();
  });

  it('says it waits for the result, with "check again"', async () => {
    await drawn('ja', state(attempt('pending')));
    expect(await stateText()).toBe(ja.identity.status.pending);
    expect(screen.getByRole('button', { name: ja.identity.verify.checkNow })).toBeTruthy();
    // A customer who closed the provider's app, or began on another phone, can start over.
    expect(screen.getByRole('heading', { name: ja.identity.verify.methodsAgainTitle })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: `${ja.identity.verify.start}：${ja.identity.method.ic_chip.title}` }),
    ).toBeTruthy();
  });

  it('says verified and goes on to payment', async () => {
    await drawn('cn', state(attempt('verified'), true));
    expect(await stateText()).toBe(cn.identity.status.verified);
    expect(screen.getByRole('link', { name: cn.identity.verify.toPay }).getAttribute('href')).toBe(
      '/pages/process/pay?orderNo=SM1',
    );
  });

  it('names the fields that did not match, with "correct my details" and "verify again"', async () => {
    await drawn('ja', state(attempt('data_mismatch', ['name', 'address'])));
    const text = await stateText();
    expect(text).toContain(`${ja.identity.field.name}${ja.identity.fieldSeparator}${ja.identity.field.address}`);
    expect(screen.getByRole('button', { name: ja.identity.verify.correctDetails })).toBeTruthy();
    expect(screen.getByRole('button', { name: ja.identity.verify.tryAgain })).toBeTruthy();
  });

  for (const status of ['mismatch', 'document_expired', 'face_mismatch', 'abandoned'] as const) {
    it(`says what happened on ${status}, with "try again", in both languages`, async () => {
      await drawn('cn', state(attempt(status)));
      expect(await stateText()).toBe(cn.identity.status[status]);
      expect(screen.getByRole('button', { name: cn.identity.verify.tryAgain })).toBeTruthy();
      cleanup();
      await drawn('ja', state(attempt(status)));
      expect(await stateText()).toBe(ja.identity.status[status]);
    });
  }

  it('offers a retry when the state could not be loaded', async () => {
    await drawn('cn', 'fail');
    expect((await screen.findByRole('alert')).textContent).toContain(cn.app.retry);
  });

  it('inside WeChat, shows the one-time link instead of start buttons', async () => {
    await drawn('cn', state(null), 'wechat');
    const link = await screen.findByTestId('handoff-link');
    await waitFor(() => expect(link.textContent).toMatch(/\/h5\/pages\/public\/continue\?t=abc$/));
    expect(screen.queryByRole('button', { name: new RegExp(cn.identity.verify.start) })).toBeNull();
    expect(screen.getByText(cn.identity.verify.inAppIntro)).toBeTruthy();
  });
});
