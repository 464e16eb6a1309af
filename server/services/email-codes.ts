import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { emailCodes } from '../db/schema.js';

export type CodePurpose = 'activation' | 'retrieve' | 'change_email';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
export const RESEND_AFTER_MS = 60 * 1000;
export const MAX_PER_HOUR = 5;

function codeHash(purpose: CodePurpose, email: string, code: string): string {
  return createHash('sha256').update(`${purpose}:${email}:${code}`).digest('hex');
}

/** Seconds to wait before another code may be sent to this address; 0 when allowed. */
export async function resendAfter(db: Database, email: string, purpose: CodePurpose, now = new Date()): Promise<number> {
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const recent = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), gt(emailCodes.createdAt, hourAgo)))
    .orderBy(desc(emailCodes.createdAt));
  const last = recent[0];
  if (last && now.getTime() - last.createdAt.getTime() < RESEND_AFTER_MS) {
    return Math.ceil((last.createdAt.getTime() + RESEND_AFTER_MS - now.getTime()) / 1000);
  }
  if (recent.length >= MAX_PER_HOUR) {
    const oldest = recent[recent.length - 1]!;
    return Math.ceil((oldest.createdAt.getTime() + 60 * 60 * 1000 - now.getTime()) / 1000);
  }
  return 0;
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
 * Uses up the live code for this address if `code` matches. Wrong guesses count; after
 * five the code is dead. Returns the user the code was issued for (or 0 for none).
 */
export async function consumeCode(
  db: Database,
  email: string,
  purpose: CodePurpose,
  code: string,
  now = new Date(),
): Promise<{ ok: true; userId: number | null } | { ok: false }> {
  const [live] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, now)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!live || live.attempts >= MAX_ATTEMPTS) return { ok: false };
  const expected = Buffer.from(live.codeHash, 'hex');
  const given = Buffer.from(codeHash(purpose, email, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await db.update(emailCodes).set({ attempts: sql`${emailCodes.attempts} + 1` }).where(eq(emailCodes.id, live.id));
    return { ok: false };
  }
  // Two requests racing with the same code: only the one whose update lands wins.
  const used = await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.id, live.id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  return used.length === 1 ? { ok: true, userId: live.userId } : { ok: false };
}

