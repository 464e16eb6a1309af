// npm run bench: page weight, mobile page speed and API load, each next to its floor.
// Writes bench/results.json and prints a table. Not part of npm test: timings vary by machine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { routeWeight } from '../scripts/bundle-size.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase, type DatabaseHandle } from '../server/db/client.js';
import { seedIfEmpty } from '../server/db/seed.js';
import { seedScale } from './scale.js';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, 'dist', 'h5');
const floorDir = join(root, 'bench', '.floor-dist');
const quick = process.argv.includes('--quick');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

// ---- page weight ----------------------------------------------------------------
run('npx', ['tsx', 'scripts/ensure-build.ts']);
run('npx', ['vite', 'build', '--config', 'bench/floor/vite.config.ts']);
function folderWeight(dir: string) {
  let gzip = 0;
  let brotli = 0;
  const walk = (d: string) => {
    for (const f of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, f.name);
      if (f.isDirectory()) walk(p);
      else if (/\.(js|css)$/.test(f.name)) {
        const bytes = readFileSync(p);
        gzip += gzipSync(bytes, { level: 9 }).length;
        brotli += brotliCompressSync(bytes).length;
      }
    }
  };
  walk(dir);
  return { gzip, brotli };
}
const floor = folderWeight(floorDir);
const routes: [string, string, string[]][] = [
  ['home', '/', ['src/pages/index/home-page.tsx']],
  ['login', '/pages/public/login', ['src/pages/public/login-page.tsx']],
  ['setmeal', '/pages/process/setmeal', ['src/pages/process/setmeal-page.tsx']],
  ['information', '/pages/process/information', ['src/pages/process/information-page.tsx']],
  ['pay', '/pages/process/pay', ['src/pages/process/pay-page.tsx']],
  ['user index', '/pages/user/index', ['src/pages/user/index-page.tsx']],
];
const weights = routes.map(([name, , sources]) => {
  const w = routeWeight(outDir, name, [...sources, 'locales/cn.json']);
  return { route: name, gzip: w.gzip, brotli: w.brotli, ratioToFloor: +(w.gzip / floor.gzip).toFixed(2) };
});
const homeWeight = weights[0]!;

// ---- servers ----------------------------------------------------------------------
async function startServer(database: DatabaseHandle) {
  await seedIfEmpty(database.db);
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')), DOCUMENT_KEY: Buffer.alloc(32, 1).toString('base64'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ database, config, staticDir: outDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function freshPostgres(): Promise<DatabaseHandle | null> {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres', connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query('drop database if exists simcard_bench with (force)');
    await admin.query('create database simcard_bench');
    await admin.end();
    return await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/simcard_bench', dataDir: 'memory' });
  } catch {
    await admin.end().catch(() => undefined);
    return null;
  }
}

// ---- lighthouse --------------------------------------------------------------------
async function pageSpeed(base: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const out = [];
  try {
    for (const [name, path] of routes.slice(0, 3)) {
      const runs = [];
      for (let i = 0; i < (quick ? 1 : 3); i += 1) {
        const result = await lighthouse(`${base}/h5${path === '/' ? '/' : path}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
        const lhr = result!.lhr;
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcp: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
          lcp: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
          tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
          cls: +(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
        });
      }
      runs.sort((a, b) => a.score - b.score);
      out.push({ route: name, ...runs[Math.floor(runs.length / 2)]! });
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

// ---- API load ----------------------------------------------------------------------
async function load(url: string, opts: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}) {
  const r = await autocannon({ url, connections: 100, duration: quick ? 3 : 10, method: opts.method ?? 'GET', headers: opts.headers, body: opts.body });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function apiLoad(base: string) {
  const email = `bench${Date.now()}@example.com`;
  const reg = await fetch(`${base}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: `bench${Date.now()}`, email, password: 'bench1234', repassword: 'bench1234' }),
  });
  const token = ((await reg.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token;
  return {
    init: await load(`${base}/api/common/init`),
    setmeal: await load(`${base}/api/setmeal/lists`),
    userinfo: await load(`${base}/api/user/userinfo`, { headers: { token } }),
    login: await load(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: 'bench1234' }).toString(),
    }),
    token,
  };
}

async function bare() {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const result = await load(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`);
  await app.close();
  return result;
}

// ---- run ---------------------------------------------------------------------------
const bareServer = await bare();
const results: Record<string, unknown> = { date: new Date().toISOString(), floor, weights, bare: bareServer };
const backends: [string, DatabaseHandle | null][] = [
  ['pglite', await openDatabase({ dataDir: 'memory' })],
  ['postgres', await freshPostgres()],
];
for (const [name, database] of backends) {
  if (!database) continue;
  const server = await startServer(database);
  if (name === 'pglite') results.lighthouse = await pageSpeed(server.url);
  const empty = await apiLoad(server.url);
  await seedScale(database.db, quick ? 0.1 : 1);
  const scaled = {
    init: await load(`${server.url}/api/common/init`),
    setmeal: await load(`${server.url}/api/setmeal/lists`),
    userinfo: await load(`${server.url}/api/user/userinfo`, { headers: { token: empty.token } }),
  };
  results[name] = { empty: { ...empty, token: undefined }, scaled };
  await server.app.close();
  await database.close();
}
writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

// ---- table -------------------------------------------------------------------------
const pass = (ok: boolean) => (ok ? 'pass' : 'FAIL');
const lines: string[] = ['| measure | value | budget | verdict |', '|---|---|---|---|'];
for (const w of weights) lines.push(`| ${w.route} first render (gzip / brotli) | ${kb(w.gzip)} / ${kb(w.brotli)}, ${w.ratioToFloor}x floor | ${w.route === 'home' ? '≤ 170 KB and ≤ 1.3x' : `≤ home + 40 KB`} | ${pass(w.route === 'home' ? w.gzip <= 170 * 1024 && w.ratioToFloor <= 1.3 : w.gzip - homeWeight.gzip <= 40 * 1024)} |`);
lines.push(`| floor app (gzip) | ${kb(floor.gzip)} | | |`);
for (const l of (results.lighthouse as { route: string; score: number; fcp: number; lcp: number; tbt: number; cls: number }[]) ?? []) {
  lines.push(`| Lighthouse ${l.route}: score / FCP / LCP / TBT / CLS | ${l.score} / ${l.fcp} ms / ${l.lcp} ms / ${l.tbt} ms / ${l.cls} | ≥ 95, LCP ≤ 2000 ms, CLS ≤ 0.02 | ${pass(l.score >= 95 && l.lcp <= 2000 && l.cls <= 0.02)} |`);
}
lines.push(`| bare Fastify | ${bareServer.rps} req/s, p99 ${bareServer.p99} ms | | |`);
for (const name of ['pglite', 'postgres']) {
  const r = results[name] as { empty: Record<string, { rps: number; p50: number; p99: number; errors: number }>; scaled: Record<string, { rps: number; p99: number }> } | undefined;
  if (!r) continue;
  for (const endpoint of ['init', 'setmeal', 'userinfo', 'login']) {
    const e = r.empty[endpoint]!;
    const s = r.scaled[endpoint];
    const ratio = +(e.rps / bareServer.rps).toFixed(2);
    const read = endpoint !== 'login';
    const ok = !read || name !== 'postgres' || (ratio >= 0.5 && e.p99 < 50 && (!s || s.p99 <= Math.max(2 * e.p99, 5)));
    lines.push(`| ${name} ${endpoint} | ${e.rps} req/s (${ratio}x bare), p50 ${e.p50} ms, p99 ${e.p99} ms, errors ${e.errors}${s ? `; scaled p99 ${s.p99} ms` : ''} | ${read ? '≥ 0.5x bare, p99 < 50 ms, scaled p99 ≤ 2x (PostgreSQL)' : 'argon2-bound'} | ${read && name === 'postgres' ? pass(ok) : 'report'} |`);
  }
}
const table = lines.join('\n');
writeFileSync(join(root, 'bench', 'results.md'), `${table}\n`);
console.log(table);
process.exit(0);
