import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { copyTemplate } from './pglite-template.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface NotificationHandlers {
  /** The payload of one NOTIFY on the channel. */
  notify(payload: string): void;
  /** The listening connection broke: notifications from now on are lost until listening again. */
  lost(): void;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** LISTENs on `channel`; resolves once listening, with a function that stops. */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /** How the job queue (server/lib/queue.ts) reaches the same database. */
  jobs: { kind: 'postgres'; connectionString: string } | { kind: 'pglite'; client: PGliteClient };
}

/** The embedded database's client, as the job queue's adapter uses it. */
export type PGliteClient = import('@electric-sql/pglite').PGlite;

// Channel names go into LISTEN as they are: only plain identifiers.
function checkChannel(channel: string): void {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Made by `npm run build` next to the compiled server (dist/server/); under tsx there is none.
const pgliteTemplate = fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url));

export interface OpenOptions {
  /** postgres:// URL; when absent, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; `memory` keeps everything in memory (tests). */
  dataDir: string;
  /**
   * Tests only: an in-memory PGlite starts from this data directory tarball (`dumpDataDir`) of a
   * database already migrated and seeded, instead of running initdb and every migration again.
   */
  template?: Blob | undefined;
}

/** Opens the database and applies every pending migration before anyone can query it. */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzle(pool, { schema });
    try {
      // Servers starting together on one database migrate one at a time: the others wait on
      // this lock and then find nothing left to do.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock(7270736901)');
        await migrate(db, { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock(7270736901)').catch(() => undefined);
        lock.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    const connectionString = options.databaseUrl;
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      jobs: { kind: 'postgres', connectionString },
      // LISTEN needs a connection of its own: a pooled one goes back to the pool and its
      // notifications with it.
      async listen(channel, handlers) {
        checkChannel(channel);
        const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
        let stopped = false;
        const lost = () => {
          if (!stopped) handlers.lost();
          stopped = true;
        };
        client.on('error', lost);
        client.on('end', lost);
        client.on('notification', (message) => {
          if (message.channel === channel) handlers.notify(message.payload ?? '');
        });
        try {
          await client.connect();
          await client.query(`listen ${channel}`);
        } catch (error) {
          stopped = true;
          await client.end().catch(() => undefined);
          throw error;
        }
        return async () => {
          stopped = true;
          await client.end().catch(() => undefined);
        };
      },
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client;
  if (options.dataDir === 'memory') {
    client = options.template ? new PGlite({ loadDataDir: options.template }) : new PGlite();
  } else {
    const dir = join(options.dataDir, 'pglite');
    mkdirSync(options.dataDir, { recursive: true });
    if (!existsSync(join(dir, 'PG_VERSION')) && !copyTemplate(pgliteTemplate, dir)) {
      // Creating a database runs initdb in WebAssembly, whose memory (about 400 MB) stays
      // with the instance that ran it: create it, close it, and serve from a fresh instance.
      mkdirSync(dir, { recursive: true });
      const creator = new PGlite(dir);
      await creator.waitReady;
      await creator.close();
    }
    // The embedded database serves one developer's data set: 32 MB of buffers holds it,
    // where PostgreSQL's default 128 MB only grows the process (PGlite never gives WebAssembly memory back).
    client = new PGlite(dir, { postgresqlconf: ['shared_buffers=32MB'] });
  }
  const db = drizzle(client, { schema });
  try {
    await migrate(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    jobs: { kind: 'pglite', client },
    // In-process: a notification arrives before the statement that caused it resolves, and
    // there is no connection to lose.
    async listen(channel, handlers) {
      checkChannel(channel);
      return client.listen(channel, (payload) => handlers.notify(payload));
    },
  };
}
