import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import { buildApp } from '../../server/app';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { bills, payments, refunds, sandboxRefunds, sandboxTrades } from '../../server/db/schema';
import { billRun } from '../../server/staff/operations';
import { reconcilePayment } from '../../server/payments/reconciliation';
import { retryRefunds } from '../../server/payments/refunds';
import { backends } from './helpers/databases';
import { sandboxCardToken } from './helpers/sandbox-card';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';

// Seen on staging: 20 pay creates on one bill at once across two processes, card and Alipay.
// The sandbox card gateway checked for a trade and then inserted one, so a close racing the
// charge left a second, `closed-card-*` row for the same payment; the surplus charge's refund
// found that row and stayed pending for ever (TRADE_STATUS_ERROR:closed). A gateway keeps one
// trade per payment: a close either comes first (the charge is refused) or finds it paid.

interface Created {
  paymentNo: string;
  outcome: { kind: string; params?: Record<string, string>; url?: string };
}

describe.each(backends)('twenty racing pay creates on one bill on %s', (backend) => {
  let t: TestApp;
  let second: { app: FastifyInstance; handle: DatabaseHandle } | null = null;
  let servers: FastifyInstance[];
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    servers = [t.app];
    const jobs = t.database.handle.jobs;
    if (jobs.kind === 'postgres') {
      // A second server process: its own pool and its own sandbox gateways, on the same database.
      const handle = await openDatabase({ databaseUrl: jobs.connectionString, dataDir: 'memory' });
      second = { handle, app: await buildApp({ database: handle, config: testConfig() }) };
      servers.push(second.app);
    }
    ({ token } = await signUp(t.app, 'racer'));
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.handle.close();
    await t.close();
  });
  const db = () => t.database.handle.db;

  async function unpaidBill(): Promise<{ billNo: string; id: number; total: number }> {
    await activeLine(t.app, token, { msisdn: '080-9999-0077', iccid: '8981100000000000777', planId: '2' });
    await billRun(db(), 'staff:t', tokyoDate(new Date()).slice(0, 7));
    const [bill] = await db().select().from(bills).where(eq(bills.status, 'unpaid'));
    return { billNo: bill!.billNo, id: bill!.id, total: bill!.total };
  }

  /** One impatient customer's tap: create on one server, then pay at once (a card pays in the create). */
  async function attempt(i: number, billNo: string) {
    const app = servers[i % servers.length]!;
    // A card page gets its token from the token service first, then creates; the taps land apart.
    const form: Record<string, string> =
      i % 2 === 0
        ? { billNo, method: 'card', token: await sandboxCardToken(app) }
        : { billNo, method: 'alipay', scene: i % 4 === 1 ? 'app' : 'wap' };
    const res = await postForm<Created>(app, '/api/pay/create', form, { token });
    expect(res.status).toBe(200);
    const outcome = res.body.code === 1 ? res.body.data.outcome : null;
    const trade = outcome?.params?.tradeNO ?? new URL(outcome?.url ?? '/', 'http://x').searchParams.get('trade');
    if (form.method === 'alipay' && trade) {
      // The Alipay app pays at the gateway, which the other server serves.
      const cashier = servers[(i + 1) % servers.length]!;
      const paid = await cashier.inject({
        method: 'POST',
        url: '/sandbox/alipay/confirm',
        payload: { trade, result: 'ok' },
      });
      expect(paid.statusCode).toBeLessThan(500);
    }
  }

  it('one charge is kept, the bill is paid once, and every surplus charge is refunded', async () => {
    const bill = await unpaidBill();
    await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i, bill.billNo)));
    const deps = { db: db(), providers: t.app.payments };
    const rows = () => db().select().from(payments).where(eq(payments.targetId, bill.id));

    // What reconciliation and the refund retry do, by a clock past every wait they keep.
    await vi.waitFor(
      async () => {
        const later = new Date(Date.now() + 3_600_000);
        for (const p of await rows()) if (p.status === 'pending') await reconcilePayment(deps, p.paymentNo, later);
        await retryRefunds(deps, 'bill', bill.id, later);
        const all = await rows();
        expect(all.filter((p) => p.status === 'pending')).toEqual([]);
        const back = await db()
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.paymentId,
              all.map((p) => p.id),
            ),
          );
        expect(back.map((r) => [r.status, r.lastError])).toEqual(back.map(() => ['refunded', null]));
      },
      { timeout: 20_000, interval: 200 },
    );

    const all = await rows();
    const paid = all.filter((p) => p.status === 'paid');
    const back = await db()
      .select()
      .from(refunds)
      .where(
        inArray(
          refunds.paymentId,
          all.map((p) => p.id),
        ),
      );
    expect(paid.length - back.length).toBe(1);
    expect((await db().select().from(bills).where(eq(bills.id, bill.id)))[0]!.status).toBe('paid');

    // The gateways' side: one trade per payment, one left paid (the kept one), the rest given back.
    const trades = await db()
      .select()
      .from(sandboxTrades)
      .where(
        inArray(
          sandboxTrades.paymentNo,
          all.map((p) => p.paymentNo),
        ),
      );
    expect(new Set(trades.map((r) => r.paymentNo)).size).toBe(trades.length);
    const kept = paid.find((p) => !back.some((r) => r.paymentId === p.id))!;
    expect(trades.filter((r) => r.status === 'paid').map((r) => r.paymentNo)).toEqual([kept.paymentNo]);
    const given = await db()
      .select()
      .from(sandboxRefunds)
      .where(
        inArray(
          sandboxRefunds.tradeNo,
          trades.map((r) => r.tradeNo),
        ),
      );
    const charged = trades.filter((r) => r.status === 'paid' || r.status === 'refunded');
    expect(charged.reduce((sum, r) => sum + r.amount, 0) - given.reduce((sum, r) => sum + r.amount, 0)).toBe(
      bill.total,
    );

    const seen = await getJson<{ refunds: { status: string }[] }>(t.app, `/api/pay/refunds?billNo=${bill.billNo}`, {
      token,
    });
    expect(seen.body.data.refunds.every((r) => r.status === 'refunded')).toBe(true);
  });

  it('a close racing a create either comes first (the create is refused) or finds what it did; one trade each', async () => {
    const [a, b] = [servers[0]!, servers.at(-1)!];
    const SCENES = { card: 'card', alipay: 'app', wechat: 'h5' } as const;
    const request = (paymentNo: string, method: keyof typeof SCENES, cardToken?: string) => ({
      paymentNo,
      amount: 1000,
      description: 'race',
      scene: SCENES[method],
      clientIp: '127.0.0.1',
      returnUrl: 'http://sim.test/h5/',
      notifyUrl: `http://sim.test/api/pay/notify/${method}`,
      cardToken,
    });
    const rounds = await Promise.all(
      Array.from({ length: 18 }, async (_, i) => {
        const paymentNo = `PRACE${i}`;
        const method = (['card', 'alipay', 'wechat'] as const)[i % 3]!;
        const tok = method === 'card' ? await sandboxCardToken(a) : undefined;
        const [created, closed] = await Promise.all([
          a.payments[method].create(request(paymentNo, method, tok)),
          b.payments[method].close({ paymentNo, providerTradeNo: null }),
        ]);
        const trades = await db().select().from(sandboxTrades).where(eq(sandboxTrades.paymentNo, paymentNo));
        return { method, paymentNo, created, closed, trades };
      }),
    );
    for (const { method, paymentNo, created, closed, trades } of rounds) {
      expect(trades).toHaveLength(1);
      if (created.kind === 'failed') {
        // The close came first: the gateway refuses the order number, as EntryTran or a closed trade does.
        expect([created.code, closed]).toEqual([method === 'card' ? 'E01040010' : 'ORDER_CLOSED', 'closed']);
      } else if (method === 'card') {
        // The charge came first: the close says so, and the money can go back.
        expect([created.kind, closed, trades[0]!.status]).toEqual(['paid', 'paid', 'paid']);
        const back = await b.payments.card.refund({
          paymentNo,
          providerTradeNo: null,
          refundNo: `R${paymentNo}`,
          amount: 1000,
          reason: 'race',
          paidAt: new Date(),
        });
        expect(back.status).toBe('refunded');
      } else {
        // An open cashier trade was closed: the cashier can no longer take money.
        expect([closed, trades[0]!.status]).toEqual(['closed', 'closed']);
        const paid = await a.inject({
          method: 'POST',
          url: `/sandbox/${method}/confirm`,
          payload: { trade: trades[0]!.tradeNo, result: 'ok' },
        });
        expect(paid.json()).toMatchObject({ ok: false, status: 'closed' });
      }
    }
  });

  it('a customer paying at a cashier while the shop closes the trade: paid and told so, or closed and told so', async () => {
    const [a, b] = [servers[0]!, servers.at(-1)!];
    const rounds = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const method = i % 2 === 0 ? 'alipay' : 'wechat';
        const paymentNo = `PCASHIER${i}`;
        await a.payments[method].create({
          paymentNo,
          amount: 1000,
          description: 'race',
          scene: method === 'alipay' ? 'app' : 'h5',
          clientIp: '127.0.0.1',
          returnUrl: 'http://sim.test/h5/',
          notifyUrl: `http://sim.test/api/pay/notify/${method}`,
        });
        const [trade] = await db().select().from(sandboxTrades).where(eq(sandboxTrades.paymentNo, paymentNo));
        const [confirmed, closed] = await Promise.all([
          a.inject({
            method: 'POST',
            url: `/sandbox/${method}/confirm`,
            payload: { trade: trade!.tradeNo, result: 'ok' },
          }),
          b.payments[method].close({ paymentNo, providerTradeNo: null }),
        ]);
        const [now] = await db().select().from(sandboxTrades).where(eq(sandboxTrades.paymentNo, paymentNo));
        return { answer: confirmed.json<{ ok: boolean; status: string }>(), closed, status: now!.status };
      }),
    );
    for (const { answer, closed, status } of rounds)
      expect([answer, closed]).toEqual(
        status === 'paid' ? [{ ok: true, status: 'paid' }, 'paid'] : [{ ok: false, status: 'closed' }, 'closed'],
      );
  });
});
