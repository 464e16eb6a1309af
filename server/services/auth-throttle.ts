import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { authFailures } from '../db/schema.js';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
// Many customers share one carrier or campus address, so the per-address limit is looser.
export const MAX_FAILURES_PER_IP = 50;

type Scope = 'account' | 'ip';

async function retryAfter(db: Database, scope: Scope, key: string, max: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const where = and(eq(authFailures.scope, scope), eq(authFailures.key, key), gt(authFailures.at, since));
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(authFailures).where(where);
  if (n < max) return 0;
  // The window frees up when the oldest failure inside it ages out.
  const [oldest] = await db
    .select({ at: authFailures.at })
    .from(authFailures)
    .where(where)
    .orderBy(asc(authFailures.at))
    .limit(1)
    .offset(n - max);
  const freeAt = (oldest?.at.getTime() ?? now.getTime()) + FAILURE_WINDOW_MS;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

/** Seconds until another sign-in may be tried for this account or address; 0 when allowed. */
export async function loginRetryAfter(db: Database, email: string, ip: string, now = new Date()): Promise<number> {
  const [account, address] = await Promise.all([
    retryAfter(db, 'account', email, MAX_FAILURES_PER_ACCOUNT, now),
    retryAfter(db, 'ip', ip, MAX_FAILURES_PER_IP, now),
  ]);
  return Math.max(account, address);
}

export async function recordLoginFailure(db: Database, email: string, ip: string, now = new Date()): Promise<void> {
  await db.insert(authFailures).values([
    { scope: 'account', key: email, at: now },
    { scope: 'ip', key: ip, at: now },
  ]);
  // Old rows count for nothing; dropping them here keeps the table small without a job.
  await db.delete(authFailures).where(lt(authFailures.at, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}

export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await db.delete(authFailures).where(and(eq(authFailures.scope, 'account'), eq(authFailures.key, email)));
}
