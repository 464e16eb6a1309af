import { mkdtempSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { newRequestId, requestIdGenerator } from '../../server/lib/request-id';
import { freshDatabase, type TestDatabase } from './helpers/databases';

const GENERATED = /^[0-9a-hjkmnp-tv-z]{12}$/;

async function appWith(trustProxy: boolean, lines: Record<string, unknown>[]) {
  const database = await freshDatabase('pglite');
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sim-reqid-')),
    TRUST_PROXY: trustProxy ? 'true' : 'false',
  });
  const app = await buildApp({ database: database.handle, config, logger: { level: 'info', stream } });
  app.get('/test/fault', async () => {
    throw new Error('the database went away');
  });
  return { app, database };
}

describe('request ids', () => {
  const lines: Record<string, unknown>[] = [];
  let direct: { app: FastifyInstance; database: TestDatabase };
  let proxied: { app: FastifyInstance; database: TestDatabase };
  beforeAll(async () => {
    direct = await appWith(false, lines);
    proxied = await appWith(true, lines);
  });
  afterAll(async () => {
    for (const t of [direct, proxied]) {
      await t.app.close();
      await t.database.drop();
    }
  });

  it('every answer carries a fresh id in x-request-id', async () => {
    const ids = new Set<string>();
    for (const url of ['/livez', '/api/faq/lists', '/no-such-page', '/api/user/userinfo']) {
      const res = await direct.app.inject({ method: 'GET', url });
      expect(res.headers['x-request-id']).toMatch(GENERATED);
      ids.add(String(res.headers['x-request-id']));
    }
    expect(ids.size).toBe(4);
  });

  it("keeps a trusted proxy's well-formed X-Request-Id, and makes its own otherwise", async () => {
    const given = 'lb-7f3a.2026:11-27_x';
    const kept = await proxied.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': given } });
    expect(kept.headers['x-request-id']).toBe(given);
    // Without a trusted proxy the header is anyone's to make up: it could pass for another customer's reference.
    const ignored = await direct.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': given } });
    expect(ignored.headers['x-request-id']).toMatch(GENERATED);
    for (const hostile of ['x'.repeat(500), 'a b', '参考编号', 'id;rm', '', 'a'.repeat(65)]) {
      const res = await proxied.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': hostile } });
      expect(res.headers['x-request-id']).toMatch(GENERATED);
    }
  });

  it('refuses control characters a raw request could carry (NUL, newline) even behind a proxy', () => {
    const generate = requestIdGenerator(true);
    for (const hostile of ['abc\u0000def', 'abc\ndef', 'abc\r\nSet-Cookie: x=1', ['a', 'b']]) {
      const id = generate({ headers: { 'x-request-id': hostile } } as unknown as IncomingMessage);
      expect(id).toMatch(GENERATED);
    }
    const many = new Set(Array.from({ length: 20_000 }, () => newRequestId()));
    expect(many.size).toBe(20_000);
  });

  it('is in the error envelope of a 4xx and a 5xx, and in the log line of that request', async () => {
    lines.length = 0;
    for (const [url, status] of [
      ['/api/user/userinfo', 401],
      ['/api/no-such-route', 404],
      ['/test/fault', 500],
    ] as const) {
      const res = await direct.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(GENERATED);
      expect(res.json().data.requestId).toBe(id);
      const logged = lines.filter((line) => line.reqId === id);
      expect(logged.map((line) => line.msg)).toContain('request completed');
    }
    const failure = lines.find((line) => line.msg === 'request failed');
    expect(failure?.reqId).toMatch(GENERATED);
  });
});
