import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Lang } from '../../contract/api.js';
import type { Database } from '../db/client.js';
import { smsCodes, users } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { message } from '../lib/messages.js';
import type { SmsProvider } from '../providers/sms/sms-provider.js';
import { verifyPassword } from './passwords.js';
import type { SessionCache } from './session-cache.js';
import type { SessionUser } from './sessions.js';

// Sending SMS costs money and can be abused to flood a stranger's phone, so every number
// and every address is limited: one per minute, 5 an hour and 10 a day per number, 20 an
// hour per address.
const TTL_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS = 5;
const LIMITS = { perMinute: 1, perHour: 5, perDay: 10, perIpHour: 20 };

const hashCode = (mobile: string, code: string) => createHash('sha256').update(`bind:${mobile}:${code}`).digest('hex');

async function countSince(db: Database, column: typeof smsCodes.mobile | typeof smsCodes.ip, value: string, since: Date) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsCodes)
    .where(and(eq(column, value), gt(smsCodes.createdAt, since)));
  return n;
}

export async function sendBindCode(db: Database, sms: SmsProvider, user: SessionUser, mobile: string, ip: string, lang: Lang, now = new Date()) {
  const [other] = await db.select({ id: users.id }).from(users).where(and(eq(users.mobile, mobile), ne(users.id, user.id))).limit(1);
  if (other) throw new ApiError('MOBILE_TAKEN', 200, { mobile: 'MOBILE_TAKEN' });
  const t = now.getTime();
  if ((await countSince(db, smsCodes.mobile, mobile, new Date(t - 60_000))) >= LIMITS.perMinute) {
    throw new ApiError('CODE_TOO_SOON', 200, undefined, { seconds: 60 });
  }
  if (
    (await countSince(db, smsCodes.mobile, mobile, new Date(t - 3_600_000))) >= LIMITS.perHour ||
    (await countSince(db, smsCodes.mobile, mobile, new Date(t - 86_400_000))) >= LIMITS.perDay ||
    (await countSince(db, smsCodes.ip, ip, new Date(t - 3_600_000))) >= LIMITS.perIpHour
  ) {
    throw new ApiError('RATE_LIMITED');
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(smsCodes).values({ mobile, userId: user.id, ip, codeHash: hashCode(mobile, code), createdAt: now, expiresAt: new Date(t + TTL_MS) });
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
    if (!(await verifyPassword(user.passwordHash, input.password))) throw new ApiError('PASSWORD_WRONG', 200, { password: 'PASSWORD_WRONG' });
  }
  const [live] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, input.mobile), eq(smsCodes.userId, user.id), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  const wrong = () => new ApiError('CODE_WRONG', 200, { code: 'CODE_WRONG' });
  if (!live || live.attempts >= MAX_ATTEMPTS) throw wrong();
  if (!timingSafeEqual(Buffer.from(live.codeHash, 'hex'), Buffer.from(hashCode(input.mobile, input.code), 'hex'))) {
    await db.update(smsCodes).set({ attempts: sql`${smsCodes.attempts} + 1` }).where(eq(smsCodes.id, live.id));
    throw wrong();
  }
  const used = await db.update(smsCodes).set({ usedAt: now }).where(and(eq(smsCodes.id, live.id), isNull(smsCodes.usedAt))).returning({ id: smsCodes.id });
  if (used.length === 0) throw wrong();
  try {
    const [updated] = await db.update(users).set({ mobile: input.mobile }).where(eq(users.id, user.id)).returning();
    sessions?.forgetUser(user.id);
    return updated!;
  } catch {
    throw new ApiError('MOBILE_TAKEN', 200, { mobile: 'MOBILE_TAKEN' });
  }
}
