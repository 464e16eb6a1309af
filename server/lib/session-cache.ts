import { LRUCache } from 'lru-cache';
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
  private readonly byHash: LRUCache<string, CachedSession>;
  private readonly byUser = new Map<number, Set<string>>();
  private generation = 0;
  /** The time of the call at hand: callers (and tests) say what time it is. */
  private clock = 0;

  constructor(
    private readonly feed: Pick<ChangeFeed, 'live' | 'subscribe'>,
    options: SessionCacheOptions = {},
  ) {
    this.byHash = new LRUCache<string, CachedSession>({
      max: options.maxEntries ?? 50_000,
      ttl: options.ttlMs ?? 30_000,
      // lru-cache reads a start time of 0 as "no ttl"; the shift keeps a clock at 0 ageing.
      perf: { now: () => this.clock + 1 },
      // Every read asks the clock afresh: the callers' time, not one cached for a millisecond.
      ttlResolution: 0,
      // Evicted, expired, replaced or forgotten: the user's index no longer names it.
      dispose: (session, tokenHash) => this.unindex(tokenHash, session.user.id),
    });
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
    this.clock = now;
    return this.byHash.get(tokenHash);
  }

  remember(tokenHash: string, session: CachedSession, epoch: number, now = Date.now()): void {
    if (!this.feed.live || epoch !== this.generation) return;
    this.clock = now;
    this.byHash.set(tokenHash, session);
    let hashes = this.byUser.get(session.user.id);
    if (!hashes) {
      hashes = new Set();
      this.byUser.set(session.user.id, hashes);
    }
    hashes.add(tokenHash);
  }

  forgetUser(userId: number): void {
    this.generation += 1;
    for (const hash of [...(this.byUser.get(userId) ?? [])]) this.byHash.delete(hash);
    this.byUser.delete(userId);
  }

  forgetToken(tokenHash: string): void {
    this.generation += 1;
    this.byHash.delete(tokenHash);
  }

  clear(): void {
    this.generation += 1;
    this.byHash.clear();
    this.byUser.clear();
  }

  private unindex(tokenHash: string, userId: number): void {
    const hashes = this.byUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(userId);
  }
}
