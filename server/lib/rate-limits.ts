import { sql, type SQL } from 'drizzle-orm';
import type { ErrorKey } from '../../contract/api.js';
import type { Database } from '../db/client.js';
import { ApiError } from './errors.js';

/** One limit: at most `limit` takes per `windowMs` for each key of a bucket. */
export interface Limit {
  bucket: string;
  limit: number;
  windowMs: number;
}

export type Take = { ok: true; count: number } | { ok: false; retryAfter: number };

export interface Row {
  bucket: string;
  key: string;
  count: number;
  amount: number;
  windowStart: Date;
  blockedUntil: Date | null;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Rows from `db.execute`, which both drivers (pg and PGlite) hand back as `.rows`. */
export async function rows(db: Database, query: SQL): Promise<Row[]> {
  // The driver-generic result type is unknown here; both drivers' results carry `rows`.
  const result: unknown = await db.execute(query);
  return (result as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    bucket: String(r.bucket),
    key: String(r.key),
    count: Number(r.count),
    amount: Number(r.amount ?? 0),
    windowStart: new Date(r.window_start as string | Date),
    blockedUntil: r.blocked_until == null ? null : new Date(r.blocked_until as string | Date),
  }));
}

export const secondsUntil = (when: Date, now: Date) => Math.max(1, Math.ceil((when.getTime() - now.getTime()) / 1000));

/**
 * Takes one from a fixed-window counter in a single statement. The row lock of ON CONFLICT
 * DO UPDATE queues concurrent callers and its WHERE sees the count the previous one left,
 * so however many arrive at once, at most `limit` get a row back; a refused take changes
 * nothing. Works the same on PGlite and PostgreSQL, in any number of server processes.
 */
export async function take(db: Database, limit: Limit, key: string, now = new Date()): Promise<Take> {
  const expired = sql`rate_limits.window_start <= ${at(new Date(now.getTime() - limit.windowMs))}`;
  const [row] = await rows(
    db,
    sql`insert into rate_limits (bucket, key, window_start, count) values (${limit.bucket}, ${key}, ${at(now)}, 1)
      on conflict (bucket, key) do update set
        count = case when ${expired} then 1 else rate_limits.count + 1 end,
        window_start = case when ${expired} then ${at(now)} else rate_limits.window_start end
      where ${expired} or rate_limits.count < ${limit.limit}::int
      returning bucket, key, count, amount, window_start, blocked_until`,
  );
  if (row) return { ok: true, count: row.count };
  const [held] = await rows(db, sql`select * from rate_limits where bucket = ${limit.bucket} and key = ${key}`);
  return { ok: false, retryAfter: held ? secondsUntil(new Date(held.windowStart.getTime() + limit.windowMs), now) : 1 };
}

const prunedAt = new WeakMap<Database, number>();
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counters whose window ended days ago say nothing any more; dropping them about once an
 * hour per process keeps the table small without a job. A pair that signed in keeps its
 * row (it is what spares the owner) until it has been idle for 90 days.
 */
export function pruneNowAndThen(db: Database, now = new Date()): void {
  if (now.getTime() - (prunedAt.get(db) ?? 0) < DAY_MS / 24) return;
  prunedAt.set(db, now.getTime());
  db.execute(
    sql`delete from rate_limits where window_start < ${at(new Date(now.getTime() - 2 * DAY_MS))}
      and (blocked_until is null or blocked_until < ${at(now)})
      and (bucket <> 'login:pair' or amount = 0 or window_start < ${at(new Date(now.getTime() - 90 * DAY_MS))})`,
  ).catch(() => undefined);
}

/** Gives one back, for a take that turned out not to count (the owner's own success). */
export async function giveBack(db: Database, bucket: string, key: string): Promise<void> {
  await db.execute(
    sql`update rate_limits set count = greatest(count - 1, 0) where bucket = ${bucket} and key = ${key}`,
  );
}

/** Starts a limit afresh for one key: a new code brings its own guesses. */
export async function resetLimit(db: Database, limit: Limit, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where bucket = ${limit.bucket} and key = ${key}`);
}

/** Takes one from every limit in turn, or throws HTTP 429 with `Retry-After` for the first that is used up. */
export async function takeAll(
  db: Database,
  takes: [Limit, string][],
  refusal: { key: ErrorKey; messageKey?: string } = { key: 'RATE_LIMITED' },
  now = new Date(),
): Promise<void> {
  for (const [limit, key] of takes) {
    const result = await take(db, limit, key, now);
    if (!result.ok) throw tooMany(refusal.key, result.retryAfter, refusal.messageKey);
  }
}

/** The 429 every limit answers, with its wait in seconds (and minutes and seconds for the message). */
export function tooMany(key: ErrorKey, retryAfter: number, messageKey?: string): ApiError {
  return new ApiError(
    key,
    429,
    undefined,
    { seconds: retryAfter, minutes: Math.ceil(retryAfter / 60) },
    messageKey,
    retryAfter,
  );
}
