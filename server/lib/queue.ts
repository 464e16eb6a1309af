import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.js';
import { pgliteJobDb } from './queue-pglite.js';

/** Every kind of background work; each is one pg-boss queue of the same name. */
export const JOB_NAMES = [
  'sweep',
  'deliver-message',
  'reconcile-payment',
  'expire-order',
  'rotate-document-key',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface SendOptions {
  /** At most one job with this key per `singletonSeconds` (default 60): a sweep repeating itself adds nothing. */
  singletonKey?: string;
  singletonSeconds?: number;
}

/** What the rest of the server sees of the queue: it sends; workers are this module's business. */
export interface JobSender {
  send(name: JobName, data: Record<string, unknown>, options?: SendOptions): Promise<void>;
}

export interface JobQueue extends JobSender {
  /** Stops fetching, lets running jobs finish (up to `timeoutMs`), then returns. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface StartOptions {
  /**
   * Runs jobs in this process: given the queue's sender, made before any worker starts, returns
   * what each job does. Without it the queue only sends (a web server when workers run apart).
   */
  handlers?: (queue: JobSender) => Record<JobName, JobHandler>;
  /** Logs failures of jobs and of the queue itself. */
  onError: (error: unknown, context: string) => void;
  /** How often an idle worker looks for new jobs; tests make it short. */
  pollingIntervalSeconds?: number;
  /** Below 60: a sweep this often too, besides the per-minute cron (tests, demos). */
  sweepIntervalSeconds?: number;
}

// A job whose process died (kill -9) is still 'active' in its row; after this long pg-boss
// marks it failed, and the work is found again by its own schedule.
const EXPIRE_IN_SECONDS = 120;

// pg-boss runs each job once and never retries it: every kind of work keeps its one retry
// policy in its own rows, written where it runs (deliveries in notifications/outbox.ts, payment
// checks in payments/check-schedule.ts, order expiry in payments/reconciliation.ts, the calendar
// in jobs/scheduled.ts), and the sweep sends a job again when its row says the work is due.
// Given on every job as well as on the queue, so queues made before this rule follow it too.
const RUN_ONCE = { retryLimit: 0 } as const;

function bossFor(database: DatabaseHandle, working: boolean): PgBoss {
  const common = {
    // Only a working process keeps the schedule and maintenance; a sending one just inserts.
    schedule: working,
    supervise: working,
    migrate: true,
  } satisfies PgBoss.ConstructorOptions;
  if (database.jobs.kind === 'postgres')
    return new PgBoss({
      ...common,
      connectionString: database.jobs.connectionString,
      max: 4,
      application_name: 'simcard-jobs',
    });
  return new PgBoss({ ...common, db: pgliteJobDb(database.jobs.client) });
}

/**
 * pg-boss on the application's own database: jobs are rows (schema `pgboss`), run once (see
 * RUN_ONCE), fetched with SKIP LOCKED so each runs in one process, the cron kept by whichever
 * process holds its lock. On PostgreSQL it uses connections of its own; on the embedded PGlite
 * it goes through an in-process adapter on the same single connection.
 */
export async function startJobQueue(database: DatabaseHandle, options: StartOptions): Promise<JobQueue> {
  const working = !!options.handlers;
  const boss = bossFor(database, working);
  boss.on('error', (error) => options.onError(error, 'queue'));
  await boss.start();
  for (const name of JOB_NAMES) {
    // createQueue is idempotent in effect but not in SQL: a second process may race the first.
    // Two processes starting at once on a database without these queues can also deadlock in
    // pg-boss's create_queue (each inserts a queue row, then ALTERs a partition to reference
    // pgboss.queue): PostgreSQL aborts one of them, which tries again and finds the queue made.
    for (let attempt = 1; ; attempt += 1) {
      const retry = await boss
        .createQueue(name, {
          name,
          ...RUN_ONCE,
          expireInSeconds: EXPIRE_IN_SECONDS,
          retentionDays: 7,
        })
        .then(
          () => false,
          (error: unknown) => {
            if (/already exists|duplicate key/i.test(String(error))) return false;
            if ((error as { code?: unknown }).code === '40P01' && attempt < 5) return true;
            throw error;
          },
        );
      if (!retry) break;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
  let stopped = false;
  const sender: JobSender = {
    async send(name, data, sendOptions = {}) {
      if (stopped) return;
      await boss.send(
        name,
        data,
        sendOptions.singletonKey
          ? {
              ...RUN_ONCE,
              singletonKey: sendOptions.singletonKey,
              singletonSeconds: sendOptions.singletonSeconds ?? 60,
            }
          : RUN_ONCE,
      );
    },
  };
  // Workers start last, with the sender in hand: a worker fetches at once, and a job waiting
  // from before a restart (a sweep the last process's cron queued) runs before this returns.
  if (options.handlers) {
    const handlers = options.handlers(sender);
    for (const name of JOB_NAMES) {
      const handler = handlers[name];
      await boss.work<Record<string, unknown>>(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          try {
            await handler(job.data ?? {});
          } catch (error) {
            options.onError(error, name);
            // pg-boss keeps it as failed (RUN_ONCE); the work's own schedule tries it again.
            throw error;
          }
        },
      );
    }
    // Every minute in Tokyo time; the sweep itself decides what is due (a bill run missed
    // while every server was down is done at the next sweep, not skipped).
    await boss.schedule('sweep', '* * * * *', {}, { ...RUN_ONCE, tz: 'Asia/Tokyo' });
    // And once at start, so work left by a crash does not wait for the next minute.
    await boss.send('sweep', {}, { ...RUN_ONCE, singletonKey: 'start', singletonSeconds: 30 });
  }
  const every = options.sweepIntervalSeconds ?? 60;
  // One sweep per interval across every process: the singleton key and window make the rest no-ops.
  const ticker =
    options.handlers && every < 60
      ? setInterval(() => {
          if (!stopped)
            void boss
              .send('sweep', {}, { ...RUN_ONCE, singletonKey: 'tick', singletonSeconds: every })
              .catch((error: unknown) => options.onError(error, 'sweep tick'));
        }, every * 1000)
      : null;
  ticker?.unref();
  return {
    ...sender,
    async stop(timeoutMs = 20_000) {
      if (stopped) return;
      stopped = true;
      if (ticker) clearInterval(ticker);
      // Running jobs get `timeoutMs` to finish; those still running are then failed (not
      // retried: RUN_ONCE) before the connections close, and their work is found again when due.
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
    },
  };
}
