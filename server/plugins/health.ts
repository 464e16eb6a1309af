import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withContract } from '../lib/validate.js';

/** Long enough for a busy database, short enough for a load balancer's probe (often 5 s). */
export const DATABASE_PROBE_TIMEOUT_MS = 2_000;

// For load balancers and probes, outside the app's envelope.
const liveSchema = z.object({ status: z.string() });
const healthSchema = z.object({ status: z.string(), database: z.string() });

async function databaseAnswers(app: FastifyInstance, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = app.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /livez: the process answers (restart it if not). /healthz: it can serve customers, which
 * needs the database (take it out of rotation if not).
 */
export async function healthRoutes(fastify: FastifyInstance, options: { probeTimeoutMs?: number } = {}): Promise<void> {
  const app = withContract(fastify);
  const timeoutMs = options.probeTimeoutMs ?? DATABASE_PROBE_TIMEOUT_MS;
  app.get('/livez', { schema: { response: { 200: liveSchema } } }, async () => ({ status: 'ok' }));

  app.get('/healthz', { schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (_request, reply) => {
    // A cached "ok" on the way would hide an outage from the balancer.
    reply.header('cache-control', 'no-store');
    if (await databaseAnswers(app, timeoutMs)) return { status: 'ok', database: app.dbKind };
    return reply.status(503).send({ status: 'unavailable', database: app.dbKind });
  });
}
