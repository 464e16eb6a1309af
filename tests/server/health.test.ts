import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { healthRoutes } from '../../server/plugins/health';
import { backends } from './helpers/databases';
import { createTestApp } from './helpers/test-app';

describe.each(backends)('health on %s', (backend) => {
  it('/healthz says ok while the database answers and 503 once it does not; /livez stays 200', async () => {
    const t = await createTestApp(backend);
    try {
      const healthy = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.json()).toEqual({ status: 'ok', database: backend });

      await t.database.handle.close();
      const down = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(down.statusCode).toBe(503);
      expect(down.headers['content-type']).toMatch(/application\/json/);
      expect(down.json()).toEqual({ status: 'unavailable', database: backend });

      const live = await t.app.inject({ method: 'GET', url: '/livez' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      // The change feed's own goodbye to a closed database may fail: that is this test's doing.
      await t.app.close().catch(() => undefined);
      await t.database.drop().catch(() => undefined);
    }
  });
});

it('/healthz gives up on a database that does not answer within its timeout', async () => {
  const app = Fastify();
  // A database that accepted the connection and then went silent.
  const silent = { execute: () => new Promise<never>(() => undefined) } as unknown as Database;
  app.decorate('db', silent);
  app.decorate('dbKind', 'postgres');
  await app.register(healthRoutes, { probeTimeoutMs: 100 });
  const started = Date.now();
  const res = await app.inject({ method: 'GET', url: '/healthz' });
  expect(res.statusCode).toBe(503);
  expect(Date.now() - started).toBeLessThan(2_000);
  expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  await app.close();
});
