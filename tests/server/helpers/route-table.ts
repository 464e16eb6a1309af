import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../../../server/app';
import { freshDatabase, type Backend, type TestDatabase } from './databases';
import { testConfig } from './test-app';

/** One method of one route, as Fastify was told of it. */
export interface TableRoute {
  method: string;
  url: string;
  schema: { querystring?: unknown; body?: unknown; params?: unknown };
}

export interface RouteTableApp {
  app: FastifyInstance;
  database: TestDatabase;
  routes: TableRoute[];
  close(): Promise<void>;
}

/** A stand-in build, so the static files, the staff console's page and the page shell are routes too. */
function standInBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sim-route-table-'));
  mkdirSync(join(dir, 'assets'));
  const page = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, 'admin.html'), page);
  writeFileSync(join(dir, 'assets', 'index-1.js'), 'export {};');
  return dir;
}

/** The whole app on a fresh database, with every route it added (one entry per method). */
export async function routeTableApp(backend: Backend): Promise<RouteTableApp> {
  const database = await freshDatabase(backend);
  const routes: TableRoute[] = [];
  const app = await buildApp({
    database: database.handle,
    // Behind a proxy, so X-Forwarded-For is read (and can be hostile).
    config: testConfig({ TRUST_PROXY: 'true' }),
    staticDir: standInBuild(),
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema ?? {} });
    },
  });
  await app.ready();
  return {
    app,
    database,
    routes,
    async close() {
      try {
        await app.close();
      } finally {
        await database.drop();
      }
    },
  };
}

/** The top-level field names of a zod object schema (through optional and pipes), or null without one. */
function fieldsOf(schema: unknown): string[] | null {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodOptional) return fieldsOf(schema.unwrap());
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in);
  if (schema instanceof z.ZodUnion) return [...new Set(schema.options.flatMap((option) => fieldsOf(option) ?? []))];
  return null;
}

/** Names a handler without a schema may still read: every one the API uses somewhere. */
const COMMON_FIELDS = ['orderNo', 'paymentNo', 'billNo', 'id', 'name', 'to', 'trade', 'token', 'code', 'q'];

/** The parameters of a route pattern: `:name` and the wildcard `*`. */
export const paramsOf = (url: string): string[] => [
  ...[...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!),
  ...(url.endsWith('*') ? ['*'] : []),
];

const PLAUSIBLE_IDS: Record<string, string> = {
  orderNo: 'SO2026010100001',
  paymentNo: 'P2026010100001',
  refundNo: 'R2026010100001',
  provider: 'wechat',
  id: '1',
  '*': 'index-1.js',
};

/** A value each field name of the API takes (or a bland one), so a request gets as far as it can. */
const LIKELY: Record<string, string> = {
  email: 'nobody@example.com',
  login: 'nobody',
  password: 'walk12345',
  repassword: 'walk12345',
  code: '123456',
  auth_code: 'sandbox-code',
  platform: 'wechat',
  mobile: '09012345678',
  country: '81',
  month: '2026-01',
  kind: 'passport',
  provider: 'wechat',
  result: 'ok',
  ...PLAUSIBLE_IDS,
};

/**
 * The fields to put a hostile value in, with likely values for the rest: each field of the
 * schema alone and among the others; without a schema, every name of COMMON_FIELDS at once.
 */
export function* fieldSets(schema: unknown): Generator<[string[], Record<string, string>]> {
  const fields = fieldsOf(schema);
  if (!fields) {
    yield [COMMON_FIELDS, {}];
    return;
  }
  for (const field of fields) {
    yield [[field], {}];
    const others = fields.filter((other) => other !== field);
    if (others.length) yield [[field], Object.fromEntries(others.map((other) => [other, LIKELY[other] ?? 'x1']))];
  }
}

/** The route's URL with every parameter plausible, except `hostile` set to `raw` (already encoded). */
export function fill(url: string, hostile?: { name: string; raw: string }): string {
  return url
    .replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
      name === hostile?.name ? hostile.raw : (PLAUSIBLE_IDS[name] ?? '1'),
    )
    .replace(/\*$/, () => (hostile?.name === '*' ? hostile.raw : PLAUSIBLE_IDS['*']!));
}
