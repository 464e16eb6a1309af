import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../contract/admin-api';
import type { StaffEsim, StockImportResult, StockView } from '../../contract/esim-views';
import type { OrderStatus } from '../../contract/order-status';
import type { StaffRole } from '../../contract/staff-roles';
import cn from '../../locales/cn.json';
import { AdminApp } from '../../src/admin/app';
import { RootStore } from '../../src/admin/stores/root-store';
import * as fixtures from './helpers/admin-fixtures';

// Issue 30: staff see eSIM stock (low-stock banner, import all-or-nothing with each bad row
// named, search), and on an eSIM order its profile, its reissues, a staff reissue asked twice,
// and activation prefilled from the profile.

const ORDER_NO = 'SM20261201001';
const ok = (data: unknown) => ({ code: 1, msg: 'ok', time: 0, data });
const w = cn.admin.esim;

type Call = { method: string; url: string; query: string; body: unknown };
type Answer = { status?: number; body: unknown } | (() => Promise<{ status?: number; body: unknown }>);

function setUp(path: string, role: StaffRole, answers: Record<string, Answer> = {}) {
  const calls: Call[] = [];
  const me = { stage: 'active', csrf: 'csrf-1', staff: { login: 'store1', name: '店员', role } };
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const [url = '', query = ''] = (input as string).split('?');
    const method = init.method ?? 'GET';
    calls.push({ method, url, query, body: init.body ? JSON.parse(init.body as string) : undefined });
    const given = url === '/api/admin/me' ? { body: ok(me) } : answers[`${method} ${url}`];
    const answer = typeof given === 'function' ? await given() : given;
    return new Response(JSON.stringify(answer?.body ?? { code: 0, msg: '', data: { error: 'NOT_FOUND' } }), {
      status: answer ? (answer.status ?? 200) : 404,
    });
  };
  localStorage.setItem('sm-admin-lang', 'cn');
  window.history.pushState({}, '', `/admin${path}`);
  render(<AdminApp store={new RootStore(fetchImpl)} />);
  return {
    posts: () => calls.filter((call) => call.method === 'POST'),
    gets: (url: string) => calls.filter((call) => call.method === 'GET' && call.url === url),
  };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const STOCK = 'GET /api/admin/esim/stock';
const stockAnswer = (change: Partial<StockView> = {}) => ({ body: ok({ ...fixtures.stock, ...change }) });

describe('the eSIM stock page', () => {
  it('shows the counts, the low-stock banner with its threshold and waiting orders, and each profile’s order', async () => {
    setUp('/esim', 'fulfilment', { [STOCK]: stockAnswer() });
    const banner = await screen.findByText(/eSIM 库存不足/);
    expect(banner.textContent).toBe(
      'eSIM 库存不足：在库 3 个，低于或等于提醒值 20 个；2 个订单或重新发行正在等待配置文件。请尽快从运营商导入。',
    );
    const counts = screen.getByRole('region', { name: w.stock.counts });
    const figure = (label: string) => within(counts).getByText(label).nextElementSibling?.textContent;
    expect(figure(w.statuses.available)).toBe('3');
    expect(figure(w.statuses.installed)).toBe('40');
    const table = screen.getByRole('table', { name: w.stock.caption });
    const held = fixtures.profiles[1]!;
    const row = within(table).getByRole('row', { name: new RegExp(held.iccid) });
    expect(within(row).getByRole('link', { name: held.orderNo! }).getAttribute('href')).toBe(
      `/admin/orders/${held.orderNo}`,
    );
    expect(row.textContent).toContain('070-1234-5678');
    const free = within(table).getByRole('row', { name: new RegExp(fixtures.profiles[0]!.iccid) });
    expect(free.textContent).toContain(w.stock.noOrder);
  });

  it('shows no banner while stock is above the threshold', async () => {
    setUp('/esim', 'fulfilment', {
      [STOCK]: stockAnswer({ low: false, counts: { ...fixtures.stock.counts, available: 80 } }),
    });
    await screen.findByRole('table', { name: w.stock.caption });
    expect(screen.queryByText(/eSIM 库存不足/)).toBeNull();
  });

  it('searches by ICCID or order number and status', async () => {
    const { gets } = setUp('/esim', 'fulfilment', { [STOCK]: stockAnswer() });
    await screen.findByRole('table', { name: w.stock.caption });
    fireEvent.change(screen.getByLabelText(w.stock.q), { target: { value: ' SM2026 ' } });
    fireEvent.change(screen.getByLabelText(w.stock.status), { target: { value: 'assigned' } });
    fireEvent.click(screen.getByRole('button', { name: w.stock.searchButton }));
    await waitFor(() => expect(gets('/api/admin/esim/stock')).toHaveLength(2));
    const query = new URLSearchParams(gets('/api/admin/esim/stock')[1]!.query);
    expect(query.get('q')?.trim()).toBe('SM2026');
    expect(query.get('status')).toBe('assigned');
  });

  it('keeps the search and the figures when a search is refused, so it can be changed', async () => {
    let calls = 0;
    const refused = { body: { code: 0, msg: '', time: 0, data: { error: 'BAD_REQUEST' } } };
    setUp('/esim', 'fulfilment', { [STOCK]: async () => (++calls === 1 ? stockAnswer() : refused) });
    await screen.findByRole('table', { name: w.stock.caption });
    fireEvent.change(screen.getByLabelText(w.stock.q), { target: { value: 'x'.repeat(41) } });
    fireEvent.click(screen.getByRole('button', { name: w.stock.searchButton }));
    await waitFor(() => expect(document.querySelector('.load-failed')?.textContent).toContain(cn.admin.loadFailed));
    expect(screen.getByLabelText(w.stock.q)).toHaveProperty('value', 'x'.repeat(41));
    expect(screen.getByRole('region', { name: w.stock.counts })).toBeTruthy();
  });

  it('has no import form for a role that does not fulfil, and is not where its console opens', async () => {
    setUp('/', 'support', { [STOCK]: stockAnswer() });
    const nav = await screen.findByRole('navigation', { name: cn.admin.nav.label });
    expect(within(nav).getByRole('link', { name: cn.admin.nav.esim })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/customers'));
    cleanup();
    setUp('/esim', 'support', { [STOCK]: stockAnswer() });
    await screen.findByRole('table', { name: w.stock.caption });
    expect(screen.queryByRole('form', { name: w.import.title })).toBeNull();
    expect(screen.queryByLabelText(w.import.text)).toBeNull();
  });

  const CSV = 'iccid,smdp_address,matching_id,confirmation_code\n8981100000000000019,smdp.example.com,ABC-123,\n';

  it('imports a pasted file: sends its text, is disabled while sending, says what it did, and reloads the stock', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const result: StockImportResult = { imported: 40, skipped: ['8981100000000000027'], errors: [], assigned: 2 };
    const { posts, gets } = setUp('/esim', 'fulfilment', {
      [STOCK]: stockAnswer(),
      'POST /api/admin/esim/import': () => new Promise((resolve) => (answer = resolve)),
    });
    const form = await screen.findByRole('form', { name: w.import.title });
    fireEvent.change(within(form).getByLabelText(w.import.text), { target: { value: CSV } });
    expect(form.textContent).toContain('共 2 行（含标题行）');
    fireEvent.click(within(form).getByRole('button', { name: w.import.submit }));
    const sending = await within(form).findByRole('button', { name: w.import.sending });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(posts()).toEqual([{ method: 'POST', url: '/api/admin/esim/import', query: '', body: { csv: CSV } }]);
    await act(async () => answer({ body: ok(result) }));

    const status = await within(form).findByRole('status');
    expect(status.textContent).toContain(
      '已导入 40 个配置文件，跳过 1 个已在库存中的 ICCID，2 个等待中的订单已分配到配置文件。',
    );
    expect(status.textContent).toContain('8981100000000000027');
    expect(within(form).getByLabelText<HTMLTextAreaElement>(w.import.text).value).toBe('');
    await waitFor(() => expect(gets('/api/admin/esim/stock')).toHaveLength(2));
  });

  it('names every bad row with its line and reason in words, says nothing was imported, and keeps the text to fix', async () => {
    const result: StockImportResult = {
      imported: 0,
      skipped: [],
      errors: [
        { line: 2, key: 'ICCID_INVALID' },
        { line: 5, key: 'MATCHING_ID_INVALID' },
        { line: 6, key: 'PROFILE_CSV_INVALID' },
        { line: 7, key: 'SOMETHING_NEW' },
      ],
      assigned: 0,
    };
    const { gets } = setUp('/esim', 'fulfilment', {
      [STOCK]: stockAnswer(),
      'POST /api/admin/esim/import': { body: ok(result) },
    });
    const form = await screen.findByRole('form', { name: w.import.title });
    fireEvent.change(within(form).getByLabelText(w.import.text), { target: { value: CSV } });
    fireEvent.click(within(form).getByRole('button', { name: w.import.submit }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('有 4 行无效，没有导入任何配置文件。');
    const rows = within(within(alert).getByRole('table', { name: w.import.errors }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['2', w.rowErrors.ICCID_INVALID],
      ['5', w.rowErrors.MATCHING_ID_INVALID],
      ['6', w.rowErrors.PROFILE_CSV_INVALID],
      ['7', cn.admin.fieldInvalid],
    ]);
    expect(document.body.textContent).not.toMatch(
      /ICCID_INVALID|MATCHING_ID_INVALID|PROFILE_CSV_INVALID|SOMETHING_NEW/,
    );
    expect(within(form).getByLabelText<HTMLTextAreaElement>(w.import.text).value).toBe(CSV);
    expect(gets('/api/admin/esim/stock')).toHaveLength(1);
  });

  it('sends nothing when there is nothing to import, and shows a refused file in words', async () => {
    const { posts } = setUp('/esim', 'fulfilment', {
      [STOCK]: stockAnswer(),
      'POST /api/admin/esim/import': {
        body: {
          code: 0,
          msg: '',
          time: 0,
          data: { error: 'PROFILE_CSV_HEADER', fields: { csv: 'PROFILE_CSV_HEADER' } },
        },
      },
    });
    const form = await screen.findByRole('form', { name: w.import.title });
    fireEvent.click(within(form).getByRole('button', { name: w.import.submit }));
    expect(within(form).getByText(w.import.empty)).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.change(within(form).getByLabelText(w.import.text), { target: { value: 'a,b\n1,2' } });
    fireEvent.click(within(form).getByRole('button', { name: w.import.submit }));
    // Said beside the text it is about, which stays to be fixed.
    await waitFor(() => expect(within(form).getByLabelText(w.import.text).getAttribute('aria-invalid')).toBe('true'));
    const text = within(form).getByLabelText(w.import.text);
    expect(document.getElementById(text.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      cn.api.errors.PROFILE_CSV_HEADER,
    );
    expect(text).toHaveProperty('value', 'a,b\n1,2');
  });
});

describe('the fulfilment page', () => {
  it('lists eSIM orders waiting for stock with a link to it, eSIM orders to activate, and the low-stock banner', async () => {
    setUp('/fulfilment', 'fulfilment', {
      'GET /api/admin/fulfilment': { body: ok(fixtures.fulfilment) },
      [STOCK]: stockAnswer(),
    });
    const toShip = await screen.findByRole('region', { name: cn.admin.fulfil.toShip });
    const esimRow = within(toShip).getByRole('row', { name: new RegExp(cn.admin.fulfil.byEsim) });
    expect(within(esimRow).getByRole('link', { name: cn.admin.fulfil.toStock }).getAttribute('href')).toBe(
      '/admin/esim',
    );
    const toActivate = screen.getByRole('region', { name: cn.admin.fulfil.toActivate });
    expect(toActivate.textContent).toContain(cn.order.status.esim_ready);
    expect(await screen.findByText(/eSIM 库存不足/)).toBeTruthy();
  });
});

function esimOrder(status: OrderStatus, esim: StaffEsim = fixtures.esim()): AdminOrder {
  const order = fixtures.order(status);
  return {
    ...order,
    order: { ...order.order, info: { delivery: 'esim' } },
    identity: fixtures.identity(true),
    esim,
  };
}
const ORDER = `GET /api/admin/orders/${ORDER_NO}`;
const REISSUE = `POST /api/admin/orders/${ORDER_NO}/esim-reissue`;
/** No reissue under way: the form is offered. */
const settled = (esim = fixtures.esim()): StaffEsim => ({
  ...esim,
  reissues: esim.reissues.filter((reissue) => reissue.status === 'done' || reissue.status === 'cancelled'),
});

describe("an eSIM order's panel", () => {
  const panel = () => screen.findByRole('region', { name: w.panel.title });

  it('shows the current profile, the profiles before it and each reissue in words', async () => {
    setUp(`/orders/${ORDER_NO}`, 'support', { [ORDER]: { body: ok(esimOrder('active')) } });
    const region = await panel();
    const current = fixtures.profiles[1]!;
    const fact = (label: string) => within(region).getAllByText(label)[0]!.nextElementSibling?.textContent;
    expect(fact(w.fields.iccid)).toBe(current.iccid);
    expect(fact(w.fields.status)).toBe(w.statuses[current.status]);
    expect(fact(w.fields.providerState)).toBe(w.providerStates[current.providerState!]);
    expect(fact(w.fields.msisdn)).toBe('070-1234-5678');
    expect(fact(w.fields.markedInstalledAt)).toBe('2026/12/01 12:00');
    const history = within(region).getByRole('table', { name: w.panel.profiles });
    expect(within(history).getAllByRole('row')).toHaveLength(fixtures.profiles.length + 1);
    const reissues = within(region).getByRole('table', { name: w.panel.reissues });
    for (const status of Object.values(w.reissueStatuses)) expect(reissues.textContent).toContain(status);
    expect(reissues.textContent).toContain(w.panel.free);
    expect(reissues.textContent).toContain('¥550');
    // Support may look, not reissue.
    expect(screen.queryByRole('form', { name: w.reissue.title })).toBeNull();
  });

  it('says an order waits for stock, with the way to the stock page, and offers no shipping', async () => {
    setUp(`/orders/${ORDER_NO}`, 'fulfilment', {
      [ORDER]: { body: ok(esimOrder('approved', fixtures.esim(true))) },
    });
    const region = await panel();
    expect(within(region).getByText(new RegExp(w.panel.waitingStock)).textContent).toContain(w.panel.stockLink);
    expect(within(region).getByRole('link', { name: w.panel.stockLink }).getAttribute('href')).toBe('/admin/esim');
    expect(screen.getByText(w.panel.approved)).toBeTruthy();
    expect(screen.queryByRole('button', { name: cn.admin.fulfil.ship })).toBeNull();
    expect(screen.queryByRole('button', { name: cn.admin.fulfil.pickup })).toBeNull();
    expect(screen.queryByRole('form', { name: w.reissue.title })).toBeNull();
  });

  it('offers no second reissue while one is under way', async () => {
    setUp(`/orders/${ORDER_NO}`, 'fulfilment', { [ORDER]: { body: ok(esimOrder('active')) } });
    const form = await screen.findByRole('form', { name: w.reissue.title });
    expect(form.textContent).toContain('已有进行中的重新发行（待支付）');
    expect(within(form).queryByRole('button', { name: w.reissue.submit })).toBeNull();
  });

  it('reissues after asking: the reason first, then the order, ICCID and reason confirmed; disabled while sending', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const before = esimOrder('active', settled());
    const { posts } = setUp(`/orders/${ORDER_NO}`, 'fulfilment', {
      [ORDER]: { body: ok(before) },
      [REISSUE]: () => new Promise((resolve) => (answer = resolve)),
    });
    const form = await screen.findByRole('form', { name: w.reissue.title });
    const submit = () => within(form).getByRole('button', { name: w.reissue.submit });
    fireEvent.click(submit());
    expect(within(form).getByText(cn.api.errors.REQUIRED)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(within(form).getByLabelText(w.reissue.reason), { target: { value: 'new_phone' } });
    fireEvent.click(submit());
    const dialog = screen.getByRole('dialog', { name: w.reissue.confirmTitle });
    expect(dialog.textContent).toContain(ORDER_NO);
    expect(dialog.textContent).toContain(fixtures.profiles[1]!.iccid);
    expect(dialog.textContent).toContain(w.reasons.new_phone);
    fireEvent.click(within(dialog).getByRole('button', { name: cn.admin.confirmCancel }));
    expect(posts()).toEqual([]);

    fireEvent.click(submit());
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: w.reissue.confirm }));
    const sending = await within(form).findByRole('button', { name: w.reissue.sending });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(posts()).toEqual([
      { method: 'POST', url: `/api/admin/orders/${ORDER_NO}/esim-reissue`, query: '', body: { reason: 'new_phone' } },
    ]);
    const after: AdminOrder = {
      ...before,
      esim: {
        ...before.esim!,
        reissues: [
          {
            reissueNo: 'RE-NEW',
            status: 'waiting_stock',
            reason: 'new_phone',
            fee: 0,
            chargeNo: null,
            orderNo: ORDER_NO,
            createdAt: '2026-12-02T03:00:00.000Z',
            doneAt: null,
          },
          ...before.esim!.reissues,
        ],
      },
    };
    await act(async () => answer({ body: ok(after) }));
    await waitFor(() => expect(screen.getByText(w.reissue.done)).toBeTruthy());
    const reissues = screen.getByRole('table', { name: w.panel.reissues });
    expect(within(reissues).getByRole('row', { name: /RE-NEW/ }).textContent).toContain(
      w.reissueStatuses.waiting_stock,
    );
  });

  it('shows the server’s refusal of a reissue in words and lets it be tried again', async () => {
    setUp(`/orders/${ORDER_NO}`, 'fulfilment', {
      [ORDER]: { body: ok(esimOrder('active', settled())) },
      [REISSUE]: { body: { code: 0, msg: '', time: 0, data: { error: 'ESIM_PROVIDER_UNAVAILABLE' } } },
    });
    const form = await screen.findByRole('form', { name: w.reissue.title });
    fireEvent.change(within(form).getByLabelText(w.reissue.reason), { target: { value: 'deleted' } });
    fireEvent.click(within(form).getByRole('button', { name: w.reissue.submit }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: w.reissue.confirm }));
    expect((await within(form).findByRole('alert')).textContent).toBe(cn.api.errors.ESIM_PROVIDER_UNAVAILABLE);
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: w.reissue.submit }).disabled).toBe(false);
  });
});

describe("an eSIM order's activation", () => {
  it('starts from the profile’s number and ICCID, says so, and sends them', async () => {
    const order = esimOrder('esim_ready', settled());
    const { posts } = setUp(`/orders/${ORDER_NO}`, 'fulfilment', {
      [ORDER]: { body: ok(order) },
      [`POST /api/admin/orders/${ORDER_NO}/activate`]: { body: ok(esimOrder('active', settled())) },
    });
    const form = await screen.findByRole('form', { name: cn.admin.fulfil.activateTitle });
    expect(form.textContent).toContain(w.panel.prefilled);
    expect(within(form).getByLabelText<HTMLInputElement>(cn.admin.fulfil.msisdn).value).toBe('070-1234-5678');
    expect(within(form).getByLabelText<HTMLInputElement>(cn.admin.fulfil.iccid).value).toBe(
      fixtures.profiles[1]!.iccid,
    );
    fireEvent.click(within(form).getByRole('button', { name: cn.admin.fulfil.activate }));
    await waitFor(() =>
      expect(posts()).toEqual([
        {
          method: 'POST',
          url: `/api/admin/orders/${ORDER_NO}/activate`,
          query: '',
          body: { msisdn: '070-1234-5678', iccid: fixtures.profiles[1]!.iccid },
        },
      ]),
    );
  });

  it('is empty for a physical SIM, as before', async () => {
    const order = fixtures.order('shipped');
    setUp(`/orders/${ORDER_NO}`, 'fulfilment', {
      [ORDER]: {
        body: ok({
          ...order,
          identity: fixtures.identity(true),
          order: { ...order.order, info: { delivery: 'mail' } },
        }),
      },
    });
    const form = await screen.findByRole('form', { name: cn.admin.fulfil.activateTitle });
    expect(within(form).getByLabelText<HTMLInputElement>(cn.admin.fulfil.iccid).value).toBe('');
    expect(form.textContent).not.toContain(w.panel.prefilled);
    expect(screen.queryByRole('region', { name: w.panel.title })).toBeNull();
  });
});
