import { timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import type { Config } from '../config.js';
import { UNMATCHED, observeRequest, processRegistry } from '../lib/metrics.js';
import { createStateMetrics } from '../lib/metrics-state.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the METRICS_PORT listener answers, once the app listens; null without one. */
    metricsAddress: () => AddressInfo | null;
  }
}

type MetricsConfig = Pick<Config, 'METRICS_TOKEN' | 'METRICS_PORT' | 'METRICS_HOST'>;

// Compared as digests: equal lengths whatever was sent, so the time taken says nothing of the token.
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice(7)), digest(token));
}

/**
 * Prometheus metrics, never public: on the main port only with METRICS_TOKEN and the request
 * bearing it, and/or on METRICS_PORT (loopback unless METRICS_HOST says otherwise). Anyone else
 * gets the same 404 as any path that does not exist.
 */
export function registerMetrics(app: FastifyInstance, config: MetricsConfig): void {
  // Callback hook: an async one costs a promise per request, and this server's reads are measured
  // against bare Fastify (docs/performance.md).
  app.addHook('onResponse', (request, reply, done) => {
    observeRequest(request.method, request.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const state = createStateMetrics(app.db);
  const render = async (): Promise<string> => {
    const [own, shared] = await Promise.all([processRegistry.metrics(), state.render()]);
    return shared ? `${own}\n${shared}` : own;
  };

  if (config.METRICS_TOKEN) {
    const token = config.METRICS_TOKEN;
    app.get('/metrics', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!bearerMatches(request.headers.authorization, token)) return reply.callNotFound();
      const text = await render();
      return reply
        .header('content-type', Registry.PROMETHEUS_CONTENT_TYPE)
        .header('cache-control', 'no-store')
        .send(text);
    });
  }

  let listener: Server | null = null;
  app.decorate('metricsAddress', () => (listener?.address() as AddressInfo | null) ?? null);
  if (config.METRICS_PORT === undefined) return;
  const port = config.METRICS_PORT;
  // Its own listener, not a route: the main port's proxy and firewall never see it. Bound when
  // the app is ready (before it listens), so a port already taken stops the start loudly.
  app.addHook('onReady', async () => {
    if (listener) return;
    const server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      render().then(
        (text) => response.writeHead(200, { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics failed');
          response.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, config.METRICS_HOST, () => resolve());
    });
    listener = server;
  });
  app.addHook('onClose', async () => {
    const server = listener;
    listener = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
