import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReissueView } from '../../contract/esim-views';
import cn from '../../locales/cn.json';
import {
  AXE_MS,
  esimOrder,
  expectAccessible,
  ok,
  ORDER,
  ORDER_NO,
  refusal,
  REISSUE,
  settled,
  setUp,
} from './helpers/admin-esim';
import * as fixtures from './helpers/admin-fixtures';

// Issue 30: on an eSIM order staff see its profile, the profiles before it and its reissues;
// staff who fulfil reissue (asked twice, the ICCID it releases named), and activation starts
// from the profile's ICCID and number.

const w = cn.admin.esim;

afterEach(() => {
  cleanup();
  localStorage.clear();
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

  it('offers no reissue before the line is open: the profile not yet installed is still the one to install', async () => {
    setUp(`/orders/${ORDER_NO}`, 'fulfilment', { [ORDER]: { body: ok(esimOrder('esim_ready', settled())) } });
    await screen.findByRole('region', { name: w.panel.title });
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
    let current = before;
    const { posts, gets } = setUp(`/orders/${ORDER_NO}`, 'fulfilment', {
      [ORDER]: async () => ({ body: ok(current) }),
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
    const reissue: ReissueView = {
      reissueNo: 'RE-NEW',
      status: 'waiting_stock',
      reason: 'new_phone',
      fee: 0,
      chargeNo: null,
      orderNo: ORDER_NO,
      createdAt: '2026-12-02T03:00:00.000Z',
      doneAt: null,
    };
    current = { ...before, esim: { ...before.esim!, reissues: [reissue, ...before.esim!.reissues] } };
    // The server answers the reissue itself; the page asks for the order again to show it.
    await act(async () => answer({ body: ok(reissue) }));
    await waitFor(() => expect(screen.getByText(w.reissue.done)).toBeTruthy());
    expect(gets(`/api/admin/orders/${ORDER_NO}`)).toHaveLength(2);
    const reissues = screen.getByRole('table', { name: w.panel.reissues });
    expect(within(reissues).getByRole('row', { name: /RE-NEW/ }).textContent).toContain(
      w.reissueStatuses.waiting_stock,
    );
  });

  it('shows the server’s refusal of a reissue in words and lets it be tried again', async () => {
    setUp(`/orders/${ORDER_NO}`, 'fulfilment', {
      [ORDER]: { body: ok(esimOrder('active', settled())) },
      [REISSUE]: refusal('ESIM_PROVIDER_UNAVAILABLE'),
    });
    const form = await screen.findByRole('form', { name: w.reissue.title });
    fireEvent.change(within(form).getByLabelText(w.reissue.reason), { target: { value: 'deleted' } });
    fireEvent.click(within(form).getByRole('button', { name: w.reissue.submit }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: w.reissue.confirm }));
    expect((await within(form).findByRole('alert')).textContent).toBe(cn.api.errors.ESIM_PROVIDER_UNAVAILABLE);
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: w.reissue.submit }).disabled).toBe(false);
  });
  it(
    'passes axe with the panel, the reissue form and its confirmation open',
    async () => {
      setUp(`/orders/${ORDER_NO}`, 'admin', { [ORDER]: { body: ok(esimOrder('active', settled())) } });
      const form = await screen.findByRole('form', { name: w.reissue.title });
      fireEvent.change(within(form).getByLabelText(w.reissue.reason), { target: { value: 'other' } });
      fireEvent.click(within(form).getByRole('button', { name: w.reissue.submit }));
      screen.getByRole('dialog', { name: w.reissue.confirmTitle });
      await expectAccessible();
    },
    AXE_MS,
  );
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
