// `npm start` to /healthz 200, as an operator meets it: ensure-build finding nothing to do,
// then the compiled server under plain node; on a new DATA_DIR (PGlite created from the
// build's template, seeded) and on the same data again. Then the server's memory once idle.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, startAppServer } from './processes.js';
import type { Row } from './report.js';

export const START_BUDGETS = { freshMs: 8000, existingMs: 3000 } as const;

export interface BackendStart {
  /** ensure-build plus the server's start, first on new data. */
  freshMs: number;
  /** The same on the data the first start left, median of three. */
  existingMs: number;
  /** VmRSS of the server process after 10 s without requests. */
  idleRssMb: number;
}

export interface StartTimeResult {
  date: string;
  /** `tsx scripts/ensure-build.ts` with the build current, part of each start above. */
  ensureBuildMs: number;
  pglite?: BackendStart;
  postgres?: BackendStart;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The first half of `npm start`; throws when it had to build (the bench builds before this). */
function ensureBuild(): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`ensure-build failed: ${r.stderr}`);
  return performance.now() - started;
}

/**
 * Start times and idle memory on one backend. `freshDatabase` gives a new empty PostgreSQL
 * database (its URL), or is absent for PGlite.
 */
export async function measureStart(
  freshDatabase?: () => Promise<string>,
): Promise<{ start: BackendStart; ensureMs: number }> {
  ensureBuild(); // the first run may rebuild; the ones timed below find the build current
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  try {
    const databaseUrl = freshDatabase ? await freshDatabase() : undefined;
    const ensures: number[] = [];
    const timed = async () => {
      const ensureMs = ensureBuild();
      ensures.push(ensureMs);
      const server = await startAppServer({ databaseUrl, dataDir });
      return { server, ms: Math.round(ensureMs + server.startMs) };
    };
    const fresh = await timed();
    await fresh.server.stop();
    const existing: number[] = [];
    let idleRssMb = 0;
    for (let i = 0; i < 3; i += 1) {
      const run = await timed();
      existing.push(run.ms);
      if (i === 2) {
        await new Promise((resolve) => setTimeout(resolve, 10_000));
        idleRssMb = rssMb(run.server.pid);
      }
      await run.server.stop();
    }
    return {
      start: { freshMs: fresh.ms, existingMs: median(existing), idleRssMb },
      ensureMs: Math.round(median(ensures)),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function startTimeRows(result: StartTimeResult | undefined): Row[] {
  if (!result) return [];
  const out: Row[] = [];
  for (const name of ['pglite', 'postgres'] as const) {
    const b = result[name];
    if (!b) continue;
    const fresh = name === 'pglite' ? 'new DATA_DIR' : 'new database';
    out.push(
      {
        measure: `${name} \`npm start\` to /healthz 200, ${fresh} (ensure-build ${result.ensureBuildMs} ms included)`,
        value: `${b.freshMs} ms`,
        budget: `≤ ${START_BUDGETS.freshMs} ms`,
        verdict: b.freshMs <= START_BUDGETS.freshMs ? 'pass' : 'FAIL',
      },
      {
        measure: `${name} \`npm start\` to /healthz 200, existing data`,
        value: `${b.existingMs} ms`,
        budget: `≤ ${START_BUDGETS.existingMs} ms`,
        verdict: b.existingMs <= START_BUDGETS.existingMs ? 'pass' : 'FAIL',
      },
      {
        measure: `${name} server idle RSS (compiled, plain node)`,
        value: `${b.idleRssMb} MB`,
        budget: '',
        verdict: 'report',
      },
    );
  }
  return out;
}
