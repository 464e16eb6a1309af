import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailCodes, outbox, rateLimits, users } from '../../server/db/schema';
import { pruneNowAndThen } from '../../server/lib/rate-limits';
import { backends } from './helpers/databases';
import { lastMail } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

// Behind a proxy (TRUST_PROXY on), so X-Forwarded-For names the client and rotating
// addresses really count as different clients.
describe.each(backends)('limits under concurrency on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  const post = async (url: string, form: Record<string, string>, ip: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'zh-cn',
        'x-forwarded-for': ip,
        ...headers,
      },
      payload: new URLSearchParams(form).toString(),
    });
    const body = res.json<{ code: number; msg: string; data: { error?: string; userinfo?: { token: string } } }>();
    return { status: res.statusCode, retryAfter: res.headers['retry-after'], body };
  };
  const register = (name: string, ip = '198.51.100.1') =>
    post(
      '/api/user/register',
      { username: name, email: `${name}@example.com`, password: 'right1234', repassword: 'right1234' },
      ip,
    );
  const login = (email: string, password: string, ip: string) => post('/api/user/login', { email, password }, ip);
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('compares at most 5 of 60 concurrent reset-code guesses; the right code sent as number 30 is refused', async () => {
    await register('victim');
    expect((await post('/api/user/retrieve', { email: 'victim@example.com' }, '203.0.113.9')).body.code).toBe(1);
    const { code } = await vi.waitFor(
      async () => (await lastMail(t.database.handle.db, 'victim@example.com')) ?? Promise.reject(new Error('no mail')),
      { timeout: 5000, interval: 25 },
    );
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 29 ? code : wrongCode(code)));
    const answers = await Promise.all(
      guesses.map((guess, i) =>
        post(
          '/api/user/retrieve',
          { email: 'victim@example.com', code: guess, password: 'taken0ver1', repassword: 'taken0ver1' },
          `203.0.113.${i + 10}`,
        ),
      ),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(0);
    // Past the code's 5 guesses every answer is 429 with its wait, the right code's included.
    expect(answers.filter((a) => a.status !== 429).length).toBeLessThanOrEqual(5);
    expect(answers[29]).toMatchObject({ status: 429, body: { data: { error: 'CODE_ATTEMPTS' } } });
    expect(Number(answers[29]!.retryAfter)).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.handle.db
      .select()
      .from(emailCodes)
      .where(eq(emailCodes.email, 'victim@example.com'))
      .orderBy(desc(emailCodes.id))
      .limit(1);
    expect(row!.attempts).toBe(5);
    expect((await login('victim@example.com', 'taken0ver1', '198.51.100.1')).body.data).toMatchObject({
      error: 'LOGIN_FAILED',
    });
    expect((await login('victim@example.com', 'right1234', '198.51.100.1')).body.code).toBe(1);
  });

  it('checks at most 5 of 60 concurrent passwords from one address; the rest get 429 with Retry-After', async () => {
    await register('busy');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login('busy@example.com', i === 29 ? 'right1234' : `guess${i}xx1`, '203.0.113.200'),
      ),
    );
    const checked = answers.filter((a) => a.body.data.error === 'LOGIN_FAILED' || a.body.code === 1);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers[29]!.status).toBe(429);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(55);
    for (const a of refused) {
      expect(a.body).toMatchObject({ code: 0, data: { error: 'RATE_LIMITED' } });
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(refused[0]!.body.msg).toMatch(/^登录失败次数过多，请 \d+ 分钟后再试$/);
  });

  it('never refuses the owner signing in many times at once from the address they registered at', async () => {
    await register('many-tabs', '192.0.2.44');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login('many-tabs@example.com', 'right1234', '192.0.2.44')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    expect(answers.every((a) => a.body.code === 1)).toBe(true);
  });

  it('lets the owner in from their own address while a stranger guesses from rotating addresses', async () => {
    await register('owner');
    // The owner signed in from home before: that pair is known.
    expect((await login('owner@example.com', 'right1234', '192.0.2.7')).body.code).toBe(1);
    // A stranger: 5 from one address (then slowed), then one guess from each of 60 more addresses.
    for (let i = 0; i < 5; i += 1)
      expect((await login('owner@example.com', `guess${i}xx1`, '203.0.113.50')).body.data.error).toBe('LOGIN_FAILED');
    expect((await login('owner@example.com', 'right1234', '203.0.113.50')).status).toBe(429);
    const rotating = [];
    for (let i = 0; i < 60; i += 1) rotating.push(await login('owner@example.com', `guess${i}yy1`, `10.9.${i}.1`));
    // The account's ceiling (50 an hour across addresses) stops the stranger's new addresses...
    expect(rotating.filter((a) => a.body.data.error === 'LOGIN_FAILED').length).toBeLessThanOrEqual(50);
    expect(rotating.at(-1)!.status).toBe(429);
    // ...but not the owner, whose pair signed in before.
    expect((await login('owner@example.com', 'right1234', '192.0.2.7')).body.code).toBe(1);
    expect((await login('owner@example.com', 'right1234', '192.0.2.7')).body.code).toBe(1);
  });

  it('50 failures from one address on account A do not slow account B from that address', async () => {
    await register('account-a');
    await register('account-b');
    for (let i = 0; i < 50; i += 1) await login('account-a@example.com', `guess${i}xx1`, '100.64.0.1');
    expect((await login('account-b@example.com', 'right1234', '100.64.0.1')).body.code).toBe(1);
    // A's owner at another address of the same carrier is not locked out either.
    expect((await login('account-a@example.com', 'right1234', '100.64.0.2')).body.code).toBe(1);
  });

  it('slows one busy address only for new pairs once it reaches its ceiling', async () => {
    await register('campus-known');
    expect((await login('campus-known@example.com', 'right1234', '100.64.9.9')).body.code).toBe(1);
    // 100 failures for 100 different (unknown) accounts from one campus address.
    for (let i = 0; i < 100; i += 1)
      expect((await login(`nobody${i}@example.com`, 'guess1234', '100.64.9.9')).body.data.error).toBe('LOGIN_FAILED');
    const stranger = await login('nobody-else@example.com', 'guess1234', '100.64.9.9');
    expect(stranger.status).toBe(429);
    expect(Number(stranger.retryAfter)).toBeGreaterThan(60);
    // A customer who signed in from there before is not slowed.
    expect((await login('campus-known@example.com', 'right1234', '100.64.9.9')).body.code).toBe(1);
  });

  it('drops counters days after their window, but keeps a known pair', async () => {
    const db = t.database.handle.db;
    await db.execute(`insert into rate_limits (bucket, key, window_start, count, amount) values
      ('sms:ip', 'old-address', now() - interval '3 days', 20, 0), ('login:pair', 'old@example.com|1.2.3.4', now() - interval '3 days', 0, 1)`);
    pruneNowAndThen(db, new Date(Date.now() + 2 * 60 * 60 * 1000));
    const left = await vi.waitFor(
      async () => {
        const rows = await db
          .select()
          .from(rateLimits)
          .where(inArray(rateLimits.key, ['old-address', 'old@example.com|1.2.3.4']));
        expect(rows.map((r) => r.key)).toEqual(['old@example.com|1.2.3.4']);
        return rows;
      },
      { timeout: 5000, interval: 25 },
    );
    expect(left).toHaveLength(1);
  });

  describe('SMS', () => {
    let token = '';
    let other = '';
    beforeAll(async () => {
      token = (await register('sms-one')).body.data.userinfo!.token;
      other = (await register('sms-two')).body.data.userinfo!.token;
    });
    const send = (mobile: string, ip: string, tok = token) =>
      post('/api/sms/send', { country: '81', mobile }, ip, { token: tok });

    it('sends 20 an hour from one address and refuses the 21st with 429, for any account', async () => {
      const answers = [];
      for (let i = 0; i < 20; i += 1) answers.push(await send(`070-7100-${1000 + i}`, '198.51.100.20'));
      expect(answers.map((a) => a.body.code)).toEqual(Array(20).fill(1));
      const twentyFirst = await send('070-7100-2000', '198.51.100.20', other);
      expect(twentyFirst.status).toBe(429);
      expect(twentyFirst.body).toMatchObject({
        code: 0,
        msg: '操作过于频繁，请稍后再试',
        data: { error: 'RATE_LIMITED' },
      });
      expect(Number(twentyFirst.retryAfter)).toBeGreaterThan(3000);
      const sent = await t.database.handle.db.select().from(outbox).where(eq(outbox.channel, 'sms'));
      expect(sent).toHaveLength(20);
    });

    it('sends 20 an hour for one account, whatever address it comes from', async () => {
      const answer = await send('070-7200-1000', '198.51.100.21');
      expect(answer.status).toBe(429);
      expect(answer.body.data).toMatchObject({ error: 'RATE_LIMITED' });
    });

    it('sends one a minute and 5 an hour to one number', async () => {
      const number = '070-7300-1000';
      const ip = (i: number) => `198.51.100.${40 + i}`;
      expect((await send(number, ip(0), other)).body.code).toBe(1);
      const tooSoon = await send(number, ip(1), other);
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body.data).toMatchObject({ error: 'CODE_TOO_SOON' });
      expect(tooSoon.body.msg).toMatch(/请 \d+ 秒后再试/);
      for (let i = 2; i < 6; i += 1) {
        await t.database.handle.db.execute(
          `update rate_limits set window_start = now() - interval '2 minutes' where bucket = 'sms:minute'`,
        );
        expect((await send(number, ip(i), other)).body.code).toBe(1);
      }
      await t.database.handle.db.execute(
        `update rate_limits set window_start = now() - interval '2 minutes' where bucket = 'sms:minute'`,
      );
      const sixth = await send(number, ip(7), other);
      expect(sixth.status).toBe(429);
      expect(sixth.body.data).toMatchObject({ error: 'RATE_LIMITED' });
    });

    it('compares at most 5 of 60 concurrent bind codes; the right one as number 30 is refused', async () => {
      const sms = await t.database.handle.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, '+817073001000')))
        .orderBy(desc(outbox.id))
        .limit(1);
      const code = /\b(\d{6})\b/.exec(sms[0]!.body)![1]!;
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          post(
            '/api/user/bind',
            { country: '81', mobile: '070-7300-1000', code: i === 29 ? code : wrongCode(code) },
            `198.51.101.${i}`,
            { token: other },
          ),
        ),
      );
      expect(answers.filter((a) => a.body.code === 1)).toHaveLength(0);
      expect(answers.filter((a) => a.status !== 429).length).toBeLessThanOrEqual(5);
      expect(answers[29]).toMatchObject({ status: 429, body: { data: { error: 'CODE_ATTEMPTS' } } });
    });

    it("counts asking whether a number is taken against the account's 20 an hour", async () => {
      const prober = (await register('sms-prober')).body.data.userinfo!.token;
      await t.database.handle.db.update(users).set({ mobile: '+817074000000' }).where(eq(users.username, 'sms-two'));
      const answers = [];
      for (let i = 0; i < 20; i += 1) answers.push(await send('070-7400-0000', `198.51.102.${i}`, prober));
      expect(answers.map((a) => a.body.data.error)).toEqual(Array(20).fill('MOBILE_TAKEN'));
      const twentyFirst = await send('070-7400-0000', '198.51.102.99', prober);
      expect(twentyFirst.status).toBe(429);
      expect(twentyFirst.body.data).toMatchObject({ error: 'RATE_LIMITED' });
    });

    it('checks at most 5 passwords a quarter-hour when moving an account to another number', async () => {
      const owner = (await register('sms-rebind')).body.data.userinfo!.token;
      await t.database.handle.db.update(users).set({ mobile: '+817075000000' }).where(eq(users.username, 'sms-rebind'));
      const tries = [];
      for (let i = 0; i < 6; i += 1) {
        tries.push(
          await post(
            '/api/user/bind',
            { country: '81', mobile: '070-7500-1111', code: '123456', password: `guess${i}abc` },
            `198.51.103.${i}`,
            { token: owner },
          ),
        );
      }
      expect(tries.slice(0, 5).map((a) => a.body.data.error)).toEqual(Array(5).fill('PASSWORD_WRONG'));
      expect(tries[5]!.status).toBe(429);
      expect(Number(tries[5]!.retryAfter)).toBeGreaterThan(0);
    });
  });
});
