// autocannon against one running server: 100 connections, each endpoint on its own, each
// measurement in a process of its own (bench/load-worker.ts).
import { spawn } from 'node:child_process';
import type { LoadJob, LoadTarget, RunResult } from './load-worker.js';
import { root } from './processes.js';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface LoadPlan {
  seconds: number;
  runs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function summary(runs: RunResult[]): LoadResult {
  return {
    rps: Math.round(median(runs.map((r) => r.rps))),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

function runJob(job: LoadJob): Promise<RunResult[][]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load-worker.ts', JSON.stringify(job)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load worker exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!) as RunResult[][]);
    });
  });
}

export async function load(
  url: string,
  plan: LoadPlan,
  request: Omit<LoadTarget, 'url' | 'method'> & { method?: 'GET' | 'POST' } = {},
): Promise<LoadResult> {
  const [runs] = await runJob({
    targets: [{ url, method: request.method ?? 'GET', headers: request.headers, body: request.body }],
    ...plan,
  });
  return summary(runs!);
}

export interface PairedResult extends LoadResult {
  /** The floor, run by turns with the endpoint. */
  floor: LoadResult;
  /** Median of each run's rps over the floor run just before it. */
  ratio: number;
  /** Reads: the old floor, a constant 17-byte reply, run by turns too (reported, not budgeted). */
  constant?: { floor: LoadResult; ratio: number };
}

/** The endpoint and its floor by turns, so each run's ratio compares the same minute. */
export async function paired(
  url: string,
  floorUrl: string,
  plan: LoadPlan,
  request: Omit<LoadTarget, 'url'>,
  floorMethod: 'GET' | 'POST' = 'GET',
): Promise<PairedResult> {
  const [floorRuns, runs] = await runJob({
    targets: [
      { url: floorUrl, method: floorMethod },
      { url, ...request },
    ],
    ...plan,
  });
  const ratios = runs!.map((r, i) => r.rps / floorRuns![i]!.rps);
  return { ...summary(runs!), floor: summary(floorRuns!), ratio: +median(ratios).toFixed(2) };
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

export interface BenchAccount {
  email: string;
  password: string;
  token: string;
}

/** A customer of the server under test, registered through the API like any other. */
export async function registerAccount(base: string): Promise<BenchAccount> {
  const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `bench${id}@example.com`;
  const password = 'bench1234';
  const res = await fetch(`${base}/api/user/register`, {
    method: 'POST',
    headers: form,
    body: new URLSearchParams({ username: `bench${id}`, email, password, repassword: password }),
  });
  const envelope = (await res.json()) as { code: number; data: { userinfo?: { token: string } } };
  const token = envelope.data.userinfo?.token;
  if (envelope.code !== 1 || !token) throw new Error(`could not register a bench account: ${JSON.stringify(envelope)}`);
  return { email, password, token };
}

export const READ_ENDPOINTS = ['init', 'setmeal', 'userinfo'] as const;
export type ReadEndpoint = (typeof READ_ENDPOINTS)[number];

const READS: [ReadEndpoint, string][] = [
  ['init', '/api/common/init'],
  ['setmeal', '/api/setmeal/lists'],
  ['userinfo', '/api/user/userinfo'],
];
const readHeaders = (endpoint: ReadEndpoint, account: BenchAccount) =>
  endpoint === 'userinfo' ? { token: account.token } : undefined;

/**
 * The read endpoints, each by turns with bare Fastify answering the same reply (its JSON,
 * fetched from the endpoint first and written by plain Fastify every time) and with bare
 * Fastify answering a constant. The same reply is the floor: a 700-1100 byte localized reply
 * costs the load generator and the socket more than `{"hello":"world"}` whoever writes it
 * (bare Fastify itself answers such a reply at about 0.6x its constant).
 */
export async function readLoadNextToBare(
  base: string,
  account: BenchAccount,
  plan: LoadPlan,
  bareUrl: string,
): Promise<Record<ReadEndpoint, PairedResult>> {
  const out = {} as Record<ReadEndpoint, PairedResult>;
  for (const [name, path] of READS) {
    const headers = readHeaders(name, account);
    const reply = await (await fetch(`${base}${path}`, { headers })).text();
    const stored = await fetch(`${bareUrl}/reply/${name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: reply,
    });
    if (!stored.ok) throw new Error(`the bare server did not take the ${name} reply: ${stored.status}`);
    const [sameRuns, constantRuns, runs] = await runJob({
      targets: [
        { url: `${bareUrl}/reply/${name}`, method: 'GET' },
        { url: `${bareUrl}/`, method: 'GET' },
        { url: `${base}${path}`, method: 'GET', headers },
      ],
      ...plan,
    });
    const ratioTo = (floor: RunResult[]) => +median(runs!.map((r, i) => r.rps / floor[i]!.rps)).toFixed(2);
    out[name] = {
      ...summary(runs!),
      floor: summary(sameRuns!),
      ratio: ratioTo(sameRuns!),
      constant: { floor: summary(constantRuns!), ratio: ratioTo(constantRuns!) },
    };
  }
  return out;
}

/** The read endpoints alone (on the scaled database only the latency is compared). */
export async function readLoad(
  base: string,
  account: BenchAccount,
  plan: LoadPlan,
): Promise<Record<ReadEndpoint, LoadResult>> {
  const out = {} as Record<ReadEndpoint, LoadResult>;
  for (const [name, path] of READS)
    out[name] = await load(`${base}${path}`, plan, { headers: readHeaders(name, account) });
  return out;
}

/** Login by turns with the bare server verifying one password (HTTP plus argon2id). */
export function loginLoad(base: string, account: BenchAccount, plan: LoadPlan, bareUrl: string): Promise<PairedResult> {
  return paired(
    `${base}/api/user/login`,
    `${bareUrl}/login`,
    plan,
    {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ email: account.email, password: account.password }).toString(),
    },
    'POST',
  );
}
