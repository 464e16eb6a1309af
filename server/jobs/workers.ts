import { reconcileSchedule, type Config } from '../config.js';
import { useBrand } from '../lib/messages.js';
import { createDocumentStorage } from '../lib/storage/create-storage.js';
import type { DatabaseHandle } from '../db/client.js';
import { createPaymentProviders } from '../payments/index.js';
import { createTransports } from '../notifications/index.js';
import type { PaymentProvider } from '../payments/index.js';
import { makeSandboxKeys } from '../payments/index.js';
import { createUsageInbox } from '../lib/storage/create-storage.js';
import { deliverMessage, dueMessages, type Transports } from '../notifications/index.js';
import { duePaymentChecks, dueOrderExpiries, expireOrder, reconcilePayment } from '../payments/index.js';
import { runScheduledTasks, type ScheduleDeps } from './scheduled.js';
import { createEsimDeps } from '../esim/index.js';
import { createLinePlatform } from '../line/index.js';
import { createTopupDeps } from '../topups/index.js';
import { documentKeys } from '../lib/document-crypto.js';
import { rotateDocumentKeys, type RotationDeps } from '../documents/index.js';
import type { PayMethod } from '../../contract/api.js';
import { startJobQueue, type JobHandler, type JobName, type JobQueue, type JobSender } from '../lib/queue.js';

export interface WorkerDeps extends ScheduleDeps {
  providers: Record<PayMethod, PaymentProvider>;
  transports: Transports;
  origin: string;
  /** Where the sweep sends the work it finds: the queue's sender, which exists before any job runs. */
  queue: JobSender;
  /** RECONCILE_AFTER_SECONDS. */
  checkAfterSeconds: number[];
  /** What DOCUMENT_KEY sealed, and the keys: while DOCUMENT_KEY_PREVIOUS is set, the sweep sends the rotation job. */
  sealed?: RotationDeps;
  /** Tests only: the clock the handlers read. */
  now?: () => Date;
}

/** The dependencies of the jobs, from configuration: the same providers a server process uses. */
export function workerDeps(
  config: Config,
  database: DatabaseHandle,
  log: WorkerDeps['log'],
  queue: JobSender,
): WorkerDeps {
  // Sandbox keys sign what the sandbox sends; a worker only asks, closes and refunds.
  const providers = createPaymentProviders(config, database.db, makeSandboxKeys());
  const keys = documentKeys(config);
  const storage = createDocumentStorage(config);
  return {
    db: database.db,
    log,
    providers,
    topups: createTopupDeps(config, database.db, providers, log),
    transports: createTransports(config),
    origin: config.PUBLIC_URL,
    usageInbox: createUsageInbox(config),
    retention: {
      storage,
      years: config.IDENTITY_RETENTION_YEARS,
      abandonedDays: config.ABANDONED_DOCUMENT_DAYS,
    },
    checkAfterSeconds: reconcileSchedule(config),
    linePlatform: createLinePlatform(config, database.db),
    keepNumberFee: config.KEEP_NUMBER_FEE,
    queue,
    sealed: { db: database.db, storage, key: keys },
    esim: createEsimDeps(config, database.db, keys, {
      info: (o, m) => log.info(o, m),
      warn: (o, m) => log.info(o, m),
      error: (o, m) => log.error(o, m),
    }),
  };
}

const idOf = (data: Record<string, unknown>, key: string) => {
  const value = data[key];
  if (typeof value !== 'number' && typeof value !== 'string') throw new Error(`job without ${key}`);
  return value;
};

/**
 * What each job does. pg-boss runs a job once; the sweep is what tries work again, when its own
 * schedule says it is due. Each handler is idempotent: a job run twice (two sweeps finding the
 * same due row, a dead worker's lease) changes nothing more.
 */
export function jobHandlers(deps: WorkerDeps): Record<JobName, JobHandler> {
  const now = () => deps.now?.() ?? new Date();
  const settle = { db: deps.db, providers: deps.providers };
  return {
    async sweep() {
      const at = now();
      const queue = deps.queue;
      // A key per attempt and per check: pg-boss's singleton window is a clock minute that also
      // counts finished jobs, so a key without them would drop a retry due in the same minute.
      for (const { id, attempts } of await dueMessages(deps.db, at))
        await queue.send('deliver-message', { id }, { singletonKey: `message:${id}:${attempts}` });
      for (const { paymentNo, checks } of await duePaymentChecks(settle, at))
        await queue.send('reconcile-payment', { paymentNo }, { singletonKey: `payment:${paymentNo}:${checks}` });
      for (const orderId of await dueOrderExpiries(settle, at))
        await queue.send('expire-order', { orderId }, { singletonKey: `order:${orderId}` });
      // A key rotation in progress: one job at a time does a minute's share (it stops by itself).
      if (deps.sealed && deps.sealed.key.previous.length > 0)
        await queue.send('rotate-document-key', {}, { singletonKey: 'rotate-document-key' });
      const done = await runScheduledTasks(deps, at);
      if (Object.keys(done).some((k) => k !== 'usageFiles') || (done.usageFiles as unknown[]).length > 0)
        deps.log.info(done, 'scheduled work done');
    },
    async 'deliver-message'(data) {
      await deliverMessage(deps, Number(idOf(data, 'id')), now());
    },
    async 'reconcile-payment'(data) {
      await reconcilePayment(settle, String(idOf(data, 'paymentNo')), now(), deps.checkAfterSeconds);
    },
    async 'expire-order'(data) {
      await expireOrder(settle, Number(idOf(data, 'orderId')), now());
    },
    async 'rotate-document-key'() {
      if (!deps.sealed) return;
      // Under the job's 120 s lease, and leaves the next minute's job little to wait for.
      const report = await rotateDocumentKeys(deps.sealed, { deadline: new Date(Date.now() + 45_000) });
      if (report.resealed > 0 || report.unreadable.length > 0)
        deps.log.info(
          {
            resealed: report.resealed,
            remaining: report.remaining,
            unreadable: report.unreadable.length,
            // Ids and reasons, never contents; the first few are enough to go and look.
            firstUnreadable: report.unreadable.slice(0, 20),
          },
          'document key rotation',
        );
    },
  };
}

export interface BackgroundWorkOptions {
  log: WorkerDeps['log'];
  /** Runs the jobs here too (WORKERS=on, `npm run worker`); otherwise the queue only sends. */
  work: boolean;
  /** Tests: a short poll, and the clock the handlers read. */
  pollingIntervalSeconds?: number;
  now?: () => Date;
}

/**
 * The queue of a server or worker process. Its workers get the queue's sender when they are
 * made, so no job can run before there is a queue to send to (a restart that found a sweep
 * waiting used to run it against a reference still unset).
 */
export function startBackgroundWork(
  config: Config,
  database: DatabaseHandle,
  options: BackgroundWorkOptions,
): Promise<JobQueue> {
  const { log, now } = options;
  // A worker process's mail and SMS speak with the configured brand, as the web process's do.
  useBrand(config.BRAND);
  return startJobQueue(database, {
    handlers: options.work
      ? (queue) => jobHandlers({ ...workerDeps(config, database, log, queue), ...(now ? { now } : {}) })
      : undefined,
    onError: (error, context) => log.error({ err: error, context }, 'job failed'),
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    sweepIntervalSeconds: config.SWEEP_INTERVAL_SECONDS,
  });
}
