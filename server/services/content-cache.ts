import type { ChangeFeed } from '../db/change-feed.js';

interface Entry {
  tables: readonly string[];
  value: Promise<unknown>;
  until: number;
}

/**
 * Public data every visitor reads alike (plans, banners, stores, rendered pages), kept until
 * a table it came from changes. Concurrent misses share one load. While the change feed is
 * not live, every call loads afresh.
 */
export class ContentCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly feed: Pick<ChangeFeed, 'live' | 'subscribe'>,
    /** A backstop only: changes are forgotten as soon as the database announces them. */
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 1000,
  ) {
    feed.subscribe((change) => {
      if (change.kind === 'table') this.forgetTable(change.table);
      else if (change.kind === 'reset') this.entries.clear();
    });
  }

  get<T>(key: string, tables: readonly string[], load: () => Promise<T>, ttlMs = this.ttlMs): Promise<T> {
    if (!this.feed.live) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const value = load();
    const entry: Entry = { tables, value, until: now + ttlMs };
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A failed load is not remembered: the next caller tries again.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  forgetTable(table: string): void {
    for (const [key, entry] of this.entries) {
      if (entry.tables.includes(table)) this.entries.delete(key);
    }
  }
}
