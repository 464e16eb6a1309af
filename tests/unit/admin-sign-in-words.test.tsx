import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { runInAction } from 'mobx';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGS } from '../../contract/api';
import { SignInPage } from '../../src/admin/pages/sign-in-page';
import { RootStore } from '../../src/admin/stores/root-store';
import { AdminStoreProvider } from '../../src/admin/stores/store-context';

// Issue 32: the console's entry carries only the sign-in screen's words (`?sign-in`, see
// vite.config.ts); the whole dictionaries come after it has painted. Every step of the screen,
// and the refusals the page itself says, must read in words from those few alone.

const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
// Only the authenticator's setup answers; nothing here loads the whole dictionaries.
const fetchImpl = (input: RequestInfo | URL) =>
  (input as string).endsWith('/totp/setup')
    ? answer(200, { code: 1, msg: 'ok', time: 0, data: { uri: 'otpauth://totp/x?secret=ABC', secret: 'ABC' } })
    : answer(401, { code: 0, msg: '', time: 0, data: { error: 'STAFF_SIGN_IN_REQUIRED' } });

function visible(): string {
  const labels = [...document.body.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'));
  return [document.title, document.body.textContent, ...labels].join('\n');
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the sign-in screen reads from its own words', () => {
  for (const lang of LANGS)
    for (const stage of ['signed-out', 'password', 'totp-setup', 'password-change'] as const)
      it(`${lang} ${stage}`, async () => {
        localStorage.setItem('sm-admin-lang', lang);
        const store = new RootStore(fetchImpl);
        runInAction(() => {
          store.session.phase = stage;
        });
        render(
          <I18nextProvider i18n={store.language.i18n}>
            <AdminStoreProvider store={store}>
              <SignInPage />
            </AdminStoreProvider>
          </I18nextProvider>,
        );
        if (stage === 'totp-setup') await screen.findByTestId('totp-secret');
        // The page's own refusal of an empty form.
        await act(async () => {
          fireEvent.click(document.querySelector('button[type="submit"]')!);
        });
        expect(document.querySelector('[role="alert"], .form-error, .field-error'), stage).not.toBeNull();
        expect(visible()).not.toMatch(/\b(admin|api|language)\.[A-Za-z]/);
        expect(visible()).not.toContain('{{');
      });
});
