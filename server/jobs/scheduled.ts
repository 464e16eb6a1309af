import { and, eq } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import type { Database } from '../db/client.js';
import { jobRuns } from '../db/schema.js';
import type { UsageInbox } from '../lib/storage/usage-inbox.js';
import type { StorageProvider } from '../lib/storage/storage-provider.js';
import { identityRetention } from '../identity/index.js';
import { applyDuePlanChanges, billRun, remindBills } from '../billing/index.js';
import { importUsage } from '../line/index.js';
import { esimSweep, type EsimDeps } from '../esim/index.js';
import { leavingSweep, pauseSweep, replacementSweep } from '../lifecycle/index.js';
import type { LinePlatform } from '../line/index.js';
import { autoTopupSweep, type TopupDeps } from '../topups/index.js';

export interface ScheduleDeps {
  db: Database;
  usageInbox: UsageInbox;
  /** Identity records' retention (IDENTITY_RETENTION_YEARS, ABANDONED_DOCUMENT_DAYS); absent: not run. */
  retention?: { storage: StorageProvider; years: number; abandonedDays: number };
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  /** The eSIM domain's services; absent: eSIM deliveries wait (tests that do not need them). */
  esim?: EsimDeps;
  /** The carrier's line platform; absent: the line's life waits for its carrier calls (tests that do not need them). */
  linePlatform?: LinePlatform;
  /** KEEP_NUMBER_FEE: what the bill run charges a paused month (default: contract/lifecycle-rules.ts). */
  keepNumberFee?: number;
  /** The top-up domain's services (payment providers, card on file, carrier); absent: automatic top-up waits. */
  topups?: TopupDeps;
}

/** Tokyo wall-clock time of `now` as YYYY-MM-DD and HH:MM. */
export function tokyoClock(now: Date): { date: string; time: string } {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Tokyo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  return { date: tokyoDate(now), time };
}

async function done(db: Database, task: string, period: string): Promise<boolean> {
  const [row] = await db
    .select({ task: jobRuns.task })
    .from(jobRuns)
    .where(and(eq(jobRuns.task, task), eq(jobRuns.period, period)))
    .limit(1);
  return !!row;
}

const record = (db: Database, task: string, period: string, result: Record<string, unknown>) =>
  db.insert(jobRuns).values({ task, period, result }).onConflictDoNothing();

const BILL_RUN_AT = '00:05';
const REMINDERS_AT = '10:00';
const RETENTION_AT = '03:00';

/**
 * The calendar's work, asked every minute by the sweep: what is due by Tokyo time and not yet
 * recorded in job_runs is done, then recorded. Each piece is idempotent (a bill per line and
 * month, a message per key, a change applied only while pending), so a run cut short by a
 * crash is simply done again; and a day every server was down is caught up, not skipped.
 * That is its one retry policy: the next minute's sweep, never a pg-boss retry on top
 * (server/lib/queue.ts), so a failing task is tried once a minute, never twice in one.
 */
export async function runScheduledTasks(deps: ScheduleDeps, now = new Date()) {
  const { date, time } = tokyoClock(now);
  const month = date.slice(0, 7);
  const results: Record<string, unknown> = {};
  // The 1st at 00:05 Tokyo time: this month's bills.
  if (time >= BILL_RUN_AT || date.slice(8) !== '01') {
    if (!(await done(deps.db, 'bill-run', month))) {
      results.billRun = await billRun(deps.db, 'scheduler', month, undefined, deps.keepNumberFee);
      await record(deps.db, 'bill-run', month, results.billRun as Record<string, unknown>);
    }
  }
  // Booked plan changes take effect on their day (the 25th); cheap enough to ask every minute.
  const changes = await applyDuePlanChanges(deps.db, 'scheduler', date);
  if (changes.applied > 0) results.planChanges = changes;
  // Reminders once a day from 10:00: bills due in 3 days, bills overdue since yesterday.
  if (time >= REMINDERS_AT && !(await done(deps.db, 'bill-reminders', date))) {
    results.reminders = await remindBills(deps.db, date);
    await record(deps.db, 'bill-reminders', date, results.reminders as Record<string, unknown>);
  }
  // Once a day from 03:00: identity records and documents past their retention are deleted.
  if (deps.retention && time >= RETENTION_AT && !(await done(deps.db, 'identity-retention', date))) {
    const { storage, years, abandonedDays } = deps.retention;
    const retention = await identityRetention(deps.db, storage, { years, abandonedDays }, now);
    results.identityRetention = retention;
    await record(deps.db, 'identity-retention', date, { ...retention });
  }
  // Every minute: approved eSIM orders delivered (stock imported, the carrier back), releases
  // the carrier did not confirm asked again, paid reissues moved on. Idempotent, so a sweep on every server is harmless.
  if (deps.esim) {
    try {
      const esim = await esimSweep(deps.esim);
      if (esim.delivered > 0 || esim.released > 0 || Object.keys(esim.reissued).length > 0) results.esim = esim;
    } catch (error) {
      deps.log.error({ err: error }, 'esim sweep failed');
    }
  }
  // Every minute: pauses start and end on their Tokyo day, pause_soon three days before.
  if (deps.linePlatform) {
    const { linePlatform, keepNumberFee = 0 } = deps;
    try {
      const pauses = await pauseSweep({ db: deps.db, linePlatform, keepNumberFee }, now);
      if (pauses.started + pauses.resumed + pauses.cancelled + pauses.failed > 0) results.pauses = pauses;
    } catch (error) {
      deps.log.error({ err: error }, 'pause sweep failed');
    }
  }
  // Every minute: paid eSIM replacements of lost SIMs moved on (their reissue, then the line back).
  if (deps.esim && deps.linePlatform) {
    try {
      const replaced = await replacementSweep({ db: deps.db, linePlatform: deps.linePlatform, esim: deps.esim });
      if (Object.keys(replaced).length > 0) results.replacements = replaced;
    } catch (error) {
      deps.log.error({ err: error }, 'replacement sweep failed');
    }
  }
  // Every minute: cancellations whose last day has passed end their lines (the carrier told until it answers).
  if (deps.linePlatform) {
    try {
      const leaving = await leavingSweep({ db: deps.db, linePlatform: deps.linePlatform, log: deps.log }, now);
      if (leaving.ended > 0 || leaving.reminded > 0 || leaving.expired > 0) results.leaving = leaving;
    } catch (error) {
      deps.log.error({ err: error }, 'leaving sweep failed');
    }
  }
  results.usageFiles = await importUsageInbox(deps, now);
  // Every minute, after any usage file: lines at 100 % with automatic top-up on buy their add-on;
  // paid top-ups the carrier has not acknowledged are asked again.
  if (deps.topups) {
    try {
      const topups = await autoTopupSweep(deps.topups, now);
      if (Object.values(topups).some((n) => n > 0)) results.topups = topups;
    } catch (error) {
      deps.log.error({ err: error }, 'top-up sweep failed');
    }
  }
  return results;
}

/** Every CSV waiting in the usage inbox is imported, then moved to processed/ (or failed/ with nothing imported). */
export async function importUsageInbox(deps: ScheduleDeps, now = new Date()) {
  const names = await deps.usageInbox.list();
  const imported: { name: string; imported: number; problems: number }[] = [];
  for (const name of names) {
    try {
      const text = await deps.usageInbox.read(name);
      const result = await importUsage(deps.db, 'scheduler:usage-inbox', text, now);
      // A file with not one usable row is the carrier's mistake, kept apart for staff.
      const ok = result.imported > 0 || result.problems.length === 0;
      await deps.usageInbox.done(name, ok);
      await record(deps.db, 'usage-file', `${name}@${now.toISOString()}`, {
        imported: result.imported,
        problems: result.problems.slice(0, 20),
      });
      imported.push({ name, imported: result.imported, problems: result.problems.length });
      deps.log.info({ file: name, imported: result.imported, problems: result.problems.length }, 'usage file imported');
    } catch (error) {
      deps.log.error({ file: name, err: error }, 'usage file could not be imported');
      await deps.usageInbox.done(name, false).catch(() => undefined);
    }
  }
  return imported;
}
