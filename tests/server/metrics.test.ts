import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { createStateMetrics } from '../../server/lib/metrics-state';
import { processRegistry } from '../../server/lib/metrics';
import { placeOrder, signUp } from './helpers/purchase';
import { postForm } from './helpers/requests';
import { deliverNotification, wechatNotification } from './helpers/signed-notifications';
import { createTestApp, type TestApp } from './helpers/test-app';

const TOKEN = 'scrape-token-0123456789abcdef';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The value of one sample line, e.g. `http_requests_total{method="GET",route="/x",status="200"}`. */
function sample(text: string, line: string): number {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

async function scrape(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('/metrics on the main port', () => {
  it('is a 404 like any unknown path when no token is configured', async () => {
    const t = await createTestApp('pglite');
    try {
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
      const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
      expect(metrics.statusCode).toBe(404);
      expect(metrics.json().data.error).toBe(unknown.json().data.error);
      expect(metrics.body).not.toContain('http_requests_total');
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', { env: { METRICS_TOKEN: TOKEN } });
    });
    afterAll(() => t.close());

    it('answers 404 without the token or with a wrong one, and the metrics with it', async () => {
      for (const headers of [{}, bearer('scrape-token-0123456789abcdeX'), { authorization: TOKEN }, bearer('')]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('http_requests_total');
      }
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.body).toContain('# TYPE http_requests_total counter');
      expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
      expect(res.body).toContain('process_cpu_seconds_total');
    });

    it('counts requests by route pattern, never by URL, id or query', async () => {
      const before = await scrape(t.app);
      const faq = 'http_requests_total{method="GET",route="/api/faq/lists",status="200"}';
      const notify = 'http_requests_total{method="POST",route="/api/pay/notify/:provider",status="404"}';
      const unmatched = 'http_requests_total{method="GET",route="(unmatched)",status="404"}';
      await t.app.inject({ method: 'GET', url: '/api/faq/lists?email=li.wei%40example.com' });
      await t.app.inject({ method: 'GET', url: '/api/faq/lists' });
      await t.app.inject({ method: 'POST', url: '/api/pay/notify/secret-provider-77', payload: {} });
      await t.app.inject({ method: 'GET', url: '/wp-admin/48213?token=abc' });
      const after = await scrape(t.app);
      expect(sample(after, faq) - sample(before, faq)).toBe(2);
      expect(sample(after, unmatched) - sample(before, unmatched)).toBeGreaterThanOrEqual(1);
      const notifyLines = after.split('\n').filter((l) => l.includes('/api/pay/notify/'));
      expect(notifyLines.length).toBeGreaterThan(0);
      expect(notifyLines.every((l) => l.includes('route="/api/pay/notify/:provider"'))).toBe(true);
      expect(sample(after, notify) + sample(after, notify.replace('404', '400'))).toBeGreaterThan(0);
      const count = 'http_request_duration_seconds_count{method="GET",route="/api/faq/lists"}';
      expect(sample(after, count) - sample(before, count)).toBe(2);
      for (const leak of ['li.wei', 'example.com', 'secret-provider', '48213', 'wp-admin', '?', 'token=abc'])
        expect(after.split('\n').filter((l) => !l.startsWith('#') && l.includes(leak))).toEqual([]);
    });

    it('reports the deployment from the database: outbox, payments, refunds, reconciliation, eSIM stock', async () => {
      const text = await scrape(t.app);
      for (const name of [
        'outbox_messages',
        'payments_pending',
        'refunds',
        'payment_reconciliation_lag_seconds',
        'esim_profiles_available',
        'job_queue_depth',
      ])
        expect(text).toContain(`# TYPE ${name} gauge`);
      expect(sample(text, 'refunds{status="pending"}')).toBe(0);
      expect(sample(text, 'payment_reconciliation_lag_seconds')).toBe(0);
    });

    it('shows a payment open, then paid by its provider', async () => {
      const pending = 'payments_pending{provider="wechat"}';
      const paid = 'payments_total{provider="wechat",outcome="paid"}';
      const before = await scrape(t.app);
      const { token } = await signUp(t.app, 'metrics-payer');
      const orderNo = await placeOrder(t.app, token);
      const created = await postForm<{ paymentNo: string }>(
        t.app,
        '/api/pay/create',
        { orderNo, method: 'wechat', scene: 'jsapi' },
        { token },
      );
      const open = await scrape(t.app);
      expect(sample(open, pending) - sample(before, pending)).toBe(1);
      const { paymentNo } = created.body.data;
      await deliverNotification(t.app, 'wechat', wechatNotification(t.app, { paymentNo, notifyId: 'metrics-1' }));
      const after = await scrape(t.app);
      expect(sample(after, paid) - sample(before, paid)).toBe(1);
      expect(sample(after, pending)).toBe(sample(before, pending));
    });
  });
});

describe('database gauges', () => {
  it('are left out, and the failure counted, when the database does not answer in time', async () => {
    const silent = { execute: () => new Promise<never>(() => undefined) } as unknown as Database;
    const errors = async () =>
      sample(await processRegistry.metrics(), 'metrics_collect_errors_total{source="database"}');
    const before = await errors();
    const started = Date.now();
    expect(await createStateMetrics(silent, 50).render()).toBe('');
    expect(Date.now() - started).toBeLessThan(1_000);
    const failing = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Database;
    expect(await createStateMetrics(failing, 50).render()).toBe('');
    expect((await errors()) - before).toBe(2);
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics on its own loopback listener without a token, and not on the main port', async () => {
    const t = await createTestApp('pglite', { env: { METRICS_PORT: '0' } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.metricsAddress();
      expect(address?.address).toBe('127.0.0.1');
      const base = `http://127.0.0.1:${address!.port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('http_requests_total');
      expect(text).toContain('# TYPE outbox_messages gauge');
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/api/faq/lists`)).status).toBe(404);
      const main = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(main.statusCode).toBe(404);
    } finally {
      await t.close();
    }
    expect(t.app.metricsAddress()).toBeNull();
  });
});
