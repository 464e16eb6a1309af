import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffStage } from '../../contract/staff-roles';
import { AdminApp } from '../../src/admin/app';
// Loaded up front: the console behind sign-in is a chunk the app imports when first shown.
import '../../src/admin/console';
import { RootStore } from '../../src/admin/stores/root-store';
import * as fixtures from './helpers/admin-fixtures';

// Issue 27: a refund, a refund retry and the bill run moved money at one click. Each now asks
// first, naming what moves; Cancel (or Escape) sends nothing; afterwards a message says what was
// done. Refusals keep their values ({{min}}, {{max}}) filled in.

type Call = { method: string; url: string; body: unknown };
const ok = (data: unknown) => ({ code: 1, msg: 'ok', time: 0, data });

function setUp(path: string, answers: Record<string, unknown>, stage: StaffStage = 'active') {
  const calls: Call[] = [];
  const me = { stage, csrf: 'c', staff: { login: 'fin1', name: '财务', role: 'finance' } };
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = (input as string).split('?')[0]!;
    const method = init.method ?? 'GET';
    calls.push({ method, url: input as string, body: init.body ? JSON.parse(init.body as string) : undefined });
    const answer = url === '/api/admin/me' ? ok(me) : answers[`${method} ${url}`];
    return new Response(JSON.stringify(answer ?? { code: 0, msg: '', data: { error: 'NOT_FOUND' } }), {
      status: answer ? 200 : 404,
    });
  };
  localStorage.setItem('sm-admin-lang', 'cn');
  window.history.pushState({}, '', `/admin${path}`);
  const store = new RootStore(fetchImpl);
  render(<AdminApp store={store} />);
  const posts = () => calls.filter((call) => call.method === 'POST');
  return { calls, posts };
}

const status = () =>
  screen
    .getAllByRole('status')
    .map((element) => element.textContent)
    .join(' ');

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the console asks before money moves', () => {
  it('a refund names amount, method and order; Cancel sends nothing; then it says what was sent', async () => {
    const payment = fixtures.payment(0);
    const { posts } = setUp(`/money/payments/${payment.payment.paymentNo}`, {
      [`GET /api/admin/payments/${payment.payment.paymentNo}`]: ok(payment),
      [`POST /api/admin/payments/${payment.payment.paymentNo}/refund`]: ok({
        ...payment,
        payment: { ...payment.payment, refunded: 600 },
        refundable: 1380,
      }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: '部分退款' }));
    fireEvent.change(screen.getByLabelText('退款金额（日元）'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '客户要求' } });
    const submit = screen.getByRole('button', { name: '退款' });
    fireEvent.click(submit);
    const dialog = screen.getByRole('dialog', { name: '确认退款' });
    expect(dialog.textContent).toContain('¥100');
    expect(dialog.textContent).toContain('微信支付');
    expect(dialog.textContent).toContain('订单 SM20261201000');
    const cancel = within(dialog).getByRole('button', { name: '取消' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.click(cancel);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toEqual([]);

    fireEvent.click(submit);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确认退款' }));
    await waitFor(() => expect(status()).toContain('¥100 的退款已提交给支付机构。'));
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: `/api/admin/payments/${payment.payment.paymentNo}/refund`,
        body: { amount: 100, reason: '客户要求' },
      },
    ]);
  });

  it('more than is left is refused with the most that is left, never {{max}}', async () => {
    const payment = fixtures.payment(0);
    const { posts } = setUp(`/money/payments/${payment.payment.paymentNo}`, {
      [`GET /api/admin/payments/${payment.payment.paymentNo}`]: ok(payment),
    });
    fireEvent.click(await screen.findByRole('radio', { name: '部分退款' }));
    fireEvent.change(screen.getByLabelText('退款金额（日元）'), { target: { value: '99999' } });
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: '退款' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.textContent).toContain('最多 ¥1,480');
    expect(document.body.textContent).not.toContain('{{');
    expect(posts()).toEqual([]);
  });

  it('a retry names the refund; Escape sends nothing; then it says how the retry went', async () => {
    const row = fixtures.refunds.refunds.find((refund) => refund.status === 'failed')!;
    const { posts } = setUp('/money/refunds', {
      'GET /api/admin/refunds': ok(fixtures.refunds),
      [`POST /api/admin/refunds/${row.refundNo}/retry`]: ok({ refund: { ...row, status: 'refunded' } }),
    });
    const retry = await screen.findByRole('button', { name: `重试退款 ${row.refundNo}` });
    // A real click focuses the button; fireEvent does not.
    retry.focus();
    fireEvent.click(retry);
    const dialog = screen.getByRole('dialog', { name: '确认重试退款' });
    expect(dialog.textContent).toContain('¥500');
    expect(dialog.textContent).toContain(row.refundNo);
    expect(dialog.textContent).toContain(`订单 ${row.target.split(' ')[1]}`);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(retry);
    expect(posts()).toEqual([]);

    fireEvent.click(retry);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '重试退款' }));
    await waitFor(() => expect(status()).toContain(`退款 ${row.refundNo}（¥500）已重新提交，当前状态：已退款。`));
    expect(posts().map((call) => call.url)).toEqual([`/api/admin/refunds/${row.refundNo}/retry`]);
  });

  it('the bill run names the month and how many bills the server would issue', async () => {
    const { calls, posts } = setUp('/money/bills', {
      'GET /api/admin/bills': ok(fixtures.bills),
      'GET /api/admin/bill-run': ok({ month: '2026-12', lines: 3, toIssue: 2 }),
      'POST /api/admin/bill-run': ok({ lines: 3, created: 2 }),
    });
    await screen.findByText('B202612000000');
    const form = screen.getByRole('form', { name: '生成月度账单' });
    fireEvent.change(within(form).getByLabelText('月份'), { target: { value: '2026-12' } });
    fireEvent.click(within(form).getByRole('button', { name: '生成账单' }));
    const dialog = await screen.findByRole('dialog', { name: '确认生成账单' });
    expect(calls.some((call) => call.url === '/api/admin/bill-run?month=2026-12')).toBe(true);
    expect(dialog.textContent).toContain('将为 2026年12月 生成 2 张账单');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(posts()).toEqual([]);

    fireEvent.click(within(form).getByRole('button', { name: '生成账单' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '生成账单' }));
    await waitFor(() => expect(status()).toContain('已为 2026年12月 生成 2 张账单。'));
    expect(posts()).toEqual([{ method: 'POST', url: '/api/admin/bill-run', body: { month: '2026-12' } }]);
  });
});

describe('refusals keep their values', () => {
  it("a weak new password says the server's minimum, not {{min}}", async () => {
    setUp(
      '/',
      {
        'POST /api/admin/password': {
          code: 0,
          msg: '新密码至少 12 位，且不能与一次性密码相同',
          time: 0,
          data: { error: 'STAFF_PASSWORD_WEAK', fields: { password: 'STAFF_PASSWORD_WEAK' } },
        },
      },
      'password-change',
    );
    await act(async () => {
      fireEvent.change(await screen.findByLabelText('新密码'), { target: { value: 'short' } });
      fireEvent.change(screen.getByLabelText('再次输入新密码'), { target: { value: 'short' } });
      fireEvent.click(screen.getByRole('button', { name: '保存密码并进入后台' }));
    });
    await waitFor(() => expect(document.body.textContent).toContain('新密码至少 12 位'));
    expect(document.body.textContent).not.toContain('{{');
  });
});
