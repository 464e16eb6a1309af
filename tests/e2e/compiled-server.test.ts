// Production runs the compiled server (dist/server/, made by `npm run build`) under plain
// node, not the TypeScript sources: what it needs beside itself (migrations, the database
// template, the PDF worker, the page renderer) must be found from there. `npm test` builds
// first (scripts/ensure-build.ts), as `npm start` does.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'sim-compiled-'));
let base = '';
let server: ChildProcess;
let output = '';

async function healthy(): Promise<boolean> {
  while (server.exitCode === null) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    // Only what a production host sets: nothing that would load tsx.
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  if (!(await healthy())) throw new Error(`the compiled server exited with ${server.exitCode}:\n${output}`);
});

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server under plain node', () => {
  it('starts on a new DATA_DIR from the built database template, migrated and seeded', async () => {
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    // The seed's plans are there: the database was migrated and seeded.
    const plans = (await (await fetch(`${base}/api/setmeal/lists`)).json()) as { code: number; data: unknown[] };
    expect(plans.code).toBe(1);
    expect(plans.data.length).toBeGreaterThan(0);
  });

  it('registers a customer and serves the drawn home page', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const registered = (await (
      await fetch(`${base}/api/user/register`, {
        method: 'POST',
        headers: form,
        body: new URLSearchParams({
          username: 'compiled1',
          email: 'compiled1@example.com',
          password: 'compiled123',
          repassword: 'compiled123',
        }),
      })
    ).json()) as { code: number };
    expect(registered.code).toBe(1);
    const home = await fetch(`${base}/h5/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
  });

  it('runs the staff CLI compiled too, against the same data once the server stopped', async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    const ops = spawnSync(process.execPath, ['dist/server/ops.js', 'orders'], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(ops.stderr).toBe('');
    expect(ops.stdout.trim()).toBe('no orders');
    expect(ops.status).toBe(0);
  });
});
