import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { emailCodes } from '../db/schema.js';
import { takeAll, type Limit } from '../lib/rate-limits.js';

export type CodePurpose = 'activation' | 'retrieve' | 'change_email';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS = 5;

/**
 * Code checks per address and purpose, as many as a code allows, counted before anything is
 * looked up: the refusal (429) is the same whether or not the address has an account or a
 * code. The window outlasts any code it guards; sending a new code starts it afresh.
 */
export const CODE_CHECKS: Limit = { bucket: 'email:check', limit: MAX_ATTEMPTS, windowMs: CODE_TTL_MS + 60_000 };
export const codeChecksKey = (purpose: CodePurpose, email: string) => `${purpose}:${email}`;

function codeHash(purpose: CodePurpose, email: string, code: string): string {
  return createHash('sha256').update(`${purpose}:${email}:${code}`).digest('hex');
}

/** A fresh 6-digit code; earlier unused codes for the same purpose stop working. */
export async function issueCode(
  db: Database,
  email: string,
  purpose: CodePurpose,
  userId: number | null,
  now = new Date(),
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
    await tx.insert(emailCodes).values({
      email,
      purpose,
      userId,
      codeHash: codeHash(purpose, email, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  return code;
}

/**
 * Uses up the live code for this address if `code` matches. The attempt is counted before
 * the comparison, in one conditional update, so concurrent guesses queue on the row and
 * at most five are ever compared; after five the code is dead, the right one included, and
 * further checks answer 429 (CODE_CHECKS) until a new code is sent.
 */
export async function consumeCode(
  db: Database,
  email: string,
  purpose: CodePurpose,
  code: string,
  now = new Date(),
): Promise<{ ok: true; userId: number | null } | { ok: false }> {
  await takeAll(db, [[CODE_CHECKS, codeChecksKey(purpose, email)]], { key: 'CODE_ATTEMPTS' }, now);
  const live = db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.email, email),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  const [counted] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, live), lt(emailCodes.attempts, MAX_ATTEMPTS), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id, codeHash: emailCodes.codeHash, userId: emailCodes.userId });
  if (!counted) return { ok: false };
  const expected = Buffer.from(counted.codeHash, 'hex');
  const given = Buffer.from(codeHash(purpose, email, code), 'hex');
  if (!timingSafeEqual(expected, given)) return { ok: false };
  // Two requests racing with the same code: only the one whose update lands wins.
  const used = await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.id, counted.id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  return used.length === 1 ? { ok: true, userId: counted.userId } : { ok: false };
}
