import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { handoffTokens, users, userTokens } from '../db/schema.js';
import type { SessionCache } from './session-cache.js';

export const TOKEN_IDLE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
// Refreshing last use on every request would turn every read into a write.
const TOUCH_EVERY_MS = 60 * 60 * 1000;

// One-shot: a Hash object per signed-in request was a tenth of a read's time in the collector.
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
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

/** The user of a token this process remembers as live and recently used, without waiting. */
function rememberedUser(cache: SessionCache, tokenHash: string, nowMs: number): SessionUser | undefined {
  const hit = cache.get(tokenHash, nowMs);
  if (hit && hit.expiresAt.getTime() > nowMs && nowMs - hit.lastUsedAt.getTime() <= TOUCH_EVERY_MS) return hit.user;
  return undefined;
}

/**
 * userForToken's answer when memory has it (most signed-in requests), so the caller can go on
 * at once; undefined when only the database can say (the caller then asks userForToken).
 */
export function userForTokenNow(token: string, cache: SessionCache): SessionUser | undefined {
  if (token.length < 20 || token.length > 200) return undefined;
  return rememberedUser(cache, seenHash(token), Date.now());
}

// A phone sends the same token with every request, and its hash was a twentieth of a
// signed-in read. The hash of a token never changes, so nothing here goes stale when its
// session ends (the session cache says whether it is live). The tokens sit in this process's
// memory as they do while each request runs; bounded, so made-up tokens only empty it.
const SEEN_HASHES_MAX = 10_000;
const seenHashes = new Map<string, string>();

function seenHash(token: string): string {
  let tokenHash = seenHashes.get(token);
  if (tokenHash === undefined) {
    if (seenHashes.size >= SEEN_HASHES_MAX) seenHashes.clear();
    tokenHash = hashToken(token);
    seenHashes.set(token, tokenHash);
  }
  return tokenHash;
}

/**
 * The user a live token belongs to; null for a missing, unknown, expired or revoked token.
 * With a cache, a session seen recently is answered from memory (see SessionCache).
 */
export async function userForToken(
  db: Database,
  token: string,
  cache: SessionCache | null = null,
  now = new Date(),
): Promise<SessionUser | null> {
  if (token.length < 20 || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const hit = cache ? rememberedUser(cache, tokenHash, now.getTime()) : undefined;
  if (hit) return hit;

  const epoch = cache?.epoch ?? 0;
  const rows = await db
    .select({ user: users, tokenId: userTokens.id, lastUsedAt: userTokens.lastUsedAt, expiresAt: userTokens.expiresAt })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(eq(userTokens.tokenHash, tokenHash), isNull(userTokens.revokedAt), gt(userTokens.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    const expiresAt = new Date(now.getTime() + TOKEN_IDLE_DAYS * DAY_MS);
    await db.update(userTokens).set({ lastUsedAt: now, expiresAt }).where(eq(userTokens.id, row.tokenId));
    // The next request reads the touched row afresh and remembers that one.
    cache?.forgetUser(row.user.id);
    return row.user;
  }
  cache?.remember(
    tokenHash,
    { user: row.user, tokenId: row.tokenId, lastUsedAt: row.lastUsedAt, expiresAt: row.expiresAt },
    epoch,
    now.getTime(),
  );
  return row.user;
}

export async function revokeToken(
  db: Database,
  token: string,
  cache: SessionCache | null = null,
  now = new Date(),
): Promise<void> {
  await db
    .update(userTokens)
    .set({ revokedAt: now })
    .where(and(eq(userTokens.tokenHash, hashToken(token)), isNull(userTokens.revokedAt)));
  cache?.forgetToken(hashToken(token));
}

/**
 * Ends the account's hand-off links and mini-program tickets not used yet: each signs in
 * whoever holds it, so none may outlive a logout or a new password. Call it before revoking
 * tokens, in the same transaction: a redemption that got in first then holds the link's row
 * until its session is committed, and the revocation that follows sees that session too.
 */
export async function endHandoffs(db: Database, userId: number): Promise<void> {
  await db.delete(handoffTokens).where(and(eq(handoffTokens.userId, userId), isNull(handoffTokens.usedAt)));
}

/** Logout: this session's token, and every link or ticket the account still has out. */
export async function signOut(
  db: Database,
  userId: number,
  token: string,
  cache: SessionCache | null = null,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await endHandoffs(tx, userId);
    await revokeToken(tx, token, null, now);
  });
  cache?.forgetToken(hashToken(token));
}
