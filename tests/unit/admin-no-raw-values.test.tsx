import { readdirSync } from 'node:fs';
import { TOPUP_SOURCES, TOPUP_STATUSES, type AdminTopups } from '../../contract/topup-views';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../contract/api';
import { ORDER_STATUSES, type OrderStatus } from '../../contract/order-status';
import { LINE_STATUSES } from '../../contract/console-values';
import { LINE_EVENT_REASONS } from '../../contract/line-states';
import { REPLACEMENT_KINDS } from '../../contract/lifecycle-rules';
import { REPLACEMENT_STATUSES } from '../../contract/lost-views';
import type { AdminOrder } from '../../contract/admin-api';
import type { StaffStage } from '../../contract/staff-roles';
import { AdminApp } from '../../src/admin/app';
// Loaded up front: the console behind sign-in is a chunk the app imports when first shown.
import '../../src/admin/console';
import { ConsoleStores } from '../../src/admin/stores/console-stores';
import { RootStore } from '../../src/admin/stores/root-store';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import * as fixtures from './helpers/admin-fixtures';

// Issue 27: a new staff member saw `{{min}}`, `unpaid`, `#1`, `plan_change_booked` and
// `15740 MB / 20480 MB` in the console. Every page is drawn here, in both languages, with data
// holding every value it can show; none of them may reach the screen as it is stored.

/** Issue 31: the lost SIM panel with a replacement of each way in each state. */
const lostPanel = (lineStatus: string) => ({
  lineId: 1,
  lineStatus,
  msisdn: '070-1234-5678',
  replacements: REPLACEMENT_STATUSES.flatMap((status, i) =>
    REPLACEMENT_KINDS.map((kind, j) => ({
      replacementNo: `R20261201${String(i * 3 + j).padStart(6, '0')}`,
      kind,
      status,
      fee: 2200,
      chargeNo: null,
      trackingNo: status === 'shipped' ? 'JP12345678' : null,
      address: null,
      oldIccidLast4: '0001',
      newIccidLast4: null,
      createdAt: '2026-12-01T00:00:00.000Z',
      doneAt: null,
      userId: 1,
      msisdn: '070-1234-5678',
      lineStatus,
      oldIccid: '8981100000000000001',
      newIccid: status === 'done' ? '8981100000000000019' : null,
      requestedBy: 'customer:1',
    })),
  ),
});

const ok = (body: unknown) => ({ code: 1, msg: 'ok', time: 0, data: body });

/** A line's top-ups (issue 31) in every status and from every source, automatic top-up turned off by a declined card. */
const topupPanel: AdminTopups = {
  lineId: 1,
  msisdn: '07012345678',
  topups: TOPUP_STATUSES.map((status, i) => ({
    id: i + 1,
    addonId: '1gb',
    megabytes: 1024,
    source: TOPUP_SOURCES[i % TOPUP_SOURCES.length]!,
    status,
    price: 550,
    chargeNo: `C2031010100000${i}`,
    chargeStatus: 'paid',
    validFrom: '2031-01-10',
    validUntil: status === 'applied' ? '2031-01-31' : null,
    createdAt: '2031-01-10T01:00:00.000Z',
    appliedAt: null,
  })),
  auto: { enabled: false, addonId: '1gb', monthlyCap: 2, disabledReason: 'card_declined', usedThisMonth: 1 },
  card: { maskedNumber: '411111******1111', expiry: '2812' },
};

/** The staff API as the pages call it, answered from the fixtures. */
function fakeFetch(
  stage: StaffStage,
  lineStatus: string,
  orderStatus: (typeof ORDER_STATUSES)[number],
  orderOf: (status: OrderStatus) => AdminOrder = fixtures.order,
): typeof fetch {
  const answers: [RegExp, () => unknown][] = [
    [/^GET \/api\/admin\/me$/, () => ({ stage, csrf: 'c', staff: { login: 'admin1', name: '管理员', role: 'admin' } })],
    [/^GET \/api\/admin\/totp\/setup$/, () => ({ uri: 'otpauth://totp/x?secret=ABC', secret: 'ABC' })],
    [/^GET \/api\/admin\/review$/, () => fixtures.reviewQueue],
    [/^GET \/api\/admin\/orders\/[^/]+$/, () => orderOf(orderStatus)],
    [/^GET \/api\/admin\/fulfilment$/, () => fixtures.fulfilment],
    [/^GET \/api\/admin\/esim\/stock$/, () => fixtures.stock],
    [
      /^GET \/api\/admin\/customers$/,
      () => ({
        customers: [{ id: 1, username: 'li', email: 'li@example.com', mobile: null, orders: 2, hasLine: true }],
      }),
    ],
    [/^GET \/api\/admin\/customers\/\d+$/, () => fixtures.customer(lineStatus)],
    [/^GET \/api\/admin\/customers\/\d+\/line$/, () => lineOf(lineStatus)],
    [/^GET \/api\/admin\/customers\/\d+\/replacement$/, () => lostPanel(lineStatus)],
    [/^GET \/api\/admin\/replacements$/, () => ({ replacements: lostPanel(lineStatus).replacements })],
    [/^GET \/api\/admin\/customers\/\d+\/leaving$/, () => fixtures.leaving],
    [/^GET \/api\/admin\/customers\/\d+\/topups$/, () => topupPanel],
    [/^GET \/api\/admin\/payments$/, () => fixtures.payments],
    [/^GET \/api\/admin\/payments\/P\d+$/, () => fixtures.payment(Number(/(\d)$/.exec(lastUrl)?.[1] ?? 0))],
    [/^GET \/api\/admin\/refunds$/, () => fixtures.refunds],
    [
      /^GET \/api\/admin\/receipts$/,
      () => ({
        receipt: {
          receiptNo: 'R-2026-000001',
          total: 1980,
          paidAt: '2026-12-01T00:00:00.000Z',
          addressee: '株式会社テスト',
          addresseeFixed: true,
          downloads: 2,
          creditNotes: [{ creditNoteNo: 'C-2026-000001', amount: 500, refundedAt: '2026-12-02T00:00:00.000Z' }],
        },
      }),
    ],
    [/^GET \/api\/admin\/bills$/, () => fixtures.bills],
    [/^GET \/api\/admin\/audit$/, () => fixtures.audit],
    [/^GET \/api\/admin\/staff$/, () => fixtures.staffList],
  ];
  let lastUrl = '';
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    lastUrl = (input as string).split('?')[0]!;
    const call = `${init.method ?? 'GET'} ${lastUrl}`;
    const answer = answers.find(([pattern]) => pattern.test(call));
    const body = answer ? ok(answer[1]()) : { code: 0, msg: '', time: 0, data: { error: 'NOT_FOUND' } };
    return new Response(JSON.stringify(body), { status: answer ? 200 : 404 });
  };
}

/** The line panel (issue 31): every reason in its history, a pause, every action staff may take. */
const lineOf = (status: string) => ({
  line: {
    id: 1,
    msisdn: '07012345678',
    status,
    events: LINE_EVENT_REASONS.map((reason, i) => ({
      from: i === 0 ? 'new' : 'active',
      to: LINE_STATUSES[i % LINE_STATUSES.length],
      reason,
      at: '2026-12-01T00:00:00.000Z',
      by: (['you', 'staff', 'system'] as const)[i % 3],
      staffLogin: i % 3 === 1 ? 'support1' : null,
    })),
    pause: { id: 1, status: 'booked', startOn: '2027-01-01', resumeOn: '2027-03-01' },
    pauseOptions: [{ start: '2027-01-01', resumeOptions: ['2027-02-01', '2027-03-01'] }],
    actions: ['suspend', 'resume', 'book_pause', 'cancel_pause', 'end_pause'],
  },
});

/** Each console page, and the pages/ files it draws (a new file there must be listed here). */
const PAGES: { path: string; files: string[]; stage?: StaffStage }[] = [
  { path: '/', files: ['sign-in-page'], stage: 'password' },
  { path: '/', files: ['sign-in-page'], stage: 'totp-setup' },
  { path: '/', files: ['sign-in-page'], stage: 'password-change' },
  { path: '/review', files: ['review-queue-page'] },
  {
    path: '/orders/SM20261201001',
    files: [
      'order-page',
      'order-details',
      'review-forms',
      'fulfil-forms',
      'document-viewer',
      'identity-panel',
      'counter-check-form',
      'esim-panel',
      'esim-reissue-form',
    ],
  },
  { path: '/fulfilment', files: ['fulfilment-page', 'esim-low-stock', 'replacement-queue'] },
  { path: '/esim', files: ['esim-stock-page', 'esim-import-form', 'esim-low-stock'] },
  { path: '/customers', files: ['customers-page'] },
  {
    path: '/customers/1',
    files: ['customer-page', 'address-change-form', 'line-panel', 'replacement-panel', 'leaving-panel', 'topup-panel'],
  },
  { path: '/money/payments', files: ['payments-page'] },
  ...fixtures.payments.payments.map((row) => ({
    path: `/money/payments/${row.paymentNo}`,
    // A paid order's or bill's payment shows its receipt (issue 33).
    files:
      ['paid', 'refunded'].includes(fixtures.payment(Number(row.paymentNo.slice(-1))).payment.status) &&
      /^(order|bill) /.test(row.target)
        ? ['payment-page', 'receipt-panel']
        : ['payment-page'],
  })),
  { path: '/money/refunds', files: ['refunds-page'] },
  { path: '/money/bills', files: ['bills-page'] },
  { path: '/money/usage', files: ['usage-page'] },
  { path: '/audit', files: ['audit-page'] },
  { path: '/staff', files: ['staff-page'] },
];

/** What a person can read or hear: the text, and the labels and names given in attributes. */
function readable(): string {
  const attributes = [...document.body.querySelectorAll('*')].flatMap((element) =>
    ['aria-label', 'alt', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
  );
  // Text node by text node: cells run together in textContent ("¥2,178unpaid"), hiding whole words.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  return [document.title, ...texts, ...attributes].join('\n');
}

const wholeWord = (value: string) => new RegExp(`(^|[^A-Za-z0-9_-])${value.replace(/[-]/g, '\\-')}($|[^A-Za-z0-9_-])`);

/** A file's size limit is in MB, as the operator's file is: not a data amount. */
const FILE_SIZE_TEXTS = [cn, ja].flatMap((dictionary) => [
  dictionary.admin.usage.fileHint,
  dictionary.admin.usage.tooLarge,
]);

function expectNoRawValues(text: string, where: string) {
  expect(text, where).not.toContain('{{');
  expect(text, where).not.toMatch(/\b(admin|api)\.[A-Za-z]/);
  const data = FILE_SIZE_TEXTS.reduce((rest, sizeText) => rest.split(sizeText).join(''), text);
  expect(data, where).not.toMatch(/\d\s*MB\b/);
  expect(text, where).not.toMatch(/#\d/);
  const leaked = fixtures.RAW_VALUES.filter((value) => wholeWord(value).test(text));
  expect(leaked, `${where}:\n${text}`).toEqual([]);
}

async function draw(
  lang: Lang,
  page: (typeof PAGES)[number],
  lineStatus: string,
  orderStatus: OrderStatus = 'awaiting_payment',
  orderOf?: (status: OrderStatus) => AdminOrder,
) {
  localStorage.setItem('sm-admin-lang', lang);
  // The browser holds a session (see SessionStore): the console waits for the check, and the
  // page drawn below is the one asked for, never the sign-in screen shown meanwhile.
  localStorage.setItem('sm-admin-session', '1');
  window.history.pushState({}, '', `/admin${page.path}`);
  const store = new RootStore(fakeFetch(page.stage ?? 'active', lineStatus, orderStatus, orderOf));
  // The area stores come with the console's chunk; these pages are given state before it draws.
  store.openConsole((client) => new ConsoleStores(client));
  if (page.path === '/customers') {
    store.customers.setQuery('li');
    await store.customers.search();
  }
  if (page.path === '/money/usage')
    store.money.dryRun = {
      dryRun: true,
      changes: [{ msisdn: '07012345678', day: '2026-12-01', before: 70, after: 15740 }],
      problems: [],
    };
  await act(async () => {
    render(<AdminApp store={store} />);
  });
  await waitFor(() => {
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(document.querySelector('h1')).not.toBeNull();
  });
  // Drawn with its data: a refused load would pass every check with nothing on screen.
  expect(document.querySelector('.load-failed'), page.path).toBeNull();
  return store;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the staff console shows no raw values', () => {
  it('draws every file in src/admin/pages', () => {
    const files = readdirSync('src/admin/pages').map((name) => name.replace(/\.tsx$/, ''));
    expect([...new Set(PAGES.flatMap((page) => page.files))].sort()).toEqual(files.sort());
  });

  for (const lang of LANGS)
    for (const page of PAGES)
      it(`${lang} ${page.path}${page.stage ? ` (${page.stage})` : ''}`, async () => {
        for (const lineStatus of page.path === '/customers/1' ? LINE_STATUSES : [LINE_STATUSES[0]]) {
          await draw(lang, page, lineStatus);
          expectNoRawValues(readable(), `${lang} ${page.path}`);
          cleanup();
        }
      });

  for (const lang of LANGS)
    it(`${lang} an order in each status`, async () => {
      for (const status of ORDER_STATUSES) {
        await draw(lang, PAGES[4]!, LINE_STATUSES[0], status);
        expectNoRawValues(readable(), `${lang} order ${status}`);
        cleanup();
      }
    });

  // Issue 29: a pickup order still to be checked at the counter (its form, the actions waiting
  // with their reason), and one whose latest check found the data not matching.
  const counterOrder = (status: OrderStatus): AdminOrder => {
    const order = fixtures.order(status);
    return {
      ...order,
      order: { ...order.order, info: { delivery: 'pickup' } },
      identity: { ...fixtures.identity(false), verifications: [] },
    };
  };
  const mismatchOrder = (status: OrderStatus): AdminOrder => {
    const order = fixtures.order(status);
    const identity = fixtures.identity(false, 'data');
    return { ...order, identity: { ...identity, verifications: identity.verifications.slice(0, 2) } };
  };
  // Issue 30: an eSIM order with its profiles and reissues, and one waiting for stock.
  const esimOrder =
    (waitingStock: boolean) =>
    (status: OrderStatus): AdminOrder => {
      const order = fixtures.order(status);
      return {
        ...order,
        order: { ...order.order, info: { delivery: 'esim' } },
        identity: fixtures.identity(true),
        esim: fixtures.esim(waitingStock),
      };
    };
  for (const lang of LANGS)
    for (const [name, orderOf] of [
      ['at the counter', counterOrder],
      ['with a data mismatch', mismatchOrder],
      ['by eSIM', esimOrder(false)],
      ['by eSIM waiting for stock', esimOrder(true)],
    ] as const)
      // Eleven pages drawn in one test: past the unit default of 5 s on a loaded 2-core machine.
      it(`${lang} an order ${name}, in each status`, async () => {
        for (const status of ORDER_STATUSES) {
          await draw(lang, PAGES[4]!, LINE_STATUSES[0], status, orderOf);
          expectNoRawValues(readable(), `${lang} order ${status} (${name})`);
          cleanup();
        }
      }, 30_000);

  it('shows data in GB with one decimal, and a bill by its customer', async () => {
    await draw(
      'cn',
      PAGES.find((page) => page.path === '/customers/1')!,
      'active',
    );
    expect(document.body.textContent).toContain('15.4 GB / 20.0 GB');
    cleanup();
    await draw(
      'ja',
      PAGES.find((page) => page.path === '/money/bills')!,
      'active',
    );
    expect(document.body.textContent).toContain('li@example.com');
    expect(document.body.textContent).toContain('未払い');
  });
});
