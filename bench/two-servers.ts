// Two server processes on one PostgreSQL database, as a deployment behind a load balancer runs
// them (docs/operations.md): both start together (migrations one at a time, both running
// jobs), an account registered on one signs in and reads on the other, and both serve reads
// under load at the same time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, registerAccount, type BenchAccount, type LoadPlan, type LoadResult } from './api-load.js';
import { startAppServer, type RunningServer } from './processes.js';
import type { Row } from './report.js';
import { rssMb } from './start-time.js';

export interface TwoServersResult {
  date: string;
  /** What went wrong across the two, empty when everything answered as one server would. */
  problems: string[];
  /** userinfo under load on each server at the same time. */
  a?: LoadResult;
  b?: LoadResult;
  idleRssMb?: [number, number];
}

async function envelope(response: Response): Promise<{ code: number; data: Record<string, unknown> }> {
  return (await response.json()) as { code: number; data: Record<string, unknown> };
}

/** Signs in on `server` with an account made elsewhere, and reads its user info with the new token. */
async function signInAndRead(server: RunningServer, account: BenchAccount, problems: string[], label: string) {
  const login = await envelope(
    await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: account.email, password: account.password }),
    }),
  );
  const token = (login.data.userinfo as { token?: string } | undefined)?.token;
  if (login.code !== 1 || !token) return problems.push(`${label}: login answered ${JSON.stringify(login)}`);
  for (const t of [token, account.token]) {
    const info = await envelope(await fetch(`${server.url}/api/user/userinfo`, { headers: { token: t } }));
    if (info.code !== 1) problems.push(`${label}: userinfo answered ${JSON.stringify(info)}`);
  }
}

export async function measureTwoServers(databaseUrl: string, plan: LoadPlan): Promise<TwoServersResult> {
  const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'bench-two-')));
  const result: TwoServersResult = { date: new Date().toISOString(), problems: [] };
  const started = await Promise.allSettled(dirs.map((dataDir) => startAppServer({ databaseUrl, dataDir })));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    for (const s of started) if (s.status === 'rejected') result.problems.push(`start: ${String(s.reason)}`);
    const [a, b] = servers;
    if (!a || !b) return result;
    const onA = await registerAccount(a.url);
    const onB = await registerAccount(b.url);
    await signInAndRead(b, onA, result.problems, 'registered on A, signed in on B');
    await signInAndRead(a, onB, result.problems, 'registered on B, signed in on A');
    result.idleRssMb = [rssMb(a.pid), rssMb(b.pid)];
    const [loadA, loadB] = await Promise.all([
      load(`${a.url}/api/user/userinfo`, plan, { headers: { token: onA.token } }),
      load(`${b.url}/api/user/userinfo`, plan, { headers: { token: onB.token } }),
    ]);
    result.a = loadA;
    result.b = loadB;
    if (loadA.errors + loadB.errors > 0) result.problems.push(`errors under load: ${loadA.errors} + ${loadB.errors}`);
    return result;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

export function twoServersRows(result: TwoServersResult | undefined): Row[] {
  if (!result) return [];
  const each = (r: LoadResult | undefined) => (r ? `${r.rps} req/s, p99 ${r.p99} ms` : '-');
  return [
    {
      measure: 'two servers on one PostgreSQL: start together, sign in across, userinfo on both at once',
      value:
        `A ${each(result.a)}; B ${each(result.b)}` +
        (result.idleRssMb ? `; RSS ${result.idleRssMb.join(' / ')} MB` : '') +
        (result.problems.length ? `; ${result.problems.join('; ')}` : ''),
      budget: 'both start, no errors',
      verdict: result.problems.length === 0 && result.a && result.b ? 'pass' : 'FAIL',
    },
  ];
}
