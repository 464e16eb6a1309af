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

// The first seconds measure the server warming up (the JIT's tiers, the heap's young
// generation growing to the allocation rate), and autocannon's: not kept. A server answers
// faster for tens of seconds after it starts, the app longer than bare Fastify (on this
// machine the app's reads rose by half over the first 20 s of load), so each target is
// loaded until its throughput stops rising, whoever it is, at most 30 s: the budgets compare
// servers in their steady state, as they serve after their first minute in production.
const WARM_ROUND_S = 2;
const WARM_MAX_ROUNDS = 15;
for (const target of job.targets) {
  let last = (await measure(target, WARM_ROUND_S)).rps;
  for (let round = 1; round < WARM_MAX_ROUNDS; round += 1) {
    const now = (await measure(target, WARM_ROUND_S)).rps;
    if (now < last * 1.03) break;
    last = now;
  }
}
// Targets take turns, run after run: a slower minute on a shared machine falls on all of
// them, and the medians say what the servers do rather than what happened to one run.
const runs: RunResult[][] = job.targets.map(() => []);
for (let i = 0; i < job.runs; i += 1) {
  for (const [t, target] of job.targets.entries()) runs[t]!.push(await measure(target, job.seconds));
}
console.log(JSON.stringify(runs));
