import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { scrub } from '../../server/lib/log-serializers';
import { freshDatabase, type TestDatabase } from './helpers/databases';

// Logs are kept longer and read by more people than the database: an e-mailed reset link
// opened by its owner must not leave its code and address in them.
describe('request logs', () => {
  const lines: Record<string, unknown>[] = [];
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'sim-logs-')) });
    app = await buildApp({ database: database.handle, config, logger: { level: 'info', stream } });
    // A fault whose message names a customer, as an SMTP refusal or a failed fetch does.
    app.get('/test/fault', async () => {
      throw new Error(
        '550 5.1.1 <li.wei@example.com>: Recipient address rejected; link https://sim.test/h5/pages/public/reset?code=482913&email=li.wei%40example.com',
      );
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const requestLines = () =>
    lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');

  it('name the route and the status, never the query, the token or the address', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/h5/pages/public/reset?code=482913&email=li.wei%40example.com' });
    await app.inject({
      method: 'POST',
      url: '/api/user/retrieve?email=li.wei@example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded', token: 'tok-secret-7f3a' },
      payload: 'email=li.wei%40example.com',
    });
    await app.inject({
      method: 'POST',
      url: '/api/pay/notify/wechat?sign=abc123',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });

    const text = JSON.stringify(lines);
    for (const secret of ['482913', 'li.wei', 'example.com', 'tok-secret', 'abc123', 'code=', '?'])
      expect(text, secret).not.toContain(secret);

    const seen = requestLines().map((line) => {
      const entry = (line.req ?? line.res) as { method?: string; url?: string; statusCode?: number };
      return `${entry.method} ${entry.url}${entry.statusCode ? ` ${entry.statusCode}` : ''}`;
    });
    expect(seen).toContain('GET /h5/pages/public/reset');
    expect(seen).toContain('GET /h5/pages/public/reset 404');
    expect(seen).toContain('POST /api/user/retrieve');
    expect(seen.some((s) => /^POST \/api\/user\/retrieve \d{3}$/.test(s))).toBe(true);
    expect(seen).toContain('POST /api/pay/notify/:provider');
  });

  it('keep addresses and query strings out of logged errors', async () => {
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/test/fault' })).statusCode).toBe(500);
    const logged = lines.find((line) => line.msg === 'request failed') as
      { err: { message: string; stack: string } } | undefined;
    expect(logged?.err.message).toBe(
      '550 5.1.1 <<email>>: Recipient address rejected; link https://sim.test/h5/pages/public/reset?<query>',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['482913', 'li.wei', 'example.com']) expect(text, secret).not.toContain(secret);
    expect(scrub('to a.b+c@mail.example.co.jp and x%40y.cn')).toBe('to <email> and <email>');
  });
});
