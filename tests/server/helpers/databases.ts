import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { seedIfEmpty } from '../../../server/db/seed';

export type Backend = 'pglite' | 'postgres';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PGlite always; PostgreSQL too when one answers (127.0.0.1:5432 here and in CI). */
export const backends: Backend[] = (await postgresAnswers()) ? ['pglite', 'postgres'] : ['pglite'];
if (!backends.includes('postgres')) console.warn(`PostgreSQL not reachable at ${adminUrl}: server tests run on PGlite only`);

export interface TestDatabase {
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/** A fresh, migrated and seeded database of the given kind, dropped afterwards. */
export async function freshDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory' });
    await seedIfEmpty(handle.db);
    return { handle, drop: () => handle.close() };
  }
  const name = `simcard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' });
  await seedIfEmpty(handle.db);
  return {
    handle,
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
