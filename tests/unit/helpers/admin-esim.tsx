import axe from 'axe-core';
import { render } from '@testing-library/react';
import { expect } from 'vitest';
import type { AdminOrder } from '../../../contract/admin-api';
import type { StaffEsim, StockView } from '../../../contract/esim-views';
import type { OrderStatus } from '../../../contract/order-status';
import type { StaffRole } from '../../../contract/staff-roles';
import { AdminApp } from '../../../src/admin/app';
// Loaded up front: the console behind sign-in is a chunk the app imports when first shown.
import '../../../src/admin/console';
import { RootStore } from '../../../src/admin/stores/root-store';
import * as fixtures from './admin-fixtures';

// The console drawn for the eSIM tests (issue 30): a fake staff API answering what each test
// gives, recording every call.

export const ORDER_NO = 'SM20261201001';
export const ok = (data: unknown) => ({ code: 1, msg: 'ok', time: 0, data });
export const refusal = (error: string, fields?: Record<string, string>) => ({
  body: { code: 0, msg: '', time: 0, data: { error, ...(fields ? { fields } : {}) } },
});

type Call = { method: string; url: string; query: string; body: unknown };
type Answer = { status?: number; body: unknown } | (() => Promise<{ status?: number; body: unknown }>);

export function setUp(path: string, role: StaffRole, answers: Record<string, Answer> = {}) {
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

export const STOCK = 'GET /api/admin/esim/stock';
export const ORDER = `GET /api/admin/orders/${ORDER_NO}`;
export const REISSUE = `POST /api/admin/orders/${ORDER_NO}/esim-reissue`;
export const stockAnswer = (change: Partial<StockView> = {}) => ({ body: ok({ ...fixtures.stock, ...change }) });

/** An eSIM order whose identity check passed. */
export function esimOrder(status: OrderStatus, esim: StaffEsim = fixtures.esim()): AdminOrder {
  const order = fixtures.order(status);
  return {
    ...order,
    order: { ...order.order, info: { delivery: 'esim' } },
    identity: fixtures.identity(true),
    esim,
  };
}

/** No reissue under way: the form is offered. */
export const settled = (esim = fixtures.esim()): StaffEsim => ({
  ...esim,
  reissues: esim.reissues.filter((reissue) => reissue.status === 'done' || reissue.status === 'cancelled'),
});

/** axe walks the whole page: seconds on a loaded 2-core machine, past the unit default of 5. */
export const AXE_MS = 30_000;

/**
 * axe-core's WCAG 2.2 AA rules on what is drawn (the e2e tests' tags). Colour contrast needs a
 * layout happy-dom does not have: the e2e admin walk checks it in Chromium.
 */
export async function expectAccessible(): Promise<void> {
  const results = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  const problems = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(problems).toEqual([]);
}
