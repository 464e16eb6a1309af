import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Lang } from '../../contract/api.js';
import type { Database } from '../db/client.js';
import { smsCodes, users } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { message } from '../lib/messages.js';
import type { SmsProvider } from '../notifications/index.js';
import { resetLimit, takeAll, type Limit } from '../lib/rate-limits.js';
import { verifyPassword } from '../lib/passwords.js';
import type { SessionCache } from '../lib/session-cache.js';
import type { SessionUser } from '../lib/sessions.js';

// Sending SMS costs money and can be abused to flood a stranger's phone, so every number,
// account and address is limited: one per minute, 5 an hour and 10 a day per number, 20
// an hour per account and per address. Each is one atomic counter in rate_limits.
const TTL_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS = 5;
const HOUR = 3_600_000;
export const SMS_LIMITS = {
  perMinute: { bucket: 'sms:minute', limit: 1, windowMs: 60_000 },
  perHour: { bucket: 'sms:hour', limit: 5, windowMs: HOUR },
  perDay: { bucket: 'sms:day', limit: 10, windowMs: 24 * HOUR },
  perAccountHour: { bucket: 'sms:account', limit: 20, windowMs: HOUR },
  perIpHour: { bucket: 'sms:ip', limit: 20, windowMs: HOUR },
} satisfies Record<string, Limit>;

/** Code checks per account and number, as many as a code allows; a new code starts afresh. */
export const SMS_CODE_CHECKS: Limit = { bucket: 'sms:check', limit: MAX_ATTEMPTS, windowMs: TTL_MS + 60_000 };

/** Password checks when moving an account to another number: as strict as a sign-in pair. */
export const REBIND_PASSWORD_LIMIT: Limit = { bucket: 'sms:rebind-password', limit: 5, windowMs: 15 * 60_000 };

const hashCode = (mobile: string, code: string) => createHash('sha256').update(`bind:${mobile}:${code}`).digest('hex');

export async function sendBindCode(
  db: Database,
  sms: SmsProvider,
  user: SessionUser,
  mobile: string,
  ip: string,
  lang: Lang,
  now = new Date(),
) {
  const t = now.getTime();
  // The account's and address's limits come before anything that depends on the number, so
  // asking whether numbers are taken costs the same quota as sending codes to them.
  await takeAll(
    db,
    [
      [SMS_LIMITS.perAccountHour, String(user.id)],
      [SMS_LIMITS.perIpHour, ip],
    ],
    undefined,
    now,
  );
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), ne(users.id, user.id)))
    .limit(1);
  if (other) throw new ApiError('MOBILE_TAKEN', 200, { mobile: 'MOBILE_TAKEN' });
  await takeAll(db, [[SMS_LIMITS.perMinute, mobile]], { key: 'CODE_TOO_SOON' }, now);
  await takeAll(
    db,
    [
      [SMS_LIMITS.perHour, mobile],
      [SMS_LIMITS.perDay, mobile],
    ],
    undefined,
    now,
  );
  await resetLimit(db, SMS_CODE_CHECKS, `${user.id}:${mobile}`);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(smsCodes).values({
    mobile,
    userId: user.id,
    ip,
    codeHash: hashCode(mobile, code),
    createdAt: now,
    expiresAt: new Date(t + TTL_MS),
  });
  await sms.send(mobile, message(lang, 'sms.bind', { code, minutes: 10, site: message(lang, 'app.name') }));
}

/** Binds (or rebinds, after the password) the number the code was sent to. */
export async function bindMobile(
  db: Database,
  user: SessionUser,
  input: { mobile: string; code: string; password?: string | undefined },
  sessions: SessionCache | null = null,
  now = new Date(),
): Promise<SessionUser> {
  if (user.mobile && user.mobile !== input.mobile && user.passwordHash) {
    // Rebinding moves where codes go: it needs the password, not just an open session.
    if (!input.password) throw new ApiError('PASSWORD_REQUIRED', 200, { password: 'PASSWORD_REQUIRED' });
    // An open session on a borrowed phone must not become a password-guessing oracle.
    await takeAll(db, [[REBIND_PASSWORD_LIMIT, String(user.id)]], undefined, now);
    if (!(await verifyPassword(user.passwordHash, input.password)))
      throw new ApiError('PASSWORD_WRONG', 200, { password: 'PASSWORD_WRONG' });
  }
  // Past a code's guesses the answer is 429, as for every limit, not one more CODE_WRONG.
  await takeAll(db, [[SMS_CODE_CHECKS, `${user.id}:${input.mobile}`]], { key: 'CODE_ATTEMPTS' }, now);
  const liveId = db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.mobile, input.mobile),
        eq(smsCodes.userId, user.id),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  const wrong = () => new ApiError('CODE_WRONG', 200, { code: 'CODE_WRONG' });
  // Counted before the comparison in one conditional update: concurrent guesses queue on
  // the row and at most five are ever compared.
  const [live] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, liveId), lt(smsCodes.attempts, MAX_ATTEMPTS), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash });
  if (!live) throw wrong();
  if (!timingSafeEqual(Buffer.from(live.codeHash, 'hex'), Buffer.from(hashCode(input.mobile, input.code), 'hex')))
    throw wrong();
  const used = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, live.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (used.length === 0) throw wrong();
  try {
    const [updated] = await db.update(users).set({ mobile: input.mobile }).where(eq(users.id, user.id)).returning();
    sessions?.forgetUser(user.id);
    return updated!;
  } catch {
    throw new ApiError('MOBILE_TAKEN', 200, { mobile: 'MOBILE_TAKEN' });
  }
}
