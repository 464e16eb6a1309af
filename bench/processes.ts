// The servers under test run in processes of their own, as `npm start` runs them: a load
// generator sharing their event loop would measure itself as much as them.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from '../server/lib/passwords.js';

export const root = new URL('..', import.meta.url).pathname;

export interface RunningServer {
  url: string;
  /** The server's own process (node itself, not a wrapper), whose memory bench/upload-memory.ts reads. */
  pid: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not answer ${url} within 60 s:\n${log()}`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/** How long the last started server took from spawn to answering its health path. */
export interface StartedServer extends RunningServer {
  startMs: number;
}

async function startProcess(
  script: string,
  env: Record<string, string>,
  healthPath: string,
  port?: number,
): Promise<StartedServer> {
  port ??= await freePort();
  let output = '';
  // Compiled JavaScript runs as production runs it (`npm start`: plain node); TypeScript
  // (the bare floor server) through tsx.
  const args = script.endsWith('.ts')
    ? ['--import', 'tsx', join(root, script)]
    : ['--enable-source-maps', join(root, script)];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${url}${healthPath}`, child, () => output);
  } catch (error) {
    // A server that never answered is not left running behind the benchmark.
    child.kill('SIGKILL');
    throw error;
  }
  return { url, pid: child.pid ?? 0, stop: stopper(child), startMs: performance.now() - started };
}

export interface AppServerOptions {
  /** PostgreSQL URL; without it the server uses PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** Runs the background jobs (default) or leaves them to `npm run worker` (false: WORKERS=off). */
  workers?: boolean;
  /** A port of its own (default: any free one). */
  port?: number;
}

/**
 * The real server as `npm start` runs it: the compiled `dist/server/main.js` under plain node,
 * in production mode, serving the built app. `npm run build` (or ensure-build) must have run.
 */
export function startAppServer(options: AppServerOptions): Promise<StartedServer> {
  if (!existsSync(join(root, 'dist', 'server', 'main.js')))
    throw new Error('No compiled server: run `npx tsx scripts/ensure-build.ts` (or npm run build) first');
  return startProcess(
    'dist/server/main.js',
    {
      NODE_ENV: 'production',
      // The benchmark runs the stand-in providers, as a staging site does.
      SANDBOX: '1',
      // As `npm start` runs it (package.json): fewer glibc arenas, and large blocks always
      // mapped apart, so the memory decoding frees goes back to the system.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
      LOG_LEVEL: 'warn',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      STATIC_DIR: join(root, 'dist', 'h5'),
      DOCUMENT_KEY: Buffer.alloc(32, 7).toString('base64'),
      WORKERS: options.workers === false ? 'off' : 'on',
    },
    '/healthz',
    options.port,
  );
}

/** The floor of the API: Fastify answering a constant, nothing else. */
export async function startBareServer(): Promise<RunningServer> {
  // Plain JavaScript (runs under node as under tsx); the hash carries the server's argon2 settings.
  return startProcess('bench/bare-server.js', { BENCH_PASSWORD_HASH: await hashPassword('bench1234') }, '/');
}
