import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../contract/api';
import { STAFF_ABSOLUTE_MS } from '../../contract/staff-roles';
import { auditLog, staff } from '../../server/db/schema';
import { runCommand } from '../../server/ops/cli';
import { staffSession } from '../../server/lib/staff-sessions';
import { backends } from './helpers/databases';
import { oneTimePasswordIn, signInStaff, totpCode } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

describe.each(backends)('staff sign-in on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const json = { 'content-type': 'application/json', 'accept-language': 'zh-cn' };
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...json, ...headers }, payload: JSON.stringify(payload) });
  const cookieOf = (setCookie: unknown) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie);

  it('takes a one-time password, then a TOTP set up by QR, then a password of their own', async () => {
    const out = await runCommand(['staff', 'add', '--role', 'reviewer'], {
      db: t.app.db,
      vault: t.app.documents,
      actor: 'test',
    });
    const login = /staff (\S+) \(reviewer\) added/.exec(out)?.[1] ?? '';
    expect(login).toBe('reviewer1');
    const password = oneTimePasswordIn(out);
    expect(password).toHaveLength(16);

    expect((await post('/api/admin/login', { login, password: 'wrong-password' })).json()).toMatchObject({
      code: 0,
      data: { error: 'STAFF_BAD_LOGIN' },
    });
    const first = await post('/api/admin/login', { login, password });
    const setCookie = cookieOf(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const cookie = setCookie.split(';')[0]!;
    const { stage, csrf } = first.json<Envelope<{ stage: string; csrf: string }>>().data;
    expect(stage).toBe('totp-setup');

    // Nothing of the console before the second factor.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).statusCode).toBe(200);
    const setup = await t.app.inject({ method: 'GET', url: '/api/admin/totp/setup', headers: { cookie } });
    const { secret, uri } = setup.json<Envelope<{ secret: string; uri: string }>>().data;
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);

    // A change without the CSRF token is refused, whatever it carries.
    const noCsrf = await post('/api/admin/totp', { code: await totpCode(secret) }, { cookie });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toMatchObject({ data: { error: 'CSRF_REFUSED' } });
    const wrongCsrf = await post(
      '/api/admin/totp',
      { code: await totpCode(secret) },
      { cookie, 'x-csrf-token': 'x' + csrf },
    );
    expect(wrongCsrf.statusCode).toBe(403);

    expect((await post('/api/admin/totp', { code: '000000' }, { cookie, 'x-csrf-token': csrf })).json()).toMatchObject({
      data: { error: 'STAFF_BAD_CODE' },
    });
    const code = await totpCode(secret);
    const second = await post('/api/admin/totp', { code }, { cookie, 'x-csrf-token': csrf });
    expect(second.json()).toMatchObject({ code: 1, data: { stage: 'password-change' } });
    expect(
      (await post('/api/admin/password', { password: 'short' }, { cookie, 'x-csrf-token': csrf })).json(),
    ).toMatchObject({ data: { error: 'STAFF_PASSWORD_WEAK' } });
    expect((await post('/api/admin/password', { password }, { cookie, 'x-csrf-token': csrf })).json()).toMatchObject({
      data: { error: 'STAFF_PASSWORD_WEAK' },
    });
    const own = await post(
      '/api/admin/password',
      { password: 'a-long-password-of-mine' },
      { cookie, 'x-csrf-token': csrf },
    );
    expect(own.json()).toMatchObject({ code: 1, data: { stage: 'active' } });

    // The next sign-in: the one-time password is gone, the TOTP is required, and a code works once.
    expect((await post('/api/admin/login', { login, password })).json()).toMatchObject({
      data: { error: 'STAFF_BAD_LOGIN' },
    });
    const again = await post('/api/admin/login', { login, password: 'a-long-password-of-mine' });
    expect(again.json()).toMatchObject({ code: 1, data: { stage: 'password' } });
    const cookie2 = cookieOf(again.headers['set-cookie']).split(';')[0]!;
    const csrf2 = again.json<Envelope<{ csrf: string }>>().data.csrf;
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: cookie2 } });
    expect(me.json()).toMatchObject({ data: { stage: 'password', staff: { login, role: 'reviewer' } } });
    // The password alone opens nothing of the console.
    const early = await t.app.inject({ method: 'GET', url: '/api/admin/review', headers: { cookie: cookie2 } });
    expect(early.statusCode).toBe(401);
    expect(early.json()).toMatchObject({ data: { error: 'STAFF_SIGN_IN_FIRST' } });
    const replay = await post('/api/admin/totp', { code }, { cookie: cookie2, 'x-csrf-token': csrf2 });
    expect(replay.json()).toMatchObject({ data: { error: 'STAFF_BAD_CODE' } });
  });

  it('ends sessions after 30 idle minutes and after 12 hours however busy', async () => {
    const client = await signInStaff(t.app, 'support');
    expect((await client.call<{ stage: string }>('GET', '/api/admin/me')).body.data).toMatchObject({ stage: 'active' });
    const token = decodeURIComponent(client.cookie.split('=')[1]!);
    const start = new Date();
    expect(await staffSession(t.app.db, token, start)).not.toBeNull();
    expect(await staffSession(t.app.db, token, new Date(start.getTime() + 31 * 60_000))).toBeNull();
    // Ended for good: coming back sooner does not revive it.
    expect(await staffSession(t.app.db, token, start)).toBeNull();

    const busy = await signInStaff(t.app, 'support');
    const busyToken = decodeURIComponent(busy.cookie.split('=')[1]!);
    const began = Date.now();
    // Every 20 minutes, up to just before the 12 hours are over.
    for (let at = began + 20 * 60_000; at < began + STAFF_ABSOLUTE_MS - 60_000; at += 20 * 60_000) {
      expect(await staffSession(t.app.db, busyToken, new Date(at))).not.toBeNull();
    }
    expect(await staffSession(t.app.db, busyToken, new Date(Date.now() + STAFF_ABSOLUTE_MS + 60_000))).toBeNull();
  });

  it('refuses a disabled account at once, and logs out for good', async () => {
    const client = await signInStaff(t.app, 'finance');
    expect((await client.call('GET', '/api/admin/me')).status).toBe(200);
    await runCommand(['staff', 'disable', client.login], { db: t.app.db, vault: t.app.documents, actor: 'test' });
    expect((await client.call('GET', '/api/admin/me')).status).toBe(401);
    const [row] = await t.app.db.select().from(staff).where(eq(staff.login, client.login));
    expect(row!.disabledAt).not.toBeNull();

    const other = await signInStaff(t.app, 'finance');
    // Another site cannot sign a staff member out: logout is a change, and needs the token too.
    const forged = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: other.cookie } });
    expect(forged.statusCode).toBe(403);
    expect((await other.call('GET', '/api/admin/me')).status).toBe(200);
    expect((await other.call('POST', '/api/admin/logout')).status).toBe(200);
    expect((await other.call('GET', '/api/admin/me')).status).toBe(401);
  });

  it('keeps the audit trail append-only, whoever connects', async () => {
    await expect(t.app.db.execute(`update audit_log set actor = 'someone else'`)).rejects.toThrow();
    await expect(t.app.db.execute(`delete from audit_log`)).rejects.toThrow();
    await expect(t.app.db.execute(`truncate audit_log`)).rejects.toThrow();
    expect((await t.app.db.select().from(auditLog)).length).toBeGreaterThan(0);
  });

  it('lets one TOTP code open one session, however many sessions send it at the same moment', async () => {
    const client = await signInStaff(t.app, 'reviewer');
    const password = `${client.login}-own-password-2026`;
    const sessions = [];
    for (let i = 0; i < 20; i += 1) {
      const res = await post('/api/admin/login', { login: client.login, password });
      expect(res.json()).toMatchObject({ code: 1, data: { stage: 'password' } });
      sessions.push({
        cookie: cookieOf(res.headers['set-cookie']).split(';')[0]!,
        csrf: res.json<Envelope<{ csrf: string }>>().data.csrf,
      });
    }
    // The next step's code: the one of this step went to setting the authenticator up.
    const code = await totpCode(client.secret, new Date(Date.now() + 30_000));
    const answers = await Promise.all(
      sessions.map((s) => post('/api/admin/totp', { code }, { cookie: s.cookie, 'x-csrf-token': s.csrf })),
    );
    expect(answers.map((a) => a.statusCode).filter((status) => status >= 500)).toEqual([]);
    const opened = answers.filter((a) => a.json<Envelope<{ stage?: string }>>().data.stage === 'active');
    expect(opened).toHaveLength(1);
    for (const refused of answers.filter((a) => !opened.includes(a)))
      expect(refused.json<Envelope<{ error: string }>>()).toMatchObject({
        code: 0,
        data: { error: expect.stringMatching(/^(STAFF_BAD_CODE|RATE_LIMITED)$/) as unknown },
      });
    const stages = await Promise.all(
      sessions.map(async (s) => {
        const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: s.cookie } });
        return me.json<Envelope<{ stage: string }>>().data.stage;
      }),
    );
    expect(stages.filter((stage) => stage === 'active')).toHaveLength(1);
  });

  it('shows one authenticator secret to tabs asking at once, none once confirmed, and a new password ends the other sessions', async () => {
    const out = await runCommand(['staff', 'add', 'twotabs', '--role', 'support'], {
      db: t.app.db,
      vault: t.app.documents,
      actor: 'test',
    });
    const sessions = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await post('/api/admin/login', { login: 'twotabs', password: oneTimePasswordIn(out) });
      sessions.push({
        cookie: cookieOf(res.headers['set-cookie']).split(';')[0]!,
        'x-csrf-token': res.json<Envelope<{ csrf: string }>>().data.csrf,
      });
    }
    const [mine, other] = sessions as [(typeof sessions)[0], (typeof sessions)[0]];
    const setup = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/admin/totp/setup', headers: { cookie: headers.cookie! } });
    const shown = await Promise.all(Array.from({ length: 10 }, (_, i) => setup(i % 2 ? mine : other)));
    const secrets = new Set(shown.map((r) => r.json<Envelope<{ secret: string }>>().data.secret));
    expect(secrets.size).toBe(1);
    const [secret] = [...secrets] as [string];
    expect((await post('/api/admin/totp', { code: await totpCode(secret) }, mine)).json()).toMatchObject({
      data: { stage: 'password-change' },
    });
    // The other session, opened with the same one-time password, may no longer read it.
    expect((await setup(other)).statusCode).toBe(401);
    expect((await post('/api/admin/password', { password: 'twotabs-own-password' }, mine)).json()).toMatchObject({
      data: { stage: 'active' },
    });
    const me = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: headers.cookie! } });
    expect((await me(mine)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('compares at most 5 of 60 concurrent authenticator codes; the right one sent as number 30 is refused', async () => {
    const out = await runCommand(['staff', 'add', 'guessed', '--role', 'admin'], {
      db: t.app.db,
      vault: t.app.documents,
      actor: 'test',
    });
    const first = await post('/api/admin/login', { login: 'guessed', password: oneTimePasswordIn(out) });
    const cookie = cookieOf(first.headers['set-cookie']).split(';')[0]!;
    const { csrf } = first.json<Envelope<{ csrf: string }>>().data;
    const setup = await t.app.inject({ method: 'GET', url: '/api/admin/totp/setup', headers: { cookie } });
    const { secret } = setup.json<Envelope<{ secret: string }>>().data;
    const right = await totpCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post('/api/admin/totp', { code: i === 29 ? right : wrong }, { cookie, 'x-csrf-token': csrf }),
      ),
    );
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    const limited = answers.filter((r) => r.statusCode === 429);
    const compared = answers.filter((r) => r.statusCode !== 429);
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(limited.length).toBeGreaterThanOrEqual(55);
    expect(answers[29]!.statusCode).toBe(429);
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ data: { stage: 'totp-setup' } });
  });
});
