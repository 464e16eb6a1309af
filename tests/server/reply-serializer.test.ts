import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok, replies } from '../../server/lib/envelope';
import { frozen, replyWriter } from '../../server/lib/reply-serializer';
import { withContract } from '../../server/lib/validate';
import { registerErrorHandler } from '../../server/plugins/error-handler';

// Replies are written by a serializer compiled from the contract's schemas (no zod parse at
// run time). What a client must be able to count on: only declared fields leave, whatever
// shape holds them, and a reply that does not fit is a plain 500, never the service's value.
const SECRET = 'argon2id$v=19$secret-hash';

const line = z.object({ msisdn: z.string(), usedMb: z.number().int() });
const shape = z.object({
  user: z.object({ id: z.number().int(), name: z.string() }),
  lines: z.array(line),
  nested: z.array(z.array(line)),
  byMonth: z.record(z.string(), line),
  maybe: line.nullable(),
  absent: line.nullable(),
  optional: line.optional(),
  note: z.string().nullable(),
  validity: z.union([
    z.object({ kind: z.literal('month_end') }),
    z.object({ kind: z.literal('days'), days: z.number().int() }),
  ]),
  status: z.enum(['active', 'paused']),
});

// A service's rows, each with a field the route does not declare.
const leaky = (extra: object = {}) => ({
  user: { id: 7, name: 'Li', passwordHash: SECRET },
  lines: [{ msisdn: '09012345678', usedMb: 10, iccid: SECRET }],
  nested: [[{ msisdn: '09012345678', usedMb: 1, internalId: SECRET }]],
  byMonth: { '2026-11': { msisdn: '09012345678', usedMb: 2, tokenHash: SECRET } },
  maybe: { msisdn: '09012345678', usedMb: 3, secret: SECRET },
  absent: null,
  note: null,
  validity: { kind: 'days' as const, days: 30, secret: SECRET },
  status: 'active' as const,
  passwordHash: SECRET,
  ...extra,
});

let app: FastifyInstance;
const errors: unknown[] = [];

beforeAll(async () => {
  app = Fastify({
    logger: {
      level: 'error',
      stream: { write: (line: string) => void errors.push(JSON.parse(line)) },
    },
  });
  app.decorateRequest('lang', 'cn');
  registerErrorHandler(app);
  await app.register(async (plugin) => {
    const api = withContract(plugin);
    api.get('/leaky', { schema: { response: replies(shape) } }, async (request) => ok(request.lang, leaky()));
    // A service that changed under the route: a required field missing, a number that is not.
    api.get('/missing', { schema: { response: replies(shape) } }, async (request) => {
      const { user: _user, ...rest } = leaky();
      return ok(request.lang, rest as unknown as z.infer<typeof shape>);
    });
    api.get('/wrong-type', { schema: { response: replies(shape) } }, async (request) =>
      ok(request.lang, leaky({ user: { id: 'not a number', name: SECRET } }) as unknown as z.infer<typeof shape>),
    );
    // Kept data, replied many times: frozen once, written once.
    const kept = frozen(leaky());
    const live = leaky();
    api.get('/kept', { schema: { response: replies(shape) } }, async (request) => ok(request.lang, kept));
    api.get('/kept-elsewhere', { schema: { response: replies(line) } }, async (request) =>
      ok(request.lang, kept.lines[0]!),
    );
    api.get('/live', { schema: { response: replies(shape) } }, async (request) => ok(request.lang, live));
    api.post('/live', async () => {
      live.user.name = 'Wang';
      live.lines.push({ msisdn: '08011112222', usedMb: 4, iccid: SECRET });
      return { changed: true };
    });
    api.post('/kept', async () => {
      (kept.user as { name: string }).name = 'Wang';
      return { changed: true };
    });
    api.get('/no-branch', { schema: { response: replies(shape) } }, async () => ({ code: 5, data: leaky() }) as never);
  });
  await app.ready();
});

afterAll(() => app.close());

describe('compiled reply serializer', () => {
  it('sends every declared field, and no undeclared one at any depth', async () => {
    const res = await app.inject({ method: 'GET', url: '/leaky' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    const body = res.json();
    expect(body).toMatchObject({ code: 1, msg: expect.any(String), time: expect.any(Number) });
    expect(body.data).toEqual({
      user: { id: 7, name: 'Li' },
      lines: [{ msisdn: '09012345678', usedMb: 10 }],
      nested: [[{ msisdn: '09012345678', usedMb: 1 }]],
      byMonth: { '2026-11': { msisdn: '09012345678', usedMb: 2 } },
      maybe: { msisdn: '09012345678', usedMb: 3 },
      absent: null,
      note: null,
      validity: { kind: 'days', days: 30 },
      status: 'active' as const,
    });
  });

  it('writes the same JSON zod would', async () => {
    const res = await app.inject({ method: 'GET', url: '/leaky' });
    const expected = replies(shape)[200].parse(res.json());
    expect(res.body).toBe(JSON.stringify(expected));
  });

  for (const url of ['/missing', '/wrong-type', '/no-branch']) {
    it(`answers a reply that does not fit (${url}) with a plain 500, logged`, async () => {
      errors.length = 0;
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain('09012345678');
      expect(res.json()).toMatchObject({ code: 0, data: { error: 'SERVER_ERROR' } });
      expect(errors).toHaveLength(1);
    });
  }
});

describe('data kept and replied many times', () => {
  it('is written like any reply, undeclared fields dropped, each reply with its own time', async () => {
    const first = await app.inject({ method: 'GET', url: '/kept' });
    const fresh = await app.inject({ method: 'GET', url: '/leaky' });
    expect(first.body).not.toContain(SECRET);
    expect(first.json().data).toEqual(fresh.json().data);
    expect(first.body).toBe(JSON.stringify(replies(shape)[200].parse(first.json())));
    const { time: _t, ...head } = first.json();
    expect(head).toMatchObject({ code: 1, msg: fresh.json().msg });
  });

  it('is written for each reply schema by that schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/kept-elsewhere' });
    expect(res.json().data).toEqual({ msisdn: '09012345678', usedMb: 10 });
  });

  it('cannot change once frozen, so what was written stays true', async () => {
    const change = await app.inject({ method: 'POST', url: '/kept' });
    expect(change.statusCode).toBe(500);
    const again = await app.inject({ method: 'GET', url: '/kept' });
    expect(again.json().data.user).toEqual({ id: 7, name: 'Li' });
  });

  it('says each reply its own time and message, though its data is written once', () => {
    // Kept whole for a second and a message at a time: a reply a second later, or in the
    // other language, must not be the one kept before it.
    const write = replyWriter(replies(shape)[200]);
    const kept = frozen(leaky());
    const read = (time: number, msg: string) => JSON.parse(String(write({ code: 1, msg, time, data: kept })));
    expect(read(100, '成功')).toMatchObject({ time: 100, msg: '成功' });
    expect(read(100, '成功しました')).toMatchObject({ time: 100, msg: '成功しました' });
    expect(read(101, '成功しました')).toMatchObject({ time: 101, msg: '成功しました' });
    const last = read(101, '成功');
    expect(last).toMatchObject({ time: 101, msg: '成功' });
    expect(last.data).toEqual(read(100, '成功').data);
    expect(JSON.stringify(last)).not.toContain(SECRET);
  });

  it('data not frozen is written afresh: a change shows in the next reply', async () => {
    const before = await app.inject({ method: 'GET', url: '/live' });
    expect(before.json().data.user.name).toBe('Li');
    await app.inject({ method: 'POST', url: '/live' });
    const after = await app.inject({ method: 'GET', url: '/live' });
    expect(after.json().data.user.name).toBe('Wang');
    expect(after.json().data.lines).toHaveLength(2);
    expect(after.body).not.toContain(SECRET);
  });
});
