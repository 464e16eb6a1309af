import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { pruneNowAndThen, rows, secondsUntil, tooMany, type Row } from './rate-limits.js';

// Sign-in limits after OWASP's authentication guidance. Failures are counted per account
// and address pair, so a stranger elsewhere slows only themselves: after 5 the pair waits,
// and each further failure doubles the wait (30 s up to 15 min). An account has a much
// higher ceiling across all addresses, and an address one across all accounts, each a
// delay until its hour ends rather than a lock. Both ceilings spare a pair that has
// signed in before, so the owner's own phone keeps working, and a busy campus or carrier
// address only slows new pairs.
export const PAIR_FREE_FAILURES = 5;
export const PAIR_IDLE_RESET_MS = 60 * 60 * 1000;
const PAIR_BASE_DELAY_S = 30;
const PAIR_MAX_DELAY_S = 15 * 60;
export const ACCOUNT_CEILING = 50;
export const ADDRESS_CEILING = 100;
export const CEILING_WINDOW_MS = 60 * 60 * 1000;
// A pair that signed in before is not held to 5 in flight (the owner's app may sign in
// from several tabs at once), but still to a bound; its first failure makes it a stranger.
const KNOWN_PAIR_IN_FLIGHT = 200;

const PAIR = 'login:pair';
const ACCOUNT = 'login:account';
const ADDRESS = 'login:ip';

export interface LoginAttempt {
  email: string;
  ip: string;
  pairKey: string;
  /** The pair signed in successfully before. */
  known: boolean;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const delaySql = (count: ReturnType<typeof sql>) =>
  sql`make_interval(secs => least(${PAIR_MAX_DELAY_S}::float8, ${PAIR_BASE_DELAY_S}::float8 * power(2, greatest(${count} - ${PAIR_FREE_FAILURES}::int, 0))))`;

/**
 * Counts this attempt before the password is checked, in one statement: the pair first,
 * then (for a pair that never signed in) the account and the address. The 5th attempt of
 * a pair already reserves the wait a 5th failure earns, so of any number of concurrent
 * guesses at most 5 reach the password check; the owner's success lifts it again.
 * Throws 429 with the wait when any of them is used up.
 */
export async function beginLogin(db: Database, email: string, ip: string, now = new Date()): Promise<LoginAttempt> {
  const pairKey = `${email}|${ip}`;
  pruneNowAndThen(db, now);
  const idle = sql`rate_limits.window_start <= ${at(new Date(now.getTime() - PAIR_IDLE_RESET_MS))}`;
  const hourOld = sql`rate_limits.window_start <= ${at(new Date(now.getTime() - CEILING_WINDOW_MS))}`;
  const next = sql`(case when ${idle} then 1 else rate_limits.count + 1 end)`;
  const counted = await rows(
    db,
    sql`with pair as (
        insert into rate_limits (bucket, key, window_start, count) values (${PAIR}, ${pairKey}, ${at(now)}, 1)
        on conflict (bucket, key) do update set
          count = ${next},
          window_start = ${at(now)},
          blocked_until = case
            when ${idle} then null
            when rate_limits.amount = 0 and ${next} >= ${PAIR_FREE_FAILURES}::int then ${at(now)} + ${delaySql(next)}
            else rate_limits.blocked_until end
        where ${idle} or ((rate_limits.blocked_until is null or rate_limits.blocked_until <= ${at(now)})
          and (rate_limits.amount = 0 or rate_limits.count < ${KNOWN_PAIR_IN_FLIGHT}::int))
        returning bucket, key, count, amount, window_start, blocked_until
      ), ceilings as (
        insert into rate_limits (bucket, key, window_start, count)
        select v.bucket, v.key, ${at(now)}, 1 from (values (${ACCOUNT}, ${email}), (${ADDRESS}, ${ip})) as v(bucket, key)
        where exists (select 1 from pair where pair.amount = 0)
        on conflict (bucket, key) do update set
          count = case when ${hourOld} then 1 else rate_limits.count + 1 end,
          window_start = case when ${hourOld} then ${at(now)} else rate_limits.window_start end
        where ${hourOld} or rate_limits.count < (case rate_limits.bucket when ${ACCOUNT} then ${ACCOUNT_CEILING}::int else ${ADDRESS_CEILING}::int end)
        returning bucket, key, count, amount, window_start, blocked_until
      )
      select * from pair union all select * from ceilings`,
  );
  const pair = counted.find((r) => r.bucket === PAIR);
  const known = (pair?.amount ?? 0) > 0;
  if (pair && (known || counted.length === 3)) return { email, ip, pairKey, known };
  throw tooMany('RATE_LIMITED', await refusedFor(db, email, ip, pairKey, counted, now), 'api.retryInMinutes');
}

/** Undoes the counts a refused attempt made and says how long the refusal lasts. */
async function refusedFor(
  db: Database,
  email: string,
  ip: string,
  pairKey: string,
  counted: Row[],
  now: Date,
): Promise<number> {
  for (const row of counted) {
    await db.execute(
      sql`update rate_limits set count = greatest(count - 1, 0) where bucket = ${row.bucket} and key = ${row.key}`,
    );
  }
  const held = await rows(
    db,
    sql`select * from rate_limits where (bucket = ${PAIR} and key = ${pairKey}) or (bucket = ${ACCOUNT} and key = ${email}) or (bucket = ${ADDRESS} and key = ${ip})`,
  );
  const waits = held.map((row) => {
    if (row.bucket === PAIR)
      return row.blockedUntil && row.blockedUntil > now ? secondsUntil(row.blockedUntil, now) : 0;
    const ceiling = row.bucket === ACCOUNT ? ACCOUNT_CEILING : ADDRESS_CEILING;
    const ends = new Date(row.windowStart.getTime() + CEILING_WINDOW_MS);
    return row.count >= ceiling && ends > now ? secondsUntil(ends, now) : 0;
  });
  return Math.max(1, ...waits);
}

/** A success: the pair is known from now on and starts afresh; its attempt leaves the ceilings. */
export async function loginSucceeded(db: Database, attempt: LoginAttempt): Promise<void> {
  await db.execute(
    sql`update rate_limits set
        count = case when bucket = ${PAIR} then 0 else greatest(count - 1, 0) end,
        amount = case when bucket = ${PAIR} then 1 else amount end,
        blocked_until = case when bucket = ${PAIR} then null else blocked_until end
      where (bucket = ${PAIR} and key = ${attempt.pairKey})
        or (${!attempt.known}::boolean and ((bucket = ${ACCOUNT} and key = ${attempt.email}) or (bucket = ${ADDRESS} and key = ${attempt.ip})))`,
  );
}

/** A failure from a known pair: it is a stranger again, and waits as one would. */
export async function loginFailed(db: Database, attempt: LoginAttempt, now = new Date()): Promise<void> {
  if (!attempt.known) return;
  await db.execute(
    sql`update rate_limits set amount = 0,
        blocked_until = case when count >= ${PAIR_FREE_FAILURES}::int then ${at(now)} + ${delaySql(sql`count`)} else blocked_until end
      where bucket = ${PAIR} and key = ${attempt.pairKey}`,
  );
}

/**
 * The customer just proved the password from this address (registering, or setting it by
 * an e-mailed code): the pair counts as known, as after a sign-in.
 */
export async function rememberPair(db: Database, email: string, ip: string, now = new Date()): Promise<void> {
  await db.execute(
    sql`insert into rate_limits (bucket, key, window_start, count, amount) values (${PAIR}, ${`${email}|${ip}`}, ${at(now)}, 0, 1)
      on conflict (bucket, key) do update set count = 0, amount = 1, blocked_until = null`,
  );
}

/** A password set by an e-mailed code: the account's failures no longer matter. */
export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await db.execute(
    sql`delete from rate_limits where (bucket = ${ACCOUNT} and key = ${email}) or (bucket = ${PAIR} and key like ${`${email.replace(/[\\%_]/g, '\\$&')}|%`})`,
  );
}
