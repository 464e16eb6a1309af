import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../contract/api';
import { outbox } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { lastMail, type SignedInBody } from './helpers/requests';
import { signInStaff, totpCode } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Answer {
  status: number;
  retryAfter: number;
  body: Envelope<{ error?: string; userinfo?: SignedInBody['userinfo']; csrf?: string }>;
  cookie: string;
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

// Issue 26: every limit, code checks included, answers the same way: HTTP 429, Retry-After in
// seconds, and the envelope with code 0, a localized message and a stable data.error key.
describe.each(backends)('every limit answers 429 with Retry-After on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  let ips = 0;
  /** Each call from an address of its own, so only the limit under test can refuse it. */
  const post = async (url: string, form: Record<string, string>, headers: Record<string, string> = {}) => {
    ips += 1;
    const json = url.startsWith('/api/admin/');
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
        'accept-language': 'zh-cn',
        'x-forwarded-for': `10.26.${Math.floor(ips / 250)}.${ips % 250}`,
        ...headers,
      },
      payload: json ? JSON.stringify(form) : new URLSearchParams(form).toString(),
    });
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0]!;
    return { status: res.statusCode, retryAfter: Number(res.headers['retry-after']), body: res.json(), cookie };
  };
  const expectLimited = (answer: Answer, error: string, atMostSeconds: number) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(429);
    expect(answer.body).toMatchObject({ code: 0, data: { error } });
    expect(answer.body.msg).not.toMatch(/\{\{|api\.|^$/);
    expect(answer.retryAfter).toBeGreaterThanOrEqual(1);
    expect(answer.retryAfter).toBeLessThanOrEqual(atMostSeconds);
  };
  const mailedCode = (email: string, after = '') =>
    vi.waitFor(
      async () => {
        const mail = await lastMail(t.app.db, email);
        return mail?.code && mail.code !== after ? mail.code : Promise.reject(new Error('no mail yet'));
      },
      { timeout: 5000, interval: 25 },
    );
  const nextMinute = () =>
    t.app.db.execute(`update rate_limits set window_start = now() - interval '2 minutes' where bucket like '%:minute'`);
  /** Fills a counter to its limit, as that many earlier requests would have. */
  const usedUp = (bucket: string, key: string, count: number) =>
    t.app.db.execute(
      `insert into rate_limits (bucket, key, window_start, count) values ('${bucket}', '${key}', now(), ${count})
       on conflict (bucket, key) do update set count = ${count}, window_start = now()`,
    );

  it('refuses a reset code past its 5 guesses with 429, the right code included; a new code works', async () => {
    const email = 'coder@example.com';
    await post('/api/user/register', { username: 'coder', email, password: 'right1234', repassword: 'right1234' });
    expect((await post('/api/user/retrieve', { email })).body.code).toBe(1);
    const code = await mailedCode(email);
    const form = (guess: string) => ({ email, code: guess, password: 'taken0ver1', repassword: 'taken0ver1' });
    for (let i = 0; i < 5; i += 1)
      expect((await post('/api/user/retrieve', form(wrong(code)))).body).toMatchObject({
        code: 0,
        data: { error: 'CODE_WRONG' },
      });
    const sixth = await post('/api/user/retrieve', form(code));
    expectLimited(sixth, 'CODE_ATTEMPTS', 11 * 60);
    expect(sixth.body.msg).toBe('验证码输错次数过多，请重新获取验证码');
    const inJapanese = await post('/api/user/retrieve', form(code), { 'accept-language': 'ja' });
    expect(inJapanese.body.msg).toBe('確認コードの入力ミスが多すぎます。新しいコードを取得してください');
    expect((await post('/api/user/login', { email, password: 'taken0ver1' })).body.code).toBe(0);

    await nextMinute();
    expect((await post('/api/user/retrieve', { email })).body.code).toBe(1);
    const fresh = await mailedCode(email, code);
    expect((await post('/api/user/retrieve', form(fresh))).body.code).toBe(1);
  });

  it('refuses an activation code past its 5 guesses with 429', async () => {
    const email = 'buyer26@example.com';
    expect((await post('/api/user/fast_register', { email })).body.code).toBe(1);
    const code = await mailedCode(email);
    const form = (guess: string) => ({ email, code: guess, password: 'mine12345', repassword: 'mine12345' });
    for (let i = 0; i < 5; i += 1)
      expect((await post('/api/user/activation', form(wrong(code)))).body.data.error).toBe('CODE_WRONG');
    expectLimited(await post('/api/user/activation', form(code)), 'CODE_ATTEMPTS', 11 * 60);
  });

  it('refuses a change-of-address code past its 5 guesses with 429', async () => {
    const signedUp = await post('/api/user/register', {
      username: 'mover',
      email: 'mover@example.com',
      password: 'right1234',
      repassword: 'right1234',
    });
    const token = signedUp.body.data.userinfo!.token;
    const sent = await post('/api/ems/send', { email: 'moved@example.com', event: 'change_email' }, { token });
    expect(sent.body.code).toBe(1);
    const code = await mailedCode('moved@example.com');
    const form = (guess: string) => ({ username: 'mover', email: 'moved@example.com', code: guess });
    for (let i = 0; i < 5; i += 1)
      expect((await post('/api/user/profile', form(wrong(code)), { token })).body.data.error).toBe('CODE_WRONG');
    expectLimited(await post('/api/user/profile', form(code), { token }), 'CODE_ATTEMPTS', 11 * 60);
  });

  it('refuses an SMS code past its 5 guesses with 429; a new code works', async () => {
    const signedUp = await post('/api/user/register', {
      username: 'texter',
      email: 'texter@example.com',
      password: 'right1234',
      repassword: 'right1234',
    });
    const token = signedUp.body.data.userinfo!.token;
    const number = { country: '81', mobile: '070-2626-0001' };
    const smsCode = async () => {
      const [row] = await t.app.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, '+817026260001'))
        .orderBy(outbox.id)
        .then((rows) => rows.slice(-1));
      return /\b(\d{6})\b/.exec(row!.body)![1]!;
    };
    expect((await post('/api/sms/send', number, { token })).body.code).toBe(1);
    const code = await smsCode();
    for (let i = 0; i < 5; i += 1)
      expect((await post('/api/user/bind', { ...number, code: wrong(code) }, { token })).body.data.error).toBe(
        'CODE_WRONG',
      );
    expectLimited(await post('/api/user/bind', { ...number, code }, { token }), 'CODE_ATTEMPTS', 11 * 60);

    await nextMinute();
    expect((await post('/api/sms/send', number, { token })).body.code).toBe(1);
    expect((await post('/api/user/bind', { ...number, code: await smsCode() }, { token })).body.code).toBe(1);
  });

  it('refuses a staff member past 5 authenticator codes and 5 wrong passwords with 429', async () => {
    const member = await signInStaff(t.app, 'support');
    const password = `${member.login}-own-password-2026`;
    const login = await post('/api/admin/login', { login: member.login, password });
    const session = { cookie: login.cookie, 'x-csrf-token': login.body.data.csrf! };
    const right = await totpCode(member.secret, new Date(Date.now() + 30_000));
    // The code that set the authenticator up was the first of the quarter-hour's 5.
    for (let i = 0; i < 4; i += 1)
      expect((await post('/api/admin/totp', { code: wrong(right) }, session)).body.data.error).toBe('STAFF_BAD_CODE');
    const sixth = await post('/api/admin/totp', { code: right }, session);
    expectLimited(sixth, 'RATE_LIMITED', 15 * 60);
    expect(sixth.body.msg).toMatch(/^登录失败次数过多，请 \d+ 分钟后再试$/);

    // Passwords: from one address, the 5th failure earns a wait and the 6th try meets it.
    const from = { 'x-forwarded-for': '192.0.2.26' };
    const tries = [];
    for (let i = 0; i < 6; i += 1)
      tries.push(await post('/api/admin/login', { login: member.login, password: `guess-${i}-wrong` }, from));
    expect(tries.slice(0, 5).map((a) => a.body.data.error)).toEqual(Array(5).fill('STAFF_BAD_LOGIN'));
    expectLimited(tries[5]!, 'RATE_LIMITED', 15 * 60);
  });

  it('answers every other counter at its limit the same way', async () => {
    const signedUp = await post('/api/user/register', {
      username: 'counted',
      email: 'counted@example.com',
      password: 'right1234',
      repassword: 'right1234',
    });
    const { token, id } = signedUp.body.data.userinfo!;
    const here = { 'x-forwarded-for': '198.51.100.26' };
    const newcomer = { username: 'late', email: 'late@example.com', password: 'right1234', repassword: 'right1234' };
    const cases = [
      {
        bucket: 'email:minute',
        key: 'retrieve:a@example.com',
        limit: 1,
        error: 'CODE_TOO_SOON',
        within: 60,
        request: () => post('/api/user/retrieve', { email: 'a@example.com' }),
      },
      {
        bucket: 'email:hour',
        key: 'retrieve:b@example.com',
        limit: 5,
        error: 'RATE_LIMITED',
        within: 3600,
        request: () => post('/api/user/retrieve', { email: 'b@example.com' }),
      },
      {
        bucket: 'email:ip',
        key: '198.51.100.26',
        limit: 20,
        error: 'RATE_LIMITED',
        within: 3600,
        request: () => post('/api/user/retrieve', { email: 'c@example.com' }, here),
      },
      {
        bucket: 'register:ip',
        key: '198.51.100.26',
        limit: 30,
        error: 'RATE_LIMITED',
        within: 3600,
        request: () => post('/api/user/register', newcomer, here),
      },
      {
        bucket: 'handoff:user',
        key: String(id),
        limit: 10,
        error: 'RATE_LIMITED',
        within: 3600,
        request: () => post('/api/handoff/create', { orderNo: '' }, { token }),
      },
      {
        bucket: 'sms:account',
        key: String(id),
        limit: 20,
        error: 'RATE_LIMITED',
        within: 3600,
        request: () => post('/api/sms/send', { country: '81', mobile: '070-2626-0009' }, { token }),
      },
    ];
    for (const { bucket, key, limit, error, within, request } of cases) {
      await usedUp(bucket, key, limit);
      expectLimited(await request(), error, within);
    }
  });
});
