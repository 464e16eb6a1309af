import type { ChangeFeed } from '../db/change-feed.js';
import type { users } from '../db/schema.js';

// The account row itself rather than sessions.ts's SessionUser (the same type): sessions.ts
// uses this cache, and the cache must not import it back.
export interface CachedSession {
  user: typeof users.$inferSelect;
  tokenId: number;
  lastUsedAt: Date;
  expiresAt: Date;
}

interface Entry extends CachedSession {
  cachedAt: number;
}

export interface SessionCacheOptions {
  /** A backstop only: changes are forgotten as soon as the database announces them. */
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * Live sessions by token hash, so a signed-in request does not read the database each
 * time. It serves only while the change feed is live; a changed or revoked account or
 * token is dropped when its trigger's notification arrives, and at once by this process's
 * own writes, which must not wait for the round trip.
 */
export class SessionCache {
  private readonly byHash = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly feed: Pick<ChangeFeed, 'live' | 'subscribe'>,
    options: SessionCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 50_000;
    feed.subscribe((change) => {
      if (change.kind === 'user') this.forgetUser(change.userId);
      else if (change.kind === 'reset') this.clear();
    });
  }

  /**
   * Taken before a database read: a result read while anything was forgotten may predate
   * that change, so `remember` drops it.
   */
  get epoch(): number {
    return this.generation;
  }

  get size(): number {
    return this.byHash.size;
  }

  get(tokenHash: string, now = Date.now()): CachedSession | undefined {
    if (!this.feed.live) return undefined;
    const entry = this.byHash.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.ttlMs) {
      this.drop(tokenHash, entry.user.id);
      return undefined;
    }
    return entry;
  }

  remember(tokenHash: string, session: CachedSession, epoch: number, now = Date.now()): void {
    if (!this.feed.live || epoch !== this.generation) return;
    if (this.byHash.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first entry is the oldest.
      const oldest = this.byHash.entries().next().value;
      if (oldest) this.drop(oldest[0], oldest[1].user.id);
    }
    this.byHash.set(tokenHash, { ...session, cachedAt: now });
    let hashes = this.byUser.get(session.user.id);
    if (!hashes) {
      hashes = new Set();
      this.byUser.set(session.user.id, hashes);
    }
    hashes.add(tokenHash);
  }

  forgetUser(userId: number): void {
    this.generation += 1;
    for (const hash of this.byUser.get(userId) ?? []) this.byHash.delete(hash);
    this.byUser.delete(userId);
  }

  forgetToken(tokenHash: string): void {
    this.generation += 1;
    const entry = this.byHash.get(tokenHash);
    if (entry) this.drop(tokenHash, entry.user.id);
  }

  clear(): void {
    this.generation += 1;
    this.byHash.clear();
    this.byUser.clear();
  }

  private drop(tokenHash: string, userId: number): void {
    this.byHash.delete(tokenHash);
    const hashes = this.byUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(userId);
  }
}
