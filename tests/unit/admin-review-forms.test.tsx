import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import type { AdminDocument, AdminOrder } from '../../contract/admin-api';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { AdminApiError } from '../../src/admin/api/client';
import { LoadView } from '../../src/admin/components/load-view';
import { DocumentViewer } from '../../src/admin/pages/document-viewer';
import { Outcome } from '../../src/admin/pages/order-page';
import { DecisionButtons, RejectForm } from '../../src/admin/pages/review-forms';
import { Loadable } from '../../src/admin/stores/loadable';
import { OrderStore } from '../../src/admin/stores/order-stores';
import type { RootStore } from '../../src/admin/stores/root-store';
import { AdminStoreProvider } from '../../src/admin/stores/store-context';

// Issue 27: a role's refusal offers no retry (asking again is refused again); the reject form's
// "choose at least one document" goes away as soon as one is ticked; the form says which
// language the customer reads and sends the note's own.

/**
 * The parts of the console's stores these forms use, in Chinese. (The real LanguageStore loads
 * the dictionaries through the build's `?admin` filter, which the unit project does not have.)
 */
function consoleStore(): RootStore {
  const i18n = createInstance();
  void i18n.init({
    lng: 'cn',
    fallbackLng: 'cn',
    resources: { cn: { translation: cn }, ja: { translation: ja } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const api = {} as ConstructorParameters<typeof OrderStore>[0];
  return { orders: new OrderStore(api), language: { lang: 'cn', i18n } } as unknown as RootStore;
}

function renderWith(store: RootStore, children: ReactNode) {
  return render(
    <I18nextProvider i18n={store.language.i18n}>
      <AdminStoreProvider store={store}>{children}</AdminStoreProvider>
    </I18nextProvider>,
  );
}

const failed = async (error: AdminApiError) => {
  const loadable = new Loadable<string>();
  await loadable.load(() => Promise.reject(error));
  return loadable;
};

const docs: AdminDocument[] = [
  { id: '00000000-0000-4000-8000-000000000001', kind: 'residence_front', contentType: 'image/jpeg', uploadedAt: '' },
  { id: '00000000-0000-4000-8000-000000000002', kind: 'passport', contentType: 'image/jpeg', uploadedAt: '' },
];

describe('a failed load in the console', () => {
  afterEach(cleanup);

  it('says the role cannot do this, with no retry, on a 403', async () => {
    const loadable = await failed(new AdminApiError(403, 'FORBIDDEN', 'Forbidden'));
    renderWith(consoleStore(), <LoadView loadable={loadable}>{(data) => data}</LoadView>);
    expect(screen.getByRole('alert').textContent).toBe(cn.admin.forbidden);
    expect(screen.queryByRole('button', { name: cn.admin.retry })).toBeNull();
  });

  it('keeps its retry for any other failure', async () => {
    const loadable = await failed(new AdminApiError(0, 'NETWORK', ''));
    renderWith(consoleStore(), <LoadView loadable={loadable}>{(data) => data}</LoadView>);
    expect(screen.getByRole('button', { name: cn.admin.retry })).toBeTruthy();
  });

  it('offers no retry on a document the role may not see', async () => {
    const load = () => Promise.reject(new AdminApiError(403, 'FORBIDDEN', ''));
    renderWith(consoleStore(), <DocumentViewer doc={docs[1]!} lang="cn" load={load} />);
    expect((await screen.findByRole('alert')).textContent).toBe(cn.admin.forbidden);
    expect(screen.queryByRole('button', { name: cn.admin.retry })).toBeNull();
  });
});

describe('the reject form', () => {
  afterEach(cleanup);

  it('drops "choose at least one document" as soon as one is ticked', async () => {
    const store = consoleStore();
    renderWith(
      store,
      <>
        <RejectForm documents={docs} customerLang="ja" />
        <DecisionButtons />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: cn.admin.reject.submit }));
    expect(screen.getByRole('alert').textContent).toBe(cn.api.errors.REJECTION_REQUIRED);
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: '退回护照照片页' }));
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("drops the server's same refusal too", async () => {
    const store = consoleStore();
    store.orders.reject.refuse('REJECTION_REQUIRED', 'server says', { rejections: 'REJECTION_REQUIRED' });
    renderWith(
      store,
      <>
        <RejectForm documents={docs} customerLang="ja" />
        <DecisionButtons />
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('server says');
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: '退回在留卡正面' }));
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says which language the customer reads and labels a note in the other one in the customer's wording", async () => {
    const store = consoleStore();
    renderWith(
      store,
      <>
        <RejectForm documents={docs} customerLang="ja" />
        <DecisionButtons />
      </>,
    );
    expect(screen.getByText('客户阅读的语言：日语')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: '退回护照照片页' }));
    });
    fireEvent.change(screen.getByLabelText(cn.admin.reject.note), { target: { value: '照片太暗' } });
    // Written in Chinese (the console's language) for a customer who reads Japanese.
    expect(screen.getByText(/審査担当からのメモ（中国語）：照片太暗/)).toBeTruthy();
  });
});

describe('after a review decision', () => {
  afterEach(cleanup);

  const order = (orderNo: string, status: AdminOrder['order']['status']) =>
    ({
      order: { orderNo, status },
      customer: { lang: 'cn' },
      documents: [],
      canSeeDocuments: true,
    }) as unknown as AdminOrder;

  /** An order store over a stand-in API whose queue holds `waiting` (oldest paid first). */
  function decide(waiting: string[]) {
    const asked: string[] = [];
    const api = {
      order: async (no: string) => order(no, 'under_review'),
      approve: async (no: string) => order(no, 'approved'),
      reviewNext: async (after: string) => {
        asked.push(after);
        return { orderNo: waiting.find((no) => no !== after) ?? null };
      },
    } as unknown as ConstructorParameters<typeof OrderStore>[0];
    const store = consoleStore();
    const orders = new OrderStore(api);
    Object.assign(store, { orders, session: { can: () => true } });
    return { store, orders, asked };
  }

  const show = (store: RootStore, data: AdminOrder) =>
    renderWith(
      store,
      <MemoryRouter>
        <Outcome data={data} />
      </MemoryRouter>,
    );

  it('offers the next order waiting, leaving out the one just decided', async () => {
    const { store, orders, asked } = decide(['SM1', 'SM2']);
    await orders.open('SM1');
    await act(async () => {
      await orders.approve.run({
        checklist: { nameAndBirthday: true, cardValid: true, address: true, visaType: true },
      });
    });
    expect(asked).toEqual(['SM1']);
    show(store, orders.order.data!);
    const next = await screen.findByRole('link', { name: '下一个待审核订单：SM2' });
    expect(next.getAttribute('href')).toBe('/orders/SM2');
    // The form used is gone: the keyboard focus is on the outcome, beside the next order.
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('says the queue is empty and links to it when nothing else waits', async () => {
    const { store, orders } = decide(['SM1']);
    await orders.open('SM1');
    await act(async () => {
      await orders.approve.run({
        checklist: { nameAndBirthday: true, cardValid: true, address: true, visaType: true },
      });
    });
    show(store, orders.order.data!);
    expect((await screen.findByRole('status')).textContent).toContain(cn.admin.order.queueEmpty);
    expect(screen.getByRole('link', { name: cn.admin.order.backToQueue }).getAttribute('href')).toBe('/review');
  });

  it('shows nothing before a change is saved', async () => {
    const { store, orders } = decide(['SM1']);
    await orders.open('SM1');
    show(store, orders.order.data!);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
