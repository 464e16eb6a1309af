import { sql, type SQL } from 'drizzle-orm';
import { Gauge, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { collectErrors } from './metrics.js';

/** A scrape waits this long for the database, then answers without these gauges. */
export const COLLECT_TIMEOUT_MS = 1_000;

/**
 * The state of the whole deployment, read from the database when scraped: every web process
 * reports the same values, so dashboards take max(), not sum(). Each query counts rows through
 * an index whose condition is the one counted (or a small table), so a scrape stays cheap
 * however many payments and messages accumulate.
 */
export function createStateMetrics(db: Database, timeoutMs = COLLECT_TIMEOUT_MS) {
  const registry = new Registry();
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  const jobsQueued = gauge('job_queue_depth', 'Jobs waiting to run (created or retry), by queue.', ['queue']);
  const jobsActive = gauge('job_queue_active', 'Jobs running now, by queue.', ['queue']);
  const jobsFailed = gauge(
    'job_queue_failed',
    'Jobs that failed in about the last 12 hours (until pg-boss archives them), by queue.',
    ['queue'],
  );
  const outbox = gauge(
    'outbox_messages',
    'Messages in the outbox by channel (mail, sms, wechat) and status (pending, sending, failed); failed ones wait for staff.',
    ['channel', 'status'],
  );
  const paymentsPending = gauge('payments_pending', 'Payment attempts open now, by provider.', ['provider']);
  const refunds = gauge('refunds', 'Refunds not yet done, by status (pending, failed).', ['status']);
  const reconcileLag = gauge(
    'payment_reconciliation_lag_seconds',
    'How long the most overdue check of a pending payment has waited past its time (0: none overdue).',
    [],
  );
  const esimStock = gauge('esim_profiles_available', 'eSIM profiles in stock, ready to assign.', []);

  let jobsTable = false;

  async function read(): Promise<void> {
    const rows = async (query: SQL) => {
      // Both drivers (pg and PGlite) hand back `.rows`; the driver-generic type does not say so.
      const result: unknown = await db.execute(query);
      return (result as { rows: Record<string, unknown>[] }).rows;
    };
    // A web process of a deployment whose worker has not started yet has no pg-boss schema (yet).
    jobsTable ||= (await rows(sql`select to_regclass('pgboss.job') is not null as present`))[0]?.present === true;
    const jobs = jobsTable
      ? await rows(sql`select name, count(*) filter (where state < 'active') as queued,
          count(*) filter (where state = 'active') as active, count(*) filter (where state = 'failed') as failed
          from pgboss.job group by name`)
      : [];
    const messages = await rows(sql`select channel, status, count(*) as n from outbox
      where status in ('pending', 'sending', 'failed') group by channel, status`);
    const pending = await rows(
      sql`select method, count(*) as n from payments where status = 'pending' group by method`,
    );
    const refundRows = await rows(sql`select status, count(*) as n from refunds
      where status in ('pending', 'failed') group by status`);
    const lag = await rows(sql`select coalesce(extract(epoch from now() - min(next_check_at)), 0) as seconds
      from payments where status = 'pending' and next_check_at <= now()`);
    const stock = await rows(sql`select count(*) as n from esim_profiles where status = 'available'`);

    // Reset first: a channel with nothing pending any more must read 0, not its last value.
    for (const g of [jobsQueued, jobsActive, jobsFailed, outbox, paymentsPending, refunds]) g.reset();
    for (const row of jobs) {
      const queue = String(row.name);
      jobsQueued.set({ queue }, Number(row.queued));
      jobsActive.set({ queue }, Number(row.active));
      jobsFailed.set({ queue }, Number(row.failed));
    }
    for (const row of messages) outbox.set({ channel: String(row.channel), status: String(row.status) }, Number(row.n));
    for (const row of pending) paymentsPending.set({ provider: String(row.method) }, Number(row.n));
    for (const status of ['pending', 'failed']) refunds.set({ status }, 0);
    for (const row of refundRows) refunds.set({ status: String(row.status) }, Number(row.n));
    reconcileLag.set(Math.max(0, Number(lag[0]?.seconds ?? 0)));
    esimStock.set(Number(stock[0]?.n ?? 0));
  }

  return {
    /**
     * The gauges' exposition, or '' when the database did not answer in time: a slow database
     * must not turn the scrape into an error, and stale numbers would read as current.
     */
    async render(): Promise<string> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        const done = await Promise.race([read().then(() => true), late]);
        if (!done) {
          collectErrors.inc({ source: 'database' });
          return '';
        }
        return await registry.metrics();
      } catch {
        collectErrors.inc({ source: 'database' });
        return '';
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type StateMetrics = ReturnType<typeof createStateMetrics>;
