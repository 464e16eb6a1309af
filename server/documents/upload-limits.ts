import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rateLimits } from '../db/schema.js';

/** Per account and rolling day: enough to redo every document several times. */
export const UPLOAD_DAY_FILES = 30;
export const UPLOAD_DAY_BYTES = 150 * 1024 * 1024;
/** Uploads of one account being received or processed at once. */
export const UPLOAD_IN_FLIGHT = 2;

const DAY_BUCKET = 'upload:day';
const IN_FLIGHT_BUCKET = 'upload:inflight';
const DAY_SECONDS = 24 * 3600;
// A slot held longer than this was left by a process that died mid-upload (requests time
// out after 60 s): the count starts again instead of blocking the account for good.
const IN_FLIGHT_STALE_SECONDS = 300;
/** What a customer refused for uploads in flight is told to wait. */
const IN_FLIGHT_RETRY_SECONDS = 5;

export type Reservation = { ok: true } | { ok: false; retryAfter: number };

function retryAfterFrom(windowStart: Date | undefined, windowSeconds: number): number {
  if (!windowStart) return IN_FLIGHT_RETRY_SECONDS;
  return Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - Date.now()) / 1000));
}

/**
 * Takes one in-flight slot for the account in a single statement, so concurrent requests
 * cannot all see a free slot. Release it with releaseUploadSlot in a finally.
 */
export async function takeUploadSlot(db: Database, userId: number): Promise<Reservation> {
  const stale = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${IN_FLIGHT_STALE_SECONDS})`;
  const taken = await db
    .insert(rateLimits)
    .values({ bucket: IN_FLIGHT_BUCKET, key: String(userId), windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key],
      set: {
        count: sql`case when ${stale} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${stale} or ${rateLimits.count} = 0 then now() else ${rateLimits.windowStart} end`,
      },
      setWhere: sql`${stale} or ${rateLimits.count} < ${UPLOAD_IN_FLIGHT}`,
    })
    .returning({ count: rateLimits.count });
  return taken.length > 0 ? { ok: true } : { ok: false, retryAfter: IN_FLIGHT_RETRY_SECONDS };
}

export async function releaseUploadSlot(db: Database, userId: number): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.bucket, IN_FLIGHT_BUCKET), eq(rateLimits.key, String(userId))));
}

const dayOver = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${DAY_SECONDS})`;

/** Before reading a body: is there room for one more file today? */
export async function checkUploadDay(db: Database, userId: number): Promise<Reservation> {
  const [row] = await db
    .select({
      count: rateLimits.count,
      amount: rateLimits.amount,
      windowStart: rateLimits.windowStart,
      over: sql<boolean>`${dayOver}`,
    })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, DAY_BUCKET), eq(rateLimits.key, String(userId))));
  if (!row || row.over) return { ok: true };
  if (row.count < UPLOAD_DAY_FILES && row.amount < UPLOAD_DAY_BYTES) return { ok: true };
  return { ok: false, retryAfter: retryAfterFrom(new Date(row.windowStart), DAY_SECONDS) };
}

/**
 * Counts one file of `bytes` against today's quota, atomically, before it is decoded:
 * refused input counts too, since decoding it costs the same.
 */
export async function reserveUploadDay(db: Database, userId: number, bytes: number): Promise<Reservation> {
  const reserved = await db
    .insert(rateLimits)
    .values({ bucket: DAY_BUCKET, key: String(userId), windowStart: sql`now()`, count: 1, amount: bytes })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key],
      set: {
        count: sql`case when ${dayOver} then 1 else ${rateLimits.count} + 1 end`,
        amount: sql`case when ${dayOver} then ${bytes}::bigint else ${rateLimits.amount} + ${bytes}::bigint end`,
        windowStart: sql`case when ${dayOver} then now() else ${rateLimits.windowStart} end`,
      },
      setWhere: sql`${dayOver} or (${rateLimits.count} + 1 <= ${UPLOAD_DAY_FILES} and ${rateLimits.amount} + ${bytes}::bigint <= ${UPLOAD_DAY_BYTES})`,
    })
    .returning({ count: rateLimits.count });
  if (reserved.length > 0) return { ok: true };
  const [row] = await db
    .select({ windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, DAY_BUCKET), eq(rateLimits.key, String(userId))));
  return { ok: false, retryAfter: retryAfterFrom(row ? new Date(row.windowStart) : undefined, DAY_SECONDS) };
}
