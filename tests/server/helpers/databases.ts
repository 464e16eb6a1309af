import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { seedIfEmpty } from '../../../server/db/seed';

export type Backend = 'pglite' | 'postgres';

// Made once per run by tests/global-setup.ts.
const pgliteTemplatePath = inject('pgliteTemplate');
const postgresTemplate = inject('postgresTemplate');
const adminUrl = inject('postgresAdminUrl');
if (!pgliteTemplatePath)
  throw new Error('No database template: tests/global-setup.ts did not run (run tests with vitest.config.ts)');

/** PGlite always; PostgreSQL too when one answers (127.0.0.1:5432 here and in CI). */
export const backends: Backend[] = postgresTemplate ? ['pglite', 'postgres'] : ['pglite'];

let pgliteTemplate: Promise<Blob> | undefined;

export interface TestDatabase {
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/** A fresh, migrated and seeded database of the given kind, dropped afterwards. */
export async function freshDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    pgliteTemplate ??= readFile(pgliteTemplatePath).then((tarball) => new Blob([tarball]));
    const handle = await openDatabase({ dataDir: 'memory', template: await pgliteTemplate });
    // On a copy of a current template the migrations and the seed find nothing to do.
    await seedIfEmpty(handle.db);
    return { handle, drop: () => handle.close() };
  }
  if (!postgresTemplate) throw new Error('PostgreSQL does not answer: no postgres backend in this run');
  const name = `simcard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${postgresTemplate}`);
  // Dated, so that tests/global-setup.ts can drop what an interrupted run left behind.
  await admin.query(`comment on database ${name} is '${new Date().toISOString()}'`);
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
