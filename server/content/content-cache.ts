import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from '../db/change-feed.js';

interface Entry {
  tables: readonly string[];
  value: Promise<unknown>;
}

/**
 * Public data every visitor reads alike (plans, banners, stores, rendered pages), kept until
 * a table it came from changes. Concurrent misses share one load. While the change feed is
 * not live, every call loads afresh.
 */
export class ContentCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(
    private readonly feed: Pick<ChangeFeed, 'live' | 'subscribe'>,
    /** A backstop only: changes are forgotten as soon as the database announces them. */
    private readonly ttlMs = 60_000,
    maxEntries = 1000,
  ) {
    this.entries = new LRUCache<string, Entry>({ max: maxEntries, ttl: ttlMs });
    feed.subscribe((change) => {
      if (change.kind === 'table') this.forgetTable(change.table);
      else if (change.kind === 'reset') this.entries.clear();
    });
  }

  get<T>(key: string, tables: readonly string[], load: () => Promise<T>, ttlMs = this.ttlMs): Promise<T> {
    if (!this.feed.live) return load();
    const hit = this.entries.get(key);
    if (hit) return hit.value as Promise<T>;
    const value = load();
    const entry: Entry = { tables, value };
    this.entries.set(key, entry, { ttl: ttlMs });
    // A failed load is not remembered: the next caller tries again.
    value.catch(() => {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  forgetTable(table: string): void {
    // Keys first: the cache is not changed while it is walked.
    const stale = [...this.entries.entries()].filter(([, entry]) => entry.tables.includes(table));
    for (const [key] of stale) this.entries.delete(key);
  }
}
