import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, outbox, payments, sandboxTrades } from '../../server/db/schema';
import { startJobQueue } from '../../server/lib/queue';
import { startBackgroundWork } from '../../server/jobs/workers';
import { backends, freshDatabase, type TestDatabase } from './helpers/databases';
import { placeOrder, signUp } from './helpers/purchase';
import { postForm } from './helpers/requests';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';

const fail = (error: unknown) => {
  throw error instanceof Error ? error : new Error(String(error));
};

/** A worker process's queue on the test app's database, as main.ts and worker.ts start it, its clock `now` when given. */
function startWorkers(t: TestApp, env: Record<string, string>, now?: () => Date, errors?: unknown[]) {
  return startBackgroundWork(testConfig({ SWEEP_INTERVAL_SECONDS: '1', ...env }), t.database.handle, {
    work: true,
    log: { info: () => undefined, error: (o) => errors?.push(o) },
    pollingIntervalSeconds: 0.5,
    now,
  });
}

describe.each(backends)('background work on %s', (backend) => {
  let t: TestApp;
  let token: string;
  const env = { RECONCILE_AFTER_SECONDS: '1,2,600' };
  beforeAll(async () => {
    t = await createTestApp(backend, { env });
    ({ token } = await signUp(t.app, 'worker-walk'));
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  it('settles a payment whose notification was lost, with no client asking', async () => {
    const orderNo = await placeOrder(t.app, token);
    const created = await postForm(t.app, '/api/pay/create', { orderNo, method: 'alipay', scene: 'wap' }, { token });
    expect(created.body.code).toBe(1);
    const [payment] = await db().select().from(payments).where(eq(payments.status, 'pending'));
    // The customer paid at the provider; the notification never came (the server that would
    // have received it was restarted). Only the provider knows.
    await db().update(sandboxTrades).set({ status: 'paid' }).where(eq(sandboxTrades.paymentNo, payment!.paymentNo));
    const queue = await startWorkers(t, env);
    try {
      await vi.waitFor(
        async () => {
          const [order] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
          expect(order!.status).toBe('under_review');
        },
        { timeout: 30_000, interval: 25 },
      );
      const [settled] = await db().select().from(payments).where(eq(payments.paymentNo, payment!.paymentNo));
      expect(settled).toMatchObject({ status: 'paid' });
      expect(settled!.checks).toBeGreaterThanOrEqual(1);
    } finally {
      await queue.stop(2_000);
    }
  });

  it('a restart with due work reconciles it at the first sweep, which the last process left queued', async () => {
    const orderNo = await placeOrder(t.app, token);
    await postForm(t.app, '/api/pay/create', { orderNo, method: 'alipay', scene: 'wap' }, { token });
    const [payment] = await db().select().from(payments).where(eq(payments.status, 'pending'));
    // Paid at the provider, its notification lost, its first check past while the servers were down.
    await db().update(sandboxTrades).set({ status: 'paid' }).where(eq(sandboxTrades.paymentNo, payment!.paymentNo));
    await db()
      .update(payments)
      .set({ nextCheckAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.id, payment!.id));
    // The stopped process's cron had queued a sweep no worker took: the new workers fetch it at once.
    const last = await startJobQueue(t.database.handle, { onError: fail });
    await last.send('sweep', {});
    await last.stop(2_000);
    const errors: unknown[] = [];
    const queue = await startWorkers(t, env, undefined, errors);
    try {
      await vi.waitFor(
        async () => {
          const [now] = await db().select().from(payments).where(eq(payments.id, payment!.id));
          expect(now).toMatchObject({ status: 'paid', checks: 1 });
        },
        { timeout: 30_000, interval: 100 },
      );
      // Settled by that first sweep: no job failed for want of a queue to send to, none was retried.
      expect(errors).toEqual([]);
      const sweeps: unknown = await db().execute("select state, retry_count from pgboss.job where name = 'sweep'");
      for (const sweep of (sweeps as { rows: { state: string; retry_count: number }[] }).rows)
        expect(sweep).toMatchObject({ state: expect.stringMatching(/^(created|active|completed)$/), retry_count: 0 });
    } finally {
      await queue.stop(2_000);
    }
  });

  it('expires an order past its deadline and closes its trade with the provider', async () => {
    const orderNo = await placeOrder(t.app, token);
    await postForm(t.app, '/api/pay/create', { orderNo, method: 'alipay', scene: 'wap' }, { token });
    const [order] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    const [attempt] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.targetId, order!.id), eq(payments.status, 'pending')));
    // Past the deadline by the workers' clock; the provider still has the trade open, unpaid.
    const later = new Date(order!.payBefore.getTime() + 60_000);
    const queue = await startWorkers(t, { RECONCILE_AFTER_SECONDS: '3600' }, () => later);
    try {
      await vi.waitFor(
        async () => {
          const [now] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
          expect(now!.status).toBe('expired');
        },
        { timeout: 30_000, interval: 25 },
      );
      const [trade] = await db().select().from(sandboxTrades).where(eq(sandboxTrades.paymentNo, attempt!.paymentNo));
      expect(trade!.status).toBe('closed');
      const [closed] = await db().select().from(payments).where(eq(payments.id, attempt!.id));
      expect(closed!.status).toBe('closed');
      // A customer who reaches the cashier now cannot pay the closed trade.
      const paid = await t.app.inject({
        method: 'POST',
        url: '/sandbox/alipay/confirm',
        payload: { trade: trade!.tradeNo, result: 'ok' },
      });
      expect(paid.statusCode).toBeLessThan(500);
      const [still] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
      expect(still!.status).toBe('expired');
    } finally {
      await queue.stop(2_000);
    }
  });

  it('delivers a code committed by a request, once, without the request waiting for it', async () => {
    await postForm(t.app, '/api/user/retrieve', { email: 'worker-walk@example.com' });
    const queue = await startWorkers(t, env);
    try {
      const row = await vi.waitFor(
        async () => {
          const [sent] = await db().select().from(outbox).where(eq(outbox.recipient, 'worker-walk@example.com'));
          expect(sent).toMatchObject({ status: 'sent', attempts: 1, transport: 'outbox' });
          return sent!;
        },
        { timeout: 20_000, interval: 25 },
      );
      expect(row.body).toMatch(/\d{6}/);
    } finally {
      await queue.stop(2_000);
    }
  });
});

describe('stopping a worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const stateOf = async (id: number) => {
    const result: unknown = await t.database.handle.db.execute(
      `select state from pgboss.job where name = 'deliver-message' and (data->>'id')::int = ${id}`,
    );
    return (result as { rows: { state: string }[] }).rows.map((r) => r.state);
  };

  async function workerWith(ms: number, started: number[], finished: number[]) {
    const idle = () => Promise.resolve();
    return startJobQueue(t.database.handle, {
      handlers: () => ({
        sweep: idle,
        'reconcile-payment': idle,
        'expire-order': idle,
        'rotate-document-key': idle,
        async 'deliver-message'(data) {
          started.push(Number(data.id));
          await new Promise((resolve) => setTimeout(resolve, ms));
          finished.push(Number(data.id));
        },
      }),
      onError: () => undefined,
      pollingIntervalSeconds: 0.5,
    });
  }

  it('lets a running job finish before it stops', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const queue = await workerWith(1500, started, finished);
    await queue.send('deliver-message', { id: 1 });
    await vi.waitFor(() => expect(started).toEqual([1]), { timeout: 10_000, interval: 25 });
    await queue.stop(10_000);
    expect(finished).toEqual([1]);
    expect(await stateOf(1)).toEqual(['completed']);
  });

  it("fails a job that outlives the grace period, with no retry on top of the work's own schedule", async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const queue = await workerWith(3000, started, finished);
    await queue.send('deliver-message', { id: 2 });
    await vi.waitFor(() => expect(started).toEqual([2]), { timeout: 10_000, interval: 25 });
    await queue.stop(1000);
    // Not handed out again by pg-boss: the outbox row is due again after its lease, and the
    // sweep sends a new job for it then.
    expect(await stateOf(2)).toEqual(['failed']);
    // The handler still ends on its own; let it, before the database closes under it.
    await vi.waitFor(() => expect(finished).toEqual([2]), { timeout: 10_000, interval: 25 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stateOf(2)).toEqual(['failed']);
  });

  it('runs a job that throws once: pg-boss does not retry it', async () => {
    const runs: number[] = [];
    const idle = () => Promise.resolve();
    const queue = await startJobQueue(t.database.handle, {
      handlers: () => ({
        sweep: idle,
        'reconcile-payment': idle,
        'expire-order': idle,
        'rotate-document-key': idle,
        'deliver-message'(data) {
          runs.push(Number(data.id));
          return Promise.reject(new Error('database went away'));
        },
      }),
      onError: () => undefined,
      pollingIntervalSeconds: 0.5,
    });
    try {
      await queue.send('deliver-message', { id: 3 });
      await vi.waitFor(async () => expect(await stateOf(3)).toEqual(['failed']), { timeout: 10_000, interval: 50 });
      // Several polls later it has still run only once.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(runs).toEqual([3]);
      expect(await stateOf(3)).toEqual(['failed']);
    } finally {
      await queue.stop(2_000);
    }
  });
});

describe.skipIf(!backends.includes('postgres'))('two worker processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let second: TestDatabase['handle'] | null = null;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
  });
  afterAll(async () => {
    await second?.close();
    await database.drop();
  });

  it('runs each job once, whichever process fetches it', async () => {
    const { openDatabase } = await import('../../server/db/client');
    const jobs = database.handle.jobs;
    if (jobs.kind !== 'postgres') throw new Error('expected PostgreSQL');
    // Another pool on the same database, as a second server process has.
    second = await openDatabase({ databaseUrl: jobs.connectionString, dataDir: 'memory' });
    const seen: { by: string; id: number }[] = [];
    const handlersFor = (by: string) => {
      const record = (data: Record<string, unknown>) => {
        seen.push({ by, id: Number(data.id) });
        // Slow enough that both processes are busy at once.
        return new Promise<void>((resolve) => setTimeout(resolve, 20));
      };
      return {
        sweep: () => Promise.resolve(),
        'deliver-message': record,
        'reconcile-payment': () => Promise.resolve(),
        'expire-order': () => Promise.resolve(),
        'rotate-document-key': () => Promise.resolve(),
      };
    };
    const a = await startJobQueue(database.handle, {
      handlers: () => handlersFor('a'),
      onError: fail,
      pollingIntervalSeconds: 0.5,
    });
    const b = await startJobQueue(second, {
      handlers: () => handlersFor('b'),
      onError: fail,
      pollingIntervalSeconds: 0.5,
    });
    try {
      await Promise.all(Array.from({ length: 60 }, (_, id) => (id % 2 ? a : b).send('deliver-message', { id })));
      // Once pg-boss has marked all 60 completed, no process can fetch one again: a duplicate
      // would have run by then.
      await vi.waitFor(
        async () => {
          const result: unknown = await database.handle.db.execute(
            `select count(*)::int as n from pgboss.job where name = 'deliver-message' and state = 'completed'`,
          );
          expect((result as { rows: { n: number }[] }).rows[0]!.n).toBe(60);
        },
        { timeout: 30_000, interval: 25 },
      );
      expect(seen).toHaveLength(60);
      expect(new Set(seen.map((s) => s.id)).size).toBe(60);
      expect(new Set(seen.map((s) => s.by))).toEqual(new Set(['a', 'b']));
    } finally {
      await Promise.all([a.stop(2_000), b.stop(2_000)]);
    }
  });
});
