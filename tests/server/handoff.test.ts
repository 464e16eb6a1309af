import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handoffTokens, userIdentities } from '../../server/db/schema';
import { redeemHandoff } from '../../server/accounts/handoff';
import { backends } from './helpers/databases';
import { placeOrder, signUp } from './helpers/purchase';
import { getJson, lastMail, postForm, type SignedInBody } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Created {
  path: string;
  expiresAt: string;
}
interface Redeemed {
  userinfo: { token: string; id: number };
  orderNo: string | null;
}

// Issue 16: Alipay does not open inside WeChat, and in a browser a WeChat-only customer has no
// password: a one-time link carries the same customer and order across.
describe.each(backends)('continuation links on %s', (backend) => {
  let t: TestApp;
  let me: { token: string; id: number };
  let orderNo: string;
  let strangerToken: string;
  const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('t') ?? '';
  const create = (body: Record<string, string>, token = me.token) =>
    postForm<Created>(t.app, '/api/handoff/create', body, { token });

  beforeAll(async () => {
    t = await createTestApp(backend);
    me = await signUp(t.app, 'handoff');
    strangerToken = (await signUp(t.app, 'handoffstranger')).token;
    orderNo = await placeOrder(t.app, me.token);
  });
  afterAll(() => t.close());

  it('signs the same customer in once, on the same order, and keeps only a hash', async () => {
    const res = await create({ orderNo });
    expect(res.body.code).toBe(1);
    const token = tokenOf(res.body.data.path);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await t.database.handle.db.select().from(handoffTokens);
    expect(JSON.stringify(stored)).not.toContain(token);

    const first = await postForm<Redeemed>(t.app, '/api/handoff/redeem', { token });
    expect(first.body.data).toMatchObject({ orderNo, userinfo: { id: me.id } });
    const who = await getJson<{ id: number }>(t.app, '/api/user/userinfo', { token: first.body.data.userinfo.token });
    expect(who.body.data.id).toBe(me.id);

    const again = await postForm(t.app, '/api/handoff/redeem', { token });
    expect(again.body).toMatchObject({ code: 0, data: { error: 'HANDOFF_INVALID' } });
  });

  it('refuses an unknown or expired link, and nobody may make one for an order not theirs', async () => {
    expect((await postForm(t.app, '/api/handoff/redeem', { token: 'nope' })).body.data).toMatchObject({
      error: 'HANDOFF_INVALID',
    });
    const res = await create({ orderNo });
    const token = tokenOf(res.body.data.path);
    await t.database.handle.db
      .update(handoffTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(handoffTokens.userId, me.id));
    expect((await postForm(t.app, '/api/handoff/redeem', { token })).body.data).toMatchObject({
      error: 'HANDOFF_INVALID',
    });
    const stranger = await create({ orderNo }, strangerToken);
    expect(stranger.status).toBe(404);
    const anonymous = await postForm(t.app, '/api/handoff/create', { orderNo });
    expect(anonymous.status).toBe(401);
  });

  it('gives exactly one session when 60 tabs open the same link at once', async () => {
    const token = tokenOf((await create({ orderNo })).body.data.path);
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, () => redeemHandoff(t.database.handle.db, token)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

// Issue 26: a link or ticket is a bearer credential; it must not outlive the session that made it.
describe.each(backends)('links and tickets end with the session on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const linkOf = async (token: string) => {
    const res = await postForm<Created>(t.app, '/api/handoff/create', { orderNo: '' }, { token });
    return new URL(res.body.data.path, 'http://x').searchParams.get('t') ?? '';
  };
  const redeem = (token: string) => postForm<Redeemed>(t.app, '/api/handoff/redeem', { token });
  /** A mini-program ticket for this customer, as if their WeChat identity were linked to the account. */
  const ticketOf = async (userId: number, openid: string) => {
    await t.app.db.insert(userIdentities).values({ userId, provider: 'wechat', subject: openid });
    const login = await postForm(t.app, '/sandbox/miniprogram/login', { platform: 'wechat', uid: openid });
    const code = (login.body as unknown as { authCode: string }).authCode;
    return (await postForm<{ ticket: string }>(t.app, '/api/miniprogram/ticket', { platform: 'wechat', code })).body
      .data.ticket;
  };
  const resetPassword = async (email: string, password: string) => {
    expect((await postForm(t.app, '/api/user/retrieve', { email })).body.code).toBe(1);
    const { code } = await vi.waitFor(
      async () => {
        const mail = await lastMail(t.app.db, email);
        return mail?.subject && mail.code ? mail : Promise.reject(new Error('no mail yet'));
      },
      { timeout: 5000, interval: 25 },
    );
    return postForm<SignedInBody>(t.app, '/api/user/retrieve', { email, code, password, repassword: password });
  };

  it("refuses a logged-out customer's hand-off link and ticket", async () => {
    const me = await signUp(t.app, 'leaver');
    const link = await linkOf(me.token);
    const ticket = await ticketOf(me.id, 'mp-leaver');
    expect((await postForm(t.app, '/api/user/logout', {}, { token: me.token })).body.code).toBe(1);
    expect((await redeem(link)).body).toMatchObject({ code: 0, data: { error: 'HANDOFF_INVALID' } });
    expect((await redeem(ticket)).body).toMatchObject({ code: 0, data: { error: 'HANDOFF_INVALID' } });
  });

  it("refuses the old link and ticket after a password change; other customers' links still work", async () => {
    const me = await signUp(t.app, 'changer');
    const other = await signUp(t.app, 'bystander');
    const link = await linkOf(me.token);
    const ticket = await ticketOf(me.id, 'mp-changer');
    const othersLink = await linkOf(other.token);
    expect((await resetPassword('changer@example.com', 'newpass123')).body.code).toBe(1);
    expect((await redeem(link)).body).toMatchObject({ code: 0, data: { error: 'HANDOFF_INVALID' } });
    expect((await redeem(ticket)).body).toMatchObject({ code: 0, data: { error: 'HANDOFF_INVALID' } });
    expect((await redeem(othersLink)).body.data).toMatchObject({ userinfo: { id: other.id } });
    // A link made after the change works as ever.
    const signedIn = await postForm<SignedInBody>(t.app, '/api/user/login', {
      email: 'changer@example.com',
      password: 'newpass123',
    });
    expect((await redeem(await linkOf(signedIn.body.data.userinfo.token))).body.data).toMatchObject({
      userinfo: { id: me.id },
    });
  });

  it('leaves no live session from links redeemed while the password is being reset', async () => {
    await signUp(t.app, 'racer');
    let password = 'testpass1';
    let lastCode = '';
    for (let round = 0; round < 4; round += 1) {
      await t.app.db.execute(`delete from rate_limits where bucket like 'email:%' or bucket like 'handoff:%'`);
      const signedIn = await postForm<SignedInBody>(t.app, '/api/user/login', { email: 'racer@example.com', password });
      const links = [];
      for (let i = 0; i < 8; i += 1) links.push(await linkOf(signedIn.body.data.userinfo.token));
      expect((await postForm(t.app, '/api/user/retrieve', { email: 'racer@example.com' })).body.code).toBe(1);
      const { code } = await vi.waitFor(
        async () => {
          const mail = await lastMail(t.app.db, 'racer@example.com');
          return mail?.code && mail.code !== lastCode ? mail : Promise.reject(new Error('no mail yet'));
        },
        { timeout: 5000, interval: 25 },
      );
      lastCode = code;
      password = `racepass${round}x`;
      // Links opened before, during and after the reset's transaction.
      const [reset, ...redeemed] = await Promise.all([
        postForm(t.app, '/api/user/retrieve', { email: 'racer@example.com', code, password, repassword: password }),
        ...links.map((link, i) => new Promise((r) => setTimeout(r, i * 8)).then(() => redeem(link))),
      ]);
      expect(reset.body.code).toBe(1);
      for (const answer of redeemed.filter((r) => r.body.code === 1)) {
        const who = await getJson(t.app, '/api/user/userinfo', { token: answer.body.data.userinfo.token });
        expect(who.status, `round ${round}`).toBe(401);
      }
    }
  });
});

describe.each(backends)('a purchase draft kept on the server on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    token = (await signUp(t.app, 'drafter')).token;
    other = (await signUp(t.app, 'otherdrafter')).token;
  });
  afterAll(() => t.close());

  const put = (draft: string, auth = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/purchase/draft',
      headers: { token: auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ draft }).toString(),
    });
  const get = (auth = token) =>
    getJson<{ draft: { planId: number | null; form: Record<string, string> } | null }>(t.app, '/api/purchase/draft', {
      token: auth,
    });

  it('keeps the draft for its owner only, refuses junk and oversize, and forgets it when the order is placed', async () => {
    expect((await get()).body.data.draft).toBeNull();
    const draft = { planId: 2, form: { lastName: '王', postcode: '171-0021' }, fileNames: {} };
    expect((await put(JSON.stringify(draft))).json()).toMatchObject({ code: 1 });
    expect((await get()).body.data.draft).toEqual(draft);
    expect((await get(other)).body.data.draft).toBeNull();

    for (const junk of ['not json', '{"planId":2,"form":{"password":"x"},"fileNames":{}}', 'x'.repeat(20_000)]) {
      const res = await put(junk);
      expect(res.statusCode).toBe(400);
    }
    expect((await get()).body.data.draft).toEqual(draft);
    expect((await t.app.inject({ method: 'GET', url: '/api/purchase/draft' })).statusCode).toBe(401);

    await placeOrder(t.app, token);
    expect((await get()).body.data.draft).toBeNull();
  });
});
