import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.js';

// Triggers (migration 0007) announce changed accounts, sessions and public content on this
// channel, whoever made the change: this server, another server process, a staff command
// or a hand-written UPDATE. Caches in this process serve only while they hear it.
export const CHANGES_CHANNEL = 'app_changes';

export type Change =
  | { kind: 'user'; userId: number }
  | { kind: 'table'; table: string }
  /** Changes may have been missed: forget everything. */
  | { kind: 'reset' };

export interface ChangeFeed {
  /** True while every committed change is known to reach this process. */
  readonly live: boolean;
  subscribe(listener: (change: Change) => void): () => void;
  close(): Promise<void>;
}

export function parseChange(payload: string): Change | null {
  const [kind, value = ''] = payload.split(':', 2);
  if (kind === 'user' && /^\d+$/.test(value)) return { kind: 'user', userId: Number(value) };
  if (kind === 'table' && /^[a-z_]+$/.test(value)) return { kind: 'table', table: value };
  return null;
}

export interface ChangeFeedOptions {
  log: { warn(obj: object, msg: string): void; info(msg: string): void };
  /** How long to wait before listening again after the connection broke. */
  retryMs?: number;
  /**
   * PostgreSQL only: a connection can die without saying so. Every interval the feed sends
   * itself a ping; one that has not come back by the next is taken as a lost connection.
   */
  heartbeatMs?: number;
}

export async function startChangeFeed(database: DatabaseHandle, options: ChangeFeedOptions): Promise<ChangeFeed> {
  const listeners = new Set<(change: Change) => void>();
  const retryMs = options.retryMs ?? 2000;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  let live = false;
  let closed = false;
  let stop: (() => Promise<void>) | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let pingSent = 0;
  let pingSeen = 0;
  const pingPrefix = `ping:${process.pid}:${Math.random().toString(36).slice(2)}:`;

  const emit = (change: Change) => {
    for (const listener of listeners) listener(change);
  };

  const lost = () => {
    if (!live) return;
    live = false;
    emit({ kind: 'reset' });
    options.log.warn({ channel: CHANGES_CHANNEL }, 'change notifications lost; caches are off until listening again');
    const previous = stop;
    stop = null;
    void previous?.();
    scheduleRetry();
  };

  const connect = async () => {
    try {
      stop = await database.listen(CHANGES_CHANNEL, {
        notify(payload) {
          if (payload.startsWith(pingPrefix)) {
            pingSeen = Math.max(pingSeen, Number(payload.slice(pingPrefix.length)));
            return;
          }
          const change = parseChange(payload);
          if (change) emit(change);
        },
        lost,
      });
      if (closed) {
        await stop();
        return;
      }
      pingSent = pingSeen;
      live = true;
    } catch (error) {
      options.log.warn({ err: error }, 'cannot listen for change notifications; caches are off');
      scheduleRetry();
    }
  };

  function scheduleRetry() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
  }

  await connect();

  const heartbeat =
    database.kind === 'postgres'
      ? setInterval(() => {
          if (!live) return;
          if (pingSeen < pingSent) {
            lost();
            return;
          }
          pingSent += 1;
          database.db
            .execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${pingPrefix + pingSent})`)
            .catch(() => undefined);
        }, heartbeatMs)
      : null;
  heartbeat?.unref();

  return {
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      live = false;
      if (heartbeat) clearInterval(heartbeat);
      if (retryTimer) clearTimeout(retryTimer);
      await stop?.();
      stop = null;
    },
  };
}
