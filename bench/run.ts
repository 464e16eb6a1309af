// npm run bench: page weight, mobile page speed and API load, each next to its floor.
// Writes bench/results.json and bench/results.md, refreshes the table in the README and
// prints it. Not part of npm test: the numbers depend on the machine.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client.js';
import { loginLoad, readLoad, readLoadNextToBare, registerAccount } from './api-load.js';
import { measurePageSpeed, seedDemoAccount, SPEED_ROUTES } from './page-speed.js';
import { measurePageWeight } from './page-weight.js';
import { root, startAppServer, startBareServer, type RunningServer } from './processes.js';
import { markdown, type BackendResult, type BenchResults } from './report.js';
import { seedScale } from './scale.js';
import { measureUploadMemory } from './upload-memory.js';
import { measureStart } from './start-time.js';
import { measureTwoServers } from './two-servers.js';

const quick = process.argv.includes('--quick');
const STEPS = ['weight', 'speed', 'api', 'upload-memory', 'processes'] as const;
type Step = (typeof STEPS)[number];
const isStep = (name: string): name is Step => (STEPS as readonly string[]).includes(name);
// --only=weight|speed|api|upload-memory, or the name alone (npm run bench -- upload-memory),
// measures one part (while working on it); the README is then left alone.
const only =
  process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ??
  process.argv.slice(2).find((a) => !a.startsWith('--'));
if (only !== undefined && !isStep(only)) {
  console.error(`No bench step "${only}"; the steps are ${STEPS.join(', ')}`);
  process.exit(2);
}
const part = (name: Step) => !only || only === name;
// Full: five runs of 3 s per measure, by turns with its floor, after a warm-up; quick: one.
const plan = quick ? { seconds: 3, runs: 1 } : { seconds: 3, runs: 5 };
const scaleFactor = quick ? 0.1 : 1;
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchDbName = 'simcard_bench';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function step(text: string): void {
  console.log(`\n▶ ${text}`);
}

function chromiumVersion(): string {
  const r = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8' });
  return r.stdout?.trim() || 'no Chromium';
}

/** A new empty PostgreSQL database for this run, or null when no server answers. */
async function freshPostgresUrl(): Promise<string | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${benchDbName} with (force)`);
    await admin.query(`create database ${benchDbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${benchDbName}`;
    return url.toString();
  } catch (error) {
    console.warn(`PostgreSQL not available at ${adminUrl} (${(error as Error).message}); measuring PGlite only`);
    const why = `PostgreSQL: nothing answers at ${adminUrl} (set BENCH_POSTGRES_URL)`;
    if (!results.missing.includes(why)) results.missing.push(why);
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
}

async function benchBackend(
  name: 'pglite' | 'postgres',
  databaseUrl: string | undefined,
  results: BenchResults,
  bare: RunningServer | null,
): Promise<BackendResult | null> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  // Lighthouse measures personal pages as the demo customer, with a line, orders and bills.
  if (name === 'pglite' && part('speed')) seedDemoAccount(dataDir);
  let server: RunningServer = await startAppServer({ databaseUrl, dataDir });
  try {
    if (name === 'pglite' && part('speed') && !existsSync(chromiumPath)) {
      results.missing.push(`Lighthouse: no Chromium at ${chromiumPath} (apt-get install chromium)`);
    } else if (name === 'pglite' && part('speed')) {
      step('Lighthouse (mobile) against the built app');
      results.pageSpeed = await measurePageSpeed(server.url, SPEED_ROUTES, quick ? 1 : 3);
    }
    if (!part('api') || !bare) return null;
    step(`API load on ${name}, empty database, next to the bare server`);
    const account = await registerAccount(server.url);
    const reads = await readLoadNextToBare(server.url, account, plan, bare.url);
    const login = await loginLoad(server.url, account, plan, bare.url);

    step(`Seeding ${name} with the scale data set`);
    let rows: Record<string, number>;
    if (databaseUrl) {
      const database = await openDatabase({ databaseUrl, dataDir });
      rows = await seedScale(database.db, scaleFactor);
      await database.close();
    } else {
      // Embedded PGlite is one process's: stop the server, seed, start it again.
      await server.stop();
      const database = await openDatabase({ dataDir });
      rows = await seedScale(database.db, scaleFactor);
      await database.close();
      server = await startAppServer({ dataDir });
    }
    step(`API load on ${name}, scaled database`);
    const scaled = await readLoad(server.url, account, plan);
    return { empty: { ...reads, login }, scaled, rows };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function dropBenchDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${benchDbName} with (force)`);
  await admin.end();
}

function argon2Floor(): { perSecond: number } {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/argon2-floor.ts', String(plan.seconds * plan.runs)],
    { cwd: root, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`argon2 floor failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as { perSecond: number };
}

/** Start time and idle memory of the compiled server on each backend, then two servers on one PostgreSQL. */
async function measureProcesses(): Promise<void> {
  step('Start time and idle memory: `npm start` on PGlite, new data then existing');
  const pglite = await measureStart();
  results.startTime = { date: new Date().toISOString(), ensureBuildMs: pglite.ensureMs, pglite: pglite.start };
  if (!(await freshPostgresUrl())) return;
  try {
    step('Start time and idle memory on PostgreSQL');
    results.startTime.postgres = (await measureStart(async () => (await freshPostgresUrl())!)).start;
    step('Two servers on one PostgreSQL database');
    results.twoServers = await measureTwoServers((await freshPostgresUrl())!, plan);
  } finally {
    await dropBenchDatabase();
  }
}

function updateReadme(table: string): void {
  const path = join(root, 'README.md');
  const readme = readFileSync(path, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) return;
  writeFileSync(path, `${readme.slice(0, from + start.length)}\n${table}${readme.slice(to)}`);
}

const resultsPath = join(root, 'bench', 'results.json');
// Upload memory or processes alone keep the other rows as the last full run measured them.
const previous =
  (only === 'upload-memory' || only === 'processes') && existsSync(resultsPath)
    ? (JSON.parse(readFileSync(resultsPath, 'utf8')) as BenchResults)
    : null;
let results: BenchResults;
if (previous) {
  results = previous;
} else {
  step('Page weight: building the app and the floor app');
  results = {
    date: new Date().toISOString(),
    missing: [],
    quick,
    machine: { cpus: cpus().length, node: process.version, chromium: chromiumVersion() },
    pageWeight: measurePageWeight(),
    pageSpeed: [],
    argon2: { perSecond: 0 },
    backends: {},
  };
}

if (part('api')) {
  step('Login floor: argon2 alone');
  results.argon2 = argon2Floor();
}
const bare = part('api') ? await startBareServer() : null;
try {
  if (part('api') || part('speed')) {
    results.backends.pglite = (await benchBackend('pglite', undefined, results, bare)) ?? undefined;
  }
  const postgresUrl = part('api') ? await freshPostgresUrl() : null;
  if (postgresUrl) {
    try {
      results.backends.postgres = (await benchBackend('postgres', postgresUrl, results, bare)) ?? undefined;
    } finally {
      await dropBenchDatabase();
    }
  }
} finally {
  await bare?.stop();
}

if (part('upload-memory')) {
  results.uploadMemory = { date: new Date().toISOString() };
  step('Upload memory on pglite: 40 parallel ~9 MB photos from 20 accounts');
  results.uploadMemory.pglite = await measureUploadMemory(undefined, console.log);
  const postgresUrl = await freshPostgresUrl();
  if (postgresUrl) {
    try {
      step('Upload memory on postgres: 40 parallel ~9 MB photos from 20 accounts');
      results.uploadMemory.postgres = await measureUploadMemory(postgresUrl, console.log);
    } finally {
      await dropBenchDatabase();
    }
  }
}

if (part('processes')) await measureProcesses();

const table = markdown(results);
writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(root, 'bench', 'results.md'), table);
if (!quick && !only) updateReadme(table);
console.log(`\n${table}`);
