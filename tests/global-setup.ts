// Every server and end-to-end test starts from its own fresh, migrated and seeded database.
// Making one takes about 5 s on PGlite (initdb in WebAssembly, then every migration), so it is
// made once here and each test copies it: PGlite from a data directory tarball (about 1 s),
// PostgreSQL with CREATE DATABASE ... TEMPLATE. Both are kept between runs under a hash of what
// shapes them (server/db and the PGlite version): a change to a migration or the seed makes a new one.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a PGlite data directory tarball, migrated and seeded. */
    pgliteTemplate: string;
    /** PostgreSQL database to copy, migrated and seeded; null when PostgreSQL does not answer. */
    postgresTemplate: string | null;
    postgresAdminUrl: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = join(root, 'node_modules', '.cache', 'simcard-test-databases');
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Templates of other versions are dropped once this old: a run still copying one is long over.
const STALE_MS = 60 * 60 * 1000;

function* files(path: string): Generator<string> {
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else {
    yield path;
  }
}

function templateHash(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string };
  hash.update(`pglite ${pglite.version}\0`);
  for (const file of files(join(root, 'server', 'db'))) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(hash: string): Promise<string> {
  const path = join(cacheDir, `pglite-${hash}.tar`);
  if (existsSync(path)) return path;
  mkdirSync(cacheDir, { recursive: true });
  const handle = await openDatabase({ dataDir: 'memory' });
  try {
    await seedIfEmpty(handle.db);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir('none');
    // Written aside and renamed: a run started at the same time never reads half a file.
    const partial = `${path}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await handle.close();
  }
  for (const entry of readdirSync(cacheDir)) {
    const other = join(cacheDir, entry);
    if (other !== path && Date.now() - statSync(other).mtimeMs > STALE_MS) rmSync(other, { force: true });
  }
  return path;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function postgresAnswers(): Promise<boolean> {
  try {
    await withAdmin((client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

async function postgresTemplate(hash: string): Promise<string> {
  const name = `simcard_tpl_${hash}`;
  const exists = await withAdmin(
    async (admin) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );
  if (!exists) {
    // Built under a name of its own and renamed when complete: a template that exists is whole,
    // and two runs building at once do not collide.
    const building = `${name}_build_${randomBytes(4).toString('hex')}`;
    await withAdmin(async (admin) => {
      await admin.query(`create database ${building}`);
      await admin.query(`comment on database ${building} is '${new Date().toISOString()}'`);
    });
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' });
    try {
      await seedIfEmpty(handle.db);
    } finally {
      await handle.close();
    }
    await withAdmin(async (admin) => {
      // Nobody may connect to it: CREATE DATABASE ... TEMPLATE refuses a database in use.
      await admin.query(`alter database ${building} with allow_connections false`);
      try {
        await admin.query(`alter database ${building} rename to ${name}`);
      } catch {
        await admin.query(`drop database if exists ${building}`);
      }
    });
  }
  await withAdmin(async (admin) => {
    const others = await admin.query<{ datname: string; built: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as built from pg_database
        where datname like 'simcard\\_tpl\\_%' and datname <> $1`,
      [name],
    );
    for (const other of others.rows) {
      const built = Date.parse(other.built ?? '');
      if (Number.isNaN(built) || Date.now() - built > STALE_MS)
        await admin.query(`drop database if exists ${other.datname}`).catch(() => undefined);
    }
    // Test databases a killed run never dropped. Without FORCE a database still in use (by a
    // run that somehow lasts an hour) is left alone.
    const leftovers = await admin.query<{ datname: string; made: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as made from pg_database
        where datname like 'simcard\\_test\\_%'`,
    );
    for (const leftover of leftovers.rows) {
      const made = Date.parse(leftover.made ?? '');
      if (Number.isNaN(made) || Date.now() - made > STALE_MS)
        await admin.query(`drop database if exists ${leftover.datname}`).catch(() => undefined);
    }
  });
  return name;
}

// The server and e2e projects both call this; vitest runs global setups one after another,
// and the second finds the first one's templates.
export default async function setup(project: TestProject): Promise<void> {
  const hash = templateHash();
  project.provide('pgliteTemplate', await pgliteTemplate(hash));
  project.provide('postgresAdminUrl', adminUrl);
  if (await postgresAnswers()) {
    project.provide('postgresTemplate', await postgresTemplate(hash));
  } else {
    console.warn(`PostgreSQL not reachable at ${adminUrl}: server tests run on PGlite only`);
    project.provide('postgresTemplate', null);
  }
}
