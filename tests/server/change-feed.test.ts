import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { parseChange, startChangeFeed, type Change } from '../../server/db/change-feed';
import type { DatabaseHandle, NotificationHandlers } from '../../server/db/client';
import { pages } from '../../server/db/schema';
import { SessionCache } from '../../server/lib/session-cache';
import { backends, freshDatabase } from './helpers/databases';

const quietLog = { warn: () => undefined, info: () => undefined };

/** A database whose listening connection the test breaks and restores at will. */
async function flakyDatabase(kind: 'pglite' | 'postgres') {
  const real = (await freshDatabase('pglite')).handle;
  let handlers: NotificationHandlers | null = null;
  let refuse = false;
  let listens = 0;
  const handle: DatabaseHandle = {
    db: real.db,
    kind,
    close: () => real.close(),
    jobs: real.jobs,
    async listen(_channel, h) {
      if (refuse) throw new Error('connection refused');
      listens += 1;
      handlers = h;
      return async () => {
        handlers = null;
      };
    },
  };
  return {
    handle,
    notify: (payload: string) => handlers?.notify(payload),
    breakConnection: () => handlers?.lost(),
    refuse: (value: boolean) => (refuse = value),
    listens: () => listens,
  };
}

describe('the change feed', () => {
  it('reads the payloads the triggers send, and nothing else', () => {
    expect(parseChange('user:42')).toEqual({ kind: 'user', userId: 42 });
    expect(parseChange('table:plans')).toEqual({ kind: 'table', table: 'plans' });
    for (const junk of ['user:', 'user:4x', 'table:Plans;drop', 'ping:1', '']) expect(parseChange(junk)).toBeNull();
  });

  it('says "reset" when the connection breaks, stays off while it cannot listen, then comes back', async () => {
    const db = await flakyDatabase('pglite');
    const feed = await startChangeFeed(db.handle, { log: quietLog, retryMs: 10 });
    const seen: Change[] = [];
    feed.subscribe((c) => seen.push(c));
    expect(feed.live).toBe(true);
    db.notify('user:7');
    expect(seen).toEqual([{ kind: 'user', userId: 7 }]);

    db.refuse(true);
    db.breakConnection();
    expect(feed.live).toBe(false);
    expect(seen.at(-1)).toEqual({ kind: 'reset' });
    const tries = db.listens();
    db.refuse(false);
    await vi.waitFor(async () => expect(feed.live).toBe(true), { timeout: 5000, interval: 25 });
    expect(db.listens()).toBeGreaterThan(tries);
    await feed.close();
    await db.handle.close();
  });

  it('takes a PostgreSQL connection that stopped delivering as lost, though it never said so', async () => {
    // The pings go out through the database, but this listener never hears them.
    const db = await flakyDatabase('postgres');
    const feed = await startChangeFeed(db.handle, { log: quietLog, retryMs: 10_000, heartbeatMs: 20 });
    const seen: Change[] = [];
    feed.subscribe((c) => seen.push(c));
    await vi.waitFor(async () => expect(seen).toContainEqual({ kind: 'reset' }), { timeout: 5000, interval: 25 });
    expect(feed.live).toBe(false);
    await feed.close();
    await db.handle.close();
  });
});

describe('the session cache', () => {
  const user = (id: number) => ({
    id,
    username: `u${id}`,
    email: null,
    passwordHash: null,
    mobile: null,
    lang: 'cn',
    createdAt: new Date(),
  });
  const session = (id: number) => ({
    user: user(id),
    tokenId: id,
    lastUsedAt: new Date(),
    expiresAt: new Date(Date.now() + 60_000),
  });

  function liveFeed() {
    const listeners: ((c: Change) => void)[] = [];
    return {
      live: true,
      subscribe(listener: (c: Change) => void) {
        listeners.push(listener);
        return () => undefined;
      },
      send: (c: Change) => listeners.forEach((l) => l(c)),
    };
  }

  it('does not keep what was read before a change arrived', () => {
    const feed = liveFeed();
    const cache = new SessionCache(feed);
    const before = cache.epoch;
    // The row was read, then the user changed, then the read finishes.
    feed.send({ kind: 'user', userId: 1 });
    cache.remember('h1', session(1), before);
    expect(cache.get('h1')).toBeUndefined();
    cache.remember('h1', session(1), cache.epoch);
    expect(cache.get('h1')?.user.id).toBe(1);
  });

  it('forgets every session of a changed user, and answers nothing while the feed is off', () => {
    const feed = liveFeed();
    const cache = new SessionCache(feed);
    cache.remember('a', session(1), cache.epoch);
    cache.remember('b', session(1), cache.epoch);
    cache.remember('c', session(2), cache.epoch);
    feed.send({ kind: 'user', userId: 1 });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.user.id).toBe(2);
    feed.live = false;
    expect(cache.get('c')).toBeUndefined();
  });

  it('lets entries age out and keeps within its size', () => {
    const feed = liveFeed();
    const cache = new SessionCache(feed, { ttlMs: 1000, maxEntries: 2 });
    cache.remember('a', session(1), cache.epoch, 0);
    cache.remember('b', session(2), cache.epoch, 0);
    cache.remember('c', session(3), cache.epoch, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 10)).toBeUndefined();
    expect(cache.get('c', 10)?.user.id).toBe(3);
    expect(cache.get('c', 2000)).toBeUndefined();
  });
});

describe.each(backends)('the triggers on %s', (backend) => {
  it('announce a changed rich-text page: drawn pages show the terms', async () => {
    const t = await freshDatabase(backend);
    const feed = await startChangeFeed(t.handle, { log: quietLog });
    const seen: Change[] = [];
    feed.subscribe((change) => seen.push(change));
    try {
      await t.handle.db.update(pages).set({ titleCn: '新服务条款' }).where(eq(pages.name, 'terms'));
      await vi.waitFor(() => expect(seen).toContainEqual({ kind: 'table', table: 'pages' }), {
        timeout: 5000,
        interval: 25,
      });
    } finally {
      await feed.close();
      await t.drop();
    }
  });
});
