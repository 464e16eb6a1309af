import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users, userTokens } from '../db/schema.js';

export const TOKEN_IDLE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
// Refreshing last use on every request would turn every read into a write.
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export type SessionUser = typeof users.$inferSelect;

export async function issueToken(db: Database, userId: number, now = new Date()): Promise<string> {
  const token = newToken();
  await db.insert(userTokens).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_IDLE_DAYS * DAY_MS),
  });
  return token;
}

/** The user a live token belongs to; null for a missing, unknown, expired or revoked token. */
export async function userForToken(db: Database, token: string, now = new Date()): Promise<SessionUser | null> {
  if (token.length < 20 || token.length > 200) return null;
  const rows = await db
    .select({ user: users, tokenId: userTokens.id, lastUsedAt: userTokens.lastUsedAt })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(eq(userTokens.tokenHash, hashToken(token)), isNull(userTokens.revokedAt), gt(userTokens.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(userTokens)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + TOKEN_IDLE_DAYS * DAY_MS) })
      .where(eq(userTokens.id, row.tokenId));
  }
  return row.user;
}

export async function revokeToken(db: Database, token: string, now = new Date()): Promise<void> {
  await db
    .update(userTokens)
    .set({ revokedAt: now })
    .where(and(eq(userTokens.tokenHash, hashToken(token)), isNull(userTokens.revokedAt)));
}
