import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { authFailures } from '../db/schema.js';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
// Many customers share one carrier or campus address, so the per-address limit is looser.
export const MAX_FAILURES_PER_IP = 50;

type Scope = 'account' | 'ip';

/** When the window frees up for one scope that reached its limit: the oldest failure inside it ages out. */
async function freeIn(db: Database, scope: Scope, key: string, failures: number, max: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const [oldest] = await db
    .select({ at: authFailures.at })
    .from(authFailures)
    .where(and(eq(authFailures.scope, scope), eq(authFailures.key, key), gt(authFailures.at, since)))
    .orderBy(asc(authFailures.at))
    .limit(1)
    .offset(failures - max);
  const freeAt = (oldest?.at.getTime() ?? now.getTime()) + FAILURE_WINDOW_MS;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

export interface LoginThrottle {
  /** Seconds until another sign-in may be tried for this account or address; 0 when allowed. */
  retryAfter: number;
  /** Recent failures of this account, so a success clears them only when there are some. */
  accountFailures: number;
}

export async function loginThrottle(db: Database, email: string, ip: string, now = new Date()): Promise<LoginThrottle> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const isAccount = and(eq(authFailures.scope, 'account'), eq(authFailures.key, email));
  const isIp = and(eq(authFailures.scope, 'ip'), eq(authFailures.key, ip));
  // Both counts in one round trip: the usual sign-in, allowed at once, costs one query here.
  const [counts] = await db
    .select({
      account: sql<number>`count(*) filter (where ${isAccount})`.mapWith(Number),
      ip: sql<number>`count(*) filter (where ${isIp})`.mapWith(Number),
    })
    .from(authFailures)
    .where(and(gt(authFailures.at, since), or(isAccount, isIp)));
  const account = counts?.account ?? 0;
  const address = counts?.ip ?? 0;
  const waits = await Promise.all([
    account >= MAX_FAILURES_PER_ACCOUNT ? freeIn(db, 'account', email, account, MAX_FAILURES_PER_ACCOUNT, now) : 0,
    address >= MAX_FAILURES_PER_IP ? freeIn(db, 'ip', ip, address, MAX_FAILURES_PER_IP, now) : 0,
  ]);
  return { retryAfter: Math.max(...waits), accountFailures: account };
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
