import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformBridge } from '../../bridges/types';
import type { ReceiptSummary } from '../../contract/receipt-views';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { RootStore } from '../../src/app/root-store';
import { ReceiptButton } from '../../src/features/receipts/receipt-button';
import { ReceiptStore } from '../../src/features/receipts/receipt-store';
import { memoryStorage } from '../../src/lib/persistence';
import { expectNoAxeViolations } from './helpers/axe-check';
import { envelope, fakeFetch, type SeenRequest } from './helpers/fake-server';

// Issue 33: the receipt button on a paid order's page: nothing before payment, a sheet to set
// the addressee once (explained), then the PDF opened in the same view through a short link.

afterEach(cleanup);

const receipt = (over: Partial<NonNullable<ReceiptSummary['receipt']>> = {}): ReceiptSummary => ({
  receipt: {
    receiptNo: 'R-2026-000123',
    total: 3278,
    paidAt: '2026-11-27T00:00:00.000Z',
    addressee: '',
    addresseeFixed: false,
    downloads: 0,
    creditNotes: [],
    ...over,
  },
});

async function drawn(
  summary: ReceiptSummary,
  answer: (request: SeenRequest) => { status: number; body: unknown } | null = () => null,
  lang: 'cn' | 'ja' = 'cn',
) {
  const { fetch, seen } = fakeFetch((request) => {
    const own = answer(request);
    if (own) return own;
    if (request.url.startsWith('/api/receipt/summary')) return { status: 200, body: envelope(summary) };
    if (request.url === '/api/receipt/link')
      return { status: 200, body: envelope({ url: '/api/receipt/file?t=abc', expiresAt: '2026-11-27T00:05:00Z' }) };
    return { status: 404, body: envelope({ error: 'NOT_FOUND' }, 0) };
  });
  const root = new RootStore({
    storage: memoryStorage(),
    loadLocale: async () => ({}),
    fetchImpl: fetch,
    platform: 'browser',
  });
  const redirect = vi.fn();
  const bridge = { ...root.bridge, redirect } as PlatformBridge;
  const store = new ReceiptStore(root.http, bridge, 'order', 'SM1');
  const i18n = createInstance();
  await i18n.init({ lng: lang, resources: { [lang]: { translation: lang === 'cn' ? cn : ja } } });
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <ReceiptButton store={store} />
    </I18nextProvider>,
  );
  return { seen, redirect, container };
}

describe('the receipt button', () => {
  it('shows nothing while the order is unpaid', async () => {
    const { seen, container } = await drawn({ receipt: null });
    await waitFor(() => expect(seen.length).toBe(1));
    expect(container.textContent).toBe('');
  });

  it('sets the addressee, then opens the PDF in the same view', async () => {
    const { seen, redirect } = await drawn(receipt(), (request) =>
      request.url === '/api/receipt/addressee'
        ? { status: 200, body: envelope(receipt({ addressee: '株式会社テスト', addresseeFixed: true })) }
        : null,
    );
    fireEvent.click(await screen.findByRole('button', { name: cn.receipts.page.button }));
    expect(screen.getByText(cn.receipts.page.addresseeHint)).toBeTruthy();
    await expectNoAxeViolations();
    fireEvent.change(screen.getByLabelText(cn.receipts.page.addressee), { target: { value: '株式会社テスト' } });
    fireEvent.click(screen.getByRole('button', { name: cn.receipts.page.download }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/api/receipt/file?t=abc'));
    const posts = seen.filter((r) => r.method === 'POST').map((r) => r.url);
    expect(posts).toEqual(['/api/receipt/addressee', '/api/receipt/link']);
    expect(seen.find((r) => r.url === '/api/receipt/addressee')!.body).toContain(encodeURIComponent('株式会社テスト'));
  });

  it('shows a refused addressee on its field and issues no copy', async () => {
    const { seen, redirect } = await drawn(
      receipt(),
      (request) =>
        request.url === '/api/receipt/addressee'
          ? {
              status: 200,
              body: envelope(
                { error: 'ADDRESSEE_INVALID', fields: { addressee: 'ADDRESSEE_INVALID' } },
                0,
                ja.api.errors.ADDRESSEE_INVALID,
              ),
            }
          : null,
      'ja',
    );
    fireEvent.click(await screen.findByRole('button', { name: ja.receipts.page.button }));
    fireEvent.change(screen.getByLabelText(ja.receipts.page.addressee), { target: { value: 'x\u202Ey' } });
    fireEvent.click(screen.getByRole('button', { name: ja.receipts.page.download }));
    await screen.findByText(ja.api.errors.ADDRESSEE_INVALID);
    expect(screen.getByLabelText(ja.receipts.page.addressee).getAttribute('aria-invalid')).toBe('true');
    expect(redirect).not.toHaveBeenCalled();
    expect(seen.some((r) => r.url === '/api/receipt/link')).toBe(false);
  });

  it('says the addressee is fixed and that the next copy is a reissue', async () => {
    await drawn(receipt({ addressee: '王小明', addresseeFixed: true, downloads: 1 }));
    fireEvent.click(await screen.findByRole('button', { name: cn.receipts.page.button }));
    expect(screen.getByText('抬头：王小明（已确定，不能修改）')).toBeTruthy();
    expect(screen.queryByLabelText(cn.receipts.page.addressee)).toBeNull();
    expect(screen.getByText(/已下载过 1 次/)).toBeTruthy();
  });
});
