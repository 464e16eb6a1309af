// Load measurements in a process of their own, so the load generator's speed does not
// depend on what the benchmark process holds (Lighthouse's traces, earlier results).
// Input: JSON of LoadJob as argv[2]. Output: one JSON line, a LoadResult per target.
import autocannon from 'autocannon';

export interface LoadTarget {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadJob {
  targets: LoadTarget[];
  seconds: number;
  runs: number;
}

export interface RunResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob;
const measure = async (target: LoadTarget, seconds: number): Promise<RunResult> => {
  const r = await autocannon({ ...target, connections: 100, duration: seconds });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
};

// The first seconds measure the JIT warming up (the server's and autocannon's): not kept.
for (const target of job.targets) await measure(target, Math.max(1, Math.round(job.seconds / 2)));
// Targets take turns, run after run: a slower minute on a shared machine falls on all of
// them, and the medians say what the servers do rather than what happened to one run.
const runs: RunResult[][] = job.targets.map(() => []);
for (let i = 0; i < job.runs; i += 1) {
  for (const [t, target] of job.targets.entries()) runs[t]!.push(await measure(target, job.seconds));
}
console.log(JSON.stringify(runs));
