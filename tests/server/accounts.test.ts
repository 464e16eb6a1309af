import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { getJson, lastMail, postForm, type SignedInBody } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

const ja = { 'accept-language': 'ja' };

describe.each(backends)('accounts on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const register = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    postForm<SignedInBody>(t.app, '/api/user/register', form, headers);
  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    postForm<SignedInBody>(t.app, '/api/user/login', { email, password }, headers);
  const valid = { username: '王芳', email: 'wang.fang@example.com', password: 'sakura2024', repassword: 'sakura2024' };
  // Code mails go out after the answer, so a test waits for the one it expects.
  const mailFor = (to: string, unlike?: string) =>
    vi.waitFor(
      async () => {
        const mail = await lastMail(t.database.handle.db, to);
        if (!mail || mail.body === unlike) throw new Error(`no new mail to ${to}`);
        return mail;
      },
      { timeout: 5000, interval: 25 },
    );
  const resendAllowed = () =>
    t.database.handle.db.execute(
      `update rate_limits set window_start = now() - interval '2 minutes' where bucket = 'email:minute'`,
    );

  describe('register', () => {
    it('creates the account and signs the customer in', async () => {
      const res = await register(valid);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(1);
      expect(res.body.msg).toBe('注册成功');
      const { userinfo } = res.body.data;
      expect(userinfo).toMatchObject({ username: '王芳', email: 'wang.fang@example.com', hasPassword: true });
      expect(userinfo.token.length).toBeGreaterThanOrEqual(40);
      const me = await getJson(t.app, '/api/user/userinfo', { token: userinfo.token });
      expect(me.body.data).toMatchObject({ email: 'wang.fang@example.com', token: userinfo.token });
    });

    it('says "two password entries are inconsistent" in the customer\'s language', async () => {
      const cn = await register({ ...valid, email: 'x1@example.com', username: 'x1', repassword: 'sakura2025' });
      expect(cn.body).toMatchObject({
        code: 0,
        msg: '两次密码输入不一致',
        data: { error: 'PASSWORD_MISMATCH', fields: { repassword: 'PASSWORD_MISMATCH' } },
      });
      const jp = await register({ ...valid, email: 'x1@example.com', username: 'x1', repassword: 'sakura2025' }, ja);
      expect(jp.body.msg).toBe('2 回入力したパスワードが一致しません');
    });

    it('requires all four fields and names each missing one', async () => {
      const res = await register({});
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        error: 'REQUIRED',
        fields: { username: 'REQUIRED', email: 'REQUIRED', password: 'REQUIRED', repassword: 'REQUIRED' },
      });
      expect(res.body.msg).toBe('此项为必填项');
    });

    it('applies the password rule: 8 or more, letters plus digits, symbols allowed, at most 64', async () => {
      const attempt = (password: string, n: number) =>
        register({ username: `pw${n}`, email: `pw${n}@example.com`, password, repassword: password });
      for (const [i, bad] of [
        'abc1234',
        'abcdefgh',
        '12345678',
        'abcd 1234',
        'abcd１２３４',
        '!@#$%^&*()',
        `a1${'x'.repeat(63)}`,
      ].entries()) {
        const res = await attempt(bad, i);
        expect(res.body.data, bad).toMatchObject({ error: 'PASSWORD_RULE' });
      }
      expect((await attempt('abcd1234', 99)).body.code).toBe(1);
      expect((await attempt('Passw0rd!x', 98)).body.code).toBe(1);
      const jp = await register(
        { username: 'pwj', email: 'pwj@example.com', password: 'short1', repassword: 'short1' },
        ja,
      );
      expect(jp.body.msg).toBe(
        'パスワードは 8 文字以上で、英字と数字の両方を含めてください。記号も使えます（空白と全角文字は使えません）',
      );
    });

    it('refuses an e-mail or username that is taken, changing nothing', async () => {
      const again = await register({ ...valid, username: 'someone-else' });
      expect(again.body).toMatchObject({ code: 0, msg: '该邮箱已被注册', data: { error: 'EMAIL_TAKEN' } });
      const sameName = await register({ ...valid, email: 'other@example.com' }, ja);
      expect(sameName.body).toMatchObject({
        code: 0,
        msg: 'このユーザー名は既に使われています',
        data: { error: 'USERNAME_TAKEN' },
      });
      expect((await login('other@example.com', valid.password)).body.code).toBe(0);
    });

    it('treats e-mail addresses case-insensitively', async () => {
      const res = await register({ ...valid, username: 'upper', email: 'WANG.FANG@Example.com' });
      expect(res.body.data).toMatchObject({ error: 'EMAIL_TAKEN' });
      expect((await login('Wang.Fang@EXAMPLE.com', valid.password)).body.code).toBe(1);
    });
  });

  describe('login', () => {
    it('answers wrong password and unknown e-mail with the same generic message', async () => {
      const wrong = await login(valid.email, 'wrongpass1');
      const unknown = await login('nobody@example.com', 'wrongpass1');
      expect(wrong.body.data).toEqual({ error: 'LOGIN_FAILED' });
      expect(unknown.body.data).toEqual({ error: 'LOGIN_FAILED' });
      expect(wrong.body.msg).toBe(unknown.body.msg);
    });

    it('returns userinfo with a token, and never a password or token hash', async () => {
      const res = await login(valid.email, valid.password);
      expect(res.body.code).toBe(1);
      expect(res.body.data.userinfo.token).toBeTruthy();
      expect(res.raw).not.toMatch(/argon2|password_?hash|token_?hash/i);
    });

    it('slows a guessing address with 429 and Retry-After, while the owner elsewhere signs in', async () => {
      await register({
        username: 'target',
        email: 'target@example.com',
        password: 'right1234',
        repassword: 'right1234',
      });
      for (let i = 0; i < 5; i += 1) {
        const res = await login('target@example.com', `guess${i}xx`);
        expect(res.body.data).toEqual({ error: 'LOGIN_FAILED' });
      }
      const slowed = await login('target@example.com', 'right1234');
      expect(slowed.status).toBe(429);
      expect(slowed.body).toMatchObject({ code: 0, data: { error: 'RATE_LIMITED' } });
      expect(slowed.body.msg).toMatch(/^登录失败次数过多，请 1 分钟后再试$/);
      expect(slowed.raw).not.toContain('right1234');
      const jp = await login('target@example.com', 'right1234', ja);
      expect(jp.body.msg).toMatch(/分後に再度お試しください$/);
      // Other accounts from the same address are unaffected.
      expect((await login(valid.email, valid.password)).body.code).toBe(1);
    });
  });

  describe('logout', () => {
    it('revokes the token on the server', async () => {
      const { userinfo } = (await login(valid.email, valid.password)).body.data;
      const out = await postForm(t.app, '/api/user/logout', {}, { token: userinfo.token });
      expect(out.body).toMatchObject({ code: 1, msg: '已退出登录' });
      const me = await getJson(t.app, '/api/user/userinfo', { token: userinfo.token });
      expect(me.status).toBe(401);
      expect((await postForm(t.app, '/api/user/logout', {}, { token: userinfo.token })).status).toBe(401);
    });
  });

  describe('retrieve password', () => {
    it('gives the same answer whether or not the e-mail exists, and mails only a real one', async () => {
      const real = await postForm(t.app, '/api/user/retrieve', { email: valid.email });
      const fake = await postForm(t.app, '/api/user/retrieve', { email: 'ghost@example.com' });
      expect(real.body.msg).toBe(fake.body.msg);
      expect(real.body.data).toEqual(fake.body.data);
      const mail = await mailFor(valid.email);
      expect(await lastMail(t.database.handle.db, 'ghost@example.com')).toBeNull();
      expect(mail?.subject).toBe('【云路移动】重置密码');
      expect(mail?.code).toMatch(/^\d{6}$/);
      expect(mail?.body).toContain('http://sim.test/h5/pages/public/retrieve?');
    });

    it('refuses a second code within 60 seconds with 429', async () => {
      const res = await postForm(t.app, '/api/user/retrieve', { email: valid.email });
      expect(res.status).toBe(429);
      expect(res.body.data).toEqual({ error: 'CODE_TOO_SOON', requestId: expect.any(String) });
      expect(res.body.msg).toMatch(/请 \d+ 秒后再试/);
    });

    it('resets with the mailed code, revokes every old token, and the code works once', async () => {
      const before = (await login(valid.email, valid.password)).body.data.userinfo.token;
      const { code } = await mailFor(valid.email);
      const form = { email: valid.email, code, password: 'newpass99', repassword: 'newpass99' };
      const reset = await postForm<SignedInBody>(t.app, '/api/user/retrieve', form);
      expect(reset.body).toMatchObject({ code: 1, msg: '密码已重置' });
      expect((await getJson(t.app, '/api/user/userinfo', { token: before })).status).toBe(401);
      expect((await getJson(t.app, '/api/user/userinfo', { token: reset.body.data.userinfo.token })).status).toBe(200);
      expect((await login(valid.email, valid.password)).body.code).toBe(0);
      expect((await login(valid.email, 'newpass99')).body.code).toBe(1);
      const again = await postForm(t.app, '/api/user/retrieve', {
        ...form,
        password: 'other9999',
        repassword: 'other9999',
      });
      expect(again.body.data).toMatchObject({ error: 'CODE_WRONG' });
    });
  });

  describe('fast register and activation', () => {
    const buyer = 'buyer@example.com';

    it('creates a password-less account with a token at once and mails an activation code', async () => {
      const res = await postForm<SignedInBody>(t.app, '/api/user/fast_register', { email: buyer }, ja);
      expect(res.body.code).toBe(1);
      expect(res.body.data.userinfo).toMatchObject({ email: buyer, hasPassword: false });
      const mail = await mailFor(buyer);
      expect(mail?.subject).toBe('【くもじ】アカウントの有効化');
      expect(mail?.body).toContain('/h5/pages/public/activate?');
      // Nobody can sign in to it with a password yet.
      expect((await login(buyer, 'anything1')).body.data).toEqual({ error: 'LOGIN_FAILED' });
    });

    it('refuses a second fast registration for the same address', async () => {
      const res = await postForm(t.app, '/api/user/fast_register', { email: buyer });
      expect(res.body.data).toMatchObject({ error: 'EMAIL_REGISTERED' });
    });

    it('counts wrong codes and kills the code after five; the next check is 429', async () => {
      const { code } = await mailFor(buyer);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) {
        const res = await postForm(t.app, '/api/user/activation', {
          email: buyer,
          code: wrong,
          password: 'buyer1234',
          repassword: 'buyer1234',
        });
        expect(res.body.data).toMatchObject({ error: 'CODE_WRONG' });
      }
      const right = await postForm(t.app, '/api/user/activation', {
        email: buyer,
        code,
        password: 'buyer1234',
        repassword: 'buyer1234',
      });
      expect(right.status).toBe(429);
      expect(right.body.data).toMatchObject({ error: 'CODE_ATTEMPTS' });
    });

    it('activates with a fresh code, sets the password and signs in', async () => {
      const before = await mailFor(buyer);
      await resendAllowed();
      const send = await postForm(t.app, '/api/user/activation', { email: buyer });
      expect(send.body.code).toBe(1);
      const { code } = await mailFor(buyer, before.body);
      const res = await postForm<SignedInBody>(t.app, '/api/user/activation', {
        email: buyer,
        code,
        password: 'buyer1234',
        repassword: 'buyer1234',
      });
      expect(res.body).toMatchObject({ code: 1, msg: '账户已激活' });
      expect(res.body.data.userinfo.hasPassword).toBe(true);
      expect((await login(buyer, 'buyer1234')).body.code).toBe(1);
      const reuse = await postForm(t.app, '/api/user/activation', {
        email: buyer,
        code,
        password: 'buyer5678',
        repassword: 'buyer5678',
      });
      expect(reuse.body.data).toMatchObject({ error: 'CODE_WRONG' });
    });

    it('sends no activation code to an account that already has a password', async () => {
      const db = t.database.handle.db;
      const mailsTo = async () => (await db.select().from(outbox).where(eq(outbox.recipient, valid.email))).length;
      const before = await lastMail(db, valid.email);
      const sentBefore = await mailsTo();
      await resendAllowed();
      const res = await postForm(t.app, '/api/user/activation', { email: valid.email });
      expect(res.body.code).toBe(1);
      // A reset code asked next is sent after the activation code would have been: once it is
      // out, an activation mail would be out too.
      await postForm(t.app, '/api/user/retrieve', { email: valid.email });
      const reset = await mailFor(valid.email, before?.body);
      expect(['【云路移动】重置密码', '【くもじ】パスワードの再設定']).toContain(reset.subject);
      expect(await mailsTo()).toBe(sentBefore + 1);
    });
  });

  describe('profile', () => {
    it('says "no data to modify" when nothing changed, and saves a new username', async () => {
      const { userinfo } = (await login(valid.email, 'newpass99')).body.data;
      const same = await postForm(
        t.app,
        '/api/user/profile',
        { username: userinfo.username, email: valid.email },
        { token: userinfo.token },
      );
      expect(same.body).toMatchObject({ code: 0, msg: '没有需要修改的数据', data: { error: 'NO_CHANGES' } });
      const renamed = await postForm<SignedInBody>(
        t.app,
        '/api/user/profile',
        { username: '王芳2' },
        { token: userinfo.token, ...ja },
      );
      expect(renamed.body).toMatchObject({ code: 1, msg: '保存しました' });
      expect(renamed.body.data.userinfo.username).toBe('王芳2');
    });

    it('changes the e-mail only with the code sent to the new address', async () => {
      const { userinfo } = (await login(valid.email, 'newpass99')).body.data;
      const auth = { token: userinfo.token };
      const noCode = await postForm(
        t.app,
        '/api/user/profile',
        { username: '王芳2', email: 'new.wang@example.com' },
        auth,
      );
      expect(noCode.body.data).toMatchObject({ error: 'CODE_REQUIRED' });
      const taken = await postForm(
        t.app,
        '/api/ems/send',
        { email: 'target@example.com', event: 'change_email' },
        auth,
      );
      expect(taken.body.data).toMatchObject({ error: 'EMAIL_TAKEN' });
      const sent = await postForm(
        t.app,
        '/api/ems/send',
        { email: 'new.wang@example.com', event: 'change_email' },
        auth,
      );
      expect(sent.body.code).toBe(1);
      const { code } = await mailFor('new.wang@example.com');
      const saved = await postForm<SignedInBody>(
        t.app,
        '/api/user/profile',
        { username: '王芳2', email: 'new.wang@example.com', code },
        auth,
      );
      expect(saved.body.data.userinfo.email).toBe('new.wang@example.com');
      expect((await login('new.wang@example.com', 'newpass99')).body.code).toBe(1);
    });

    it('needs a token', async () => {
      const res = await postForm(t.app, '/api/user/profile', { username: 'nobody' });
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe('请先登录');
    });
  });
});
