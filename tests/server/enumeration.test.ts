import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailMessage, MailProvider } from '../../server/notifications/providers/mail-provider';
import { backends } from './helpers/databases';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A mail server that takes its time, as a real one over the network does. */
function slowMail(delayMs: number): MailProvider & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'smtp',
    sent,
    async send(message) {
      await new Promise((r) => setTimeout(r, delayMs));
      sent.push(message);
    },
  };
}

describe.each(backends)('no account enumeration on %s', (backend) => {
  let t: TestApp;
  const mail = slowMail(400);
  beforeAll(async () => {
    t = await createTestApp(backend, { mail, env: { TRUST_PROXY: 'true' } });
    const form = { username: 'known', email: 'known@example.com', password: 'right1234', repassword: 'right1234' };
    await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/fast_register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=buyer%40example.com',
    });
  });
  afterAll(() => t.close());

  const send = async (path: string, email: string, ip: string) => {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'zh-cn',
        'x-forwarded-for': ip,
      },
      payload: new URLSearchParams({ email }).toString(),
    });
    const body = res.json<{ code: number; msg: string; data: { requestId?: string } }>();
    // The request's own id (a refusal's reference for support) is random: it says nothing of the address.
    const { requestId: _id, ...data } = body.data;
    // The wait in the message may tick over a second between two answers.
    return {
      status: res.statusCode,
      code: body.code,
      data,
      msg: body.msg.replace(/\d+/g, 'N'),
      ms: performance.now() - started,
    };
  };
  const twice = async (path: string, email: string, ip: string) => [
    await send(path, email, ip),
    await send(path, email, ip),
  ];
  const shape = ({ status, code, data, msg }: { status: number; code: number; data: unknown; msg: string }) => ({
    status,
    code,
    data,
    msg,
  });

  it('answers retrieve twice the same way for an existing and an unknown address', async () => {
    const known = await twice('/api/user/retrieve', 'known@example.com', '203.0.113.1');
    const unknown = await twice('/api/user/retrieve', 'ghost@example.com', '203.0.113.2');
    expect(known.map(shape)).toEqual(unknown.map(shape));
    expect(known[0]).toMatchObject({ status: 200, code: 1 });
    expect(known[1]).toMatchObject({ status: 429, data: { error: 'CODE_TOO_SOON' } });
  });

  it('answers activation twice the same way for a password-less, an active and an unknown address', async () => {
    // The welcome mail of the fast registration was an activation mail a moment ago.
    await t.database.handle.db.execute(
      `update rate_limits set window_start = now() - interval '2 minutes' where bucket = 'email:minute'`,
    );
    const passwordless = await twice('/api/user/activation', 'buyer@example.com', '203.0.113.3');
    const active = await twice('/api/user/activation', 'known@example.com', '203.0.113.4');
    const unknown = await twice('/api/user/activation', 'ghost2@example.com', '203.0.113.5');
    expect(passwordless.map(shape)).toEqual(unknown.map(shape));
    expect(active.map(shape)).toEqual(unknown.map(shape));
    expect(unknown[1]).toMatchObject({ status: 429, data: { error: 'CODE_TOO_SOON' } });
  });

  it('answers before the mail is sent, so timing does not tell which addresses have accounts', async () => {
    await new Promise((r) => setTimeout(r, 500)); // mails of the tests before are out
    const before = mail.sent.length;
    await t.database.handle.db.execute(
      `update rate_limits set window_start = now() - interval '2 minutes' where bucket = 'email:minute'`,
    );
    const fresh = await send('/api/user/retrieve', 'known@example.com', '203.0.113.6');
    expect(fresh.code).toBe(1);
    // The mail server takes 400 ms; the answer does not wait for it.
    expect(fresh.ms).toBeLessThan(300);
    await vi.waitFor(async () => expect(mail.sent.length).toBe(before + 1), { timeout: 5000, interval: 25 });
    expect(mail.sent.at(-1)?.to).toBe('known@example.com');
    expect(mail.sent.filter((m) => m.to.startsWith('ghost'))).toHaveLength(0);
  });

  it('limits code mails per address the same whether or not it has an account', async () => {
    const results: Record<string, number[]> = { 'known@example.com': [], 'ghost3@example.com': [] };
    for (const email of Object.keys(results)) {
      await t.database.handle.db.execute(`delete from rate_limits where bucket like 'email:%'`);
      for (let i = 0; i < 6; i += 1) {
        await t.database.handle.db.execute(
          `update rate_limits set window_start = now() - interval '2 minutes' where bucket = 'email:minute'`,
        );
        results[email]!.push((await send('/api/user/retrieve', email, `198.51.100.${i}`)).status);
      }
    }
    expect(results['known@example.com']).toEqual([200, 200, 200, 200, 200, 429]);
    expect(results['ghost3@example.com']).toEqual(results['known@example.com']);
  });

  it('refuses code guesses past the limit with the same 429 whether or not the address has a code', async () => {
    await t.database.handle.db.execute(`delete from rate_limits where bucket like 'email:%'`);
    const guesses = async (email: string) => {
      expect((await send('/api/user/retrieve', email, '198.51.100.77')).code).toBe(1);
      const answers = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user/retrieve',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh-cn' },
          payload: new URLSearchParams({
            email,
            code: '000000',
            password: 'new12345',
            repassword: 'new12345',
          }).toString(),
        });
        // The envelope's `time` is the second it was written: two runs may straddle one; the
        // request's id is random.
        const { time: _time, ...body } = res.json<{ time: number; data: { requestId?: string } }>();
        const { requestId: _id, ...data } = body.data;
        answers.push({
          status: res.statusCode,
          body: { ...body, data },
          retryAfter: Boolean(res.headers['retry-after']),
        });
      }
      return answers;
    };
    const known = await guesses('known@example.com');
    expect(known.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(known[5]!.retryAfter).toBe(true);
    expect(await guesses('ghost4@example.com')).toEqual(known);
  });

  it('limits registration per address with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const form = { username: `reg${i}`, email: `known@example.com`, password: 'right1234', repassword: 'right1234' };
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.99' },
        payload: new URLSearchParams(form).toString(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
