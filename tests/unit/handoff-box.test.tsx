import { paymentOf } from '../../src/app/payment-of';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import cn from '../../locales/cn.json';
import { RootStore } from '../../src/app/root-store';
import { HandoffPanel } from '../../src/features/payment/handoff-panel';
import { memoryStorage } from '../../src/lib/persistence';
import { envelope, fakeFetch } from './helpers/fake-server';

// Issue 30 made the payment's, the identity check's and the eSIM install's hand-off one box
// (src/components/handoff-box.tsx): the payment's keeps its words, its copy button and its QR.

afterEach(cleanup);

async function drawn(answer: 'ok' | 'fail') {
  const { fetch } = fakeFetch((request) =>
    request.url.startsWith('/api/handoff/create') && answer === 'ok'
      ? { status: 200, body: envelope({ path: '/h5/pages/public/continue?t=pay1', expiresAt: '2026-11-26T04:00:00Z' }) }
      : { status: 200, body: envelope({ error: 'ORDER_NOT_PAYABLE' }, 0, '') },
  );
  const store = new RootStore({
    storage: memoryStorage(),
    loadLocale: async () => ({}),
    fetchImpl: fetch,
    platform: 'wechat',
  });
  const i18n = createInstance();
  await i18n.init({ lng: 'cn', resources: { cn: { translation: cn } } });
  render(
    <I18nextProvider i18n={i18n}>
      <HandoffPanel payment={paymentOf(store)} intro={cn.payment.openInWechat} />
    </I18nextProvider>,
  );
}

describe("the payment's hand-off", () => {
  it('shows the link with its hint, copies it, and draws its QR code', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
    await drawn('ok');
    const link = await screen.findByTestId('handoff-link');
    await waitFor(() => expect(link.textContent).toMatch(/\/h5\/pages\/public\/continue\?t=pay1$/));
    expect(screen.getByText(cn.handoff.linkHint)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: cn.handoff.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link.textContent));
    expect(await screen.findByText(cn.handoff.copied)).toBeTruthy();
    expect(await screen.findByAltText(cn.handoff.qr)).toBeTruthy();
  });

  it('says the link could not be made, with a retry', async () => {
    await drawn('fail');
    expect((await screen.findByRole('alert')).textContent).toContain(cn.handoff.failed);
    expect(screen.getByRole('button', { name: cn.app.retry })).toBeTruthy();
  });
});
