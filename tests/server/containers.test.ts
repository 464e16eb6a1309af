import { createVerify } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentNotifications, payments, userIdentities } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { placeOrder, signUp } from './helpers/purchase';
import { agentOf, getJson, postForm, type SignedInBody } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 17: each container pays only as it can (contract/containers.ts), and the sandbox runs every
// pair the matrix names with signed notifications, as the real providers would.

interface Created {
  paymentNo: string;
  outcome: { kind: string; params?: Record<string, string>; url?: string; codeUrl?: string; path?: string };
}

describe.each(backends)('payment and sign-in per container on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const pay = (token: string, form: Record<string, string>, agent: string) =>
    postForm<Created>(t.app, '/api/pay/create', form, { token, 'user-agent': agent });
  const statusOf = async (token: string, paymentNo: string) =>
    (await getJson<{ status: string }>(t.app, `/api/pay/status?paymentNo=${paymentNo}`, { token })).body.data.status;
  const customerWithOrder = async (name: string) => {
    const { token } = await signUp(t.app, name);
    return { token, orderNo: await placeOrder(t.app, token) };
  };
  /** Settled by the provider's own signed notification, with no one asking: then the customer sees it paid. */
  const settledByNotification = async (token: string, paymentNo: string, provider: string) => {
    await vi.waitFor(
      async () => {
        const [row] = await db().select().from(payments).where(eq(payments.paymentNo, paymentNo));
        expect(row?.status).toBe('paid');
        const notes = await db()
          .select()
          .from(paymentNotifications)
          .where(and(eq(paymentNotifications.provider, provider), eq(paymentNotifications.paymentNo, paymentNo)));
        expect(notes.length).toBeGreaterThan(0);
      },
      { timeout: 5000, interval: 25 },
    );
    expect(await statusOf(token, paymentNo)).toBe('paid');
  };

  it('refuses a method/scene pair the container cannot run, and opens no payment for it', async () => {
    const { token, orderNo } = await customerWithOrder('refused');
    const refused: [string, string, string][] = [
      // [method, scene, user agent]
      ['wechat', 'jsapi', agentOf('browser')],
      ['wechat', 'h5', agentOf('browser')],
      ['wechat', 'jsapi', agentOf('wechat-desktop', true)],
      ['wechat', 'jsapi', agentOf('wecom')],
      ['alipay', 'app', agentOf('alipay-hk')],
      ['alipay', 'app', agentOf('alipay-miniprogram')],
      ['alipay', 'wap', agentOf('wechat')],
      ['card', 'card', agentOf('wechat-miniprogram')],
      ['wechat', 'teleport', agentOf('wechat')],
    ];
    for (const [method, scene, agent] of refused) {
      const res = await pay(token, { orderNo, method, scene }, agent);
      expect(res.status, `${method}/${scene}`).toBe(200);
      expect(res.body, `${method}/${scene}`).toMatchObject({
        code: 0,
        msg: '此支付方式在当前环境中无法使用',
        data: { error: 'PAY_METHOD_UNAVAILABLE' },
      });
    }
    // The page's word on being a mini-program counts only inside that mini-program's app.
    const claimed = await pay(
      token,
      { orderNo, method: 'wechat', scene: 'miniprogram', container: 'wechat-miniprogram' },
      agentOf('browser'),
    );
    expect(claimed.body.data).toMatchObject({ error: 'PAY_METHOD_UNAVAILABLE' });
    expect(await db().select().from(payments)).toHaveLength(0);
  });

  it('desktop WeChat pays by Native QR: the scanned page pays and a signed notification settles it', async () => {
    const { token, orderNo } = await customerWithOrder('scanner');
    const created = await pay(token, { orderNo, method: 'wechat', scene: 'native' }, agentOf('wechat-desktop', true));
    expect(created.body.data.outcome.kind).toBe('qr');
    const codeUrl = new URL(created.body.data.outcome.codeUrl!);
    const scanned = await t.app.inject({ method: 'GET', url: `${codeUrl.pathname}${codeUrl.search}` });
    expect(scanned.statusCode).toBe(200);
    expect(scanned.body).toContain('微信扫一扫付款');
    const trade = codeUrl.searchParams.get('trade')!;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/sandbox/wechat/cashier',
      payload: { trade, result: 'ok', scan: '1' },
    });
    // The phone's page ends there; the computer's page sees the result by asking.
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('付款已完成');
    await settledByNotification(token, created.body.data.paymentNo, 'wechat');
  });

  it('a phone browser pays by WeChat Pay H5 only when the merchant has it', async () => {
    const h5 = await createTestApp(backend, { env: { WECHAT_H5_PAY: 'on' } });
    try {
      const { token } = await signUp(h5.app, 'h5payer');
      const orderNo = await placeOrder(h5.app, token);
      const res = await postForm<Created>(
        h5.app,
        '/api/pay/create',
        { orderNo, method: 'wechat', scene: 'h5' },
        { token, 'user-agent': agentOf('browser') },
      );
      expect(res.body.data.outcome).toMatchObject({ kind: 'redirect' });
      const config = await getJson<{ payment: { wechatH5: boolean } }>(h5.app, '/api/common/init');
      expect(config.body.data.payment.wechatH5).toBe(true);
    } finally {
      await h5.close();
    }
    const config = await getJson<{ payment: { wechatH5: boolean; scenes: string[] } }>(t.app, '/api/common/init');
    expect(config.body.data.payment.wechatH5).toBe(false);
    expect(config.body.data.payment.scenes).toEqual(
      expect.arrayContaining(['jsapi', 'native', 'miniprogram', 'app', 'wap', 'page', 'alipayplus', 'card']),
    );
  });

  it('a WeChat mini-program signs its web view in with a one-time ticket and pays on its own pay page', async () => {
    const login = await postForm(t.app, '/sandbox/miniprogram/login', { platform: 'wechat', uid: 'mp-openid-1' });
    const code = (login.body as unknown as { authCode: string }).authCode;
    const issued = await postForm<{ ticket: string; path: string }>(t.app, '/api/miniprogram/ticket', {
      platform: 'wechat',
      code,
    });
    expect(issued.body.data.path).toBe(`/h5/?mpticket=${issued.body.data.ticket}`);
    // The login code works once.
    const again = await postForm(t.app, '/api/miniprogram/ticket', { platform: 'wechat', code });
    expect(again.body.data).toMatchObject({ error: 'OAUTH_FAILED' });

    const redeem = (ticket: string) => postForm<SignedInBody>(t.app, '/api/handoff/redeem', { token: ticket });
    const signedIn = await redeem(issued.body.data.ticket);
    expect(signedIn.body.code).toBe(1);
    expect((await redeem(issued.body.data.ticket)).body.data).toMatchObject({ error: 'HANDOFF_INVALID' });
    const { token, id } = signedIn.body.data.userinfo;
    // The mini-program's openid is kept for its WeChat Pay orders.
    const payer = await db()
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, id), eq(userIdentities.provider, 'wechat-payer:wx-sandbox-miniprogram')));
    expect(payer.map((p) => p.subject)).toEqual(['mp-openid-1']);

    const orderNo = await placeOrder(t.app, token);
    const created = await pay(
      token,
      { orderNo, method: 'wechat', scene: 'miniprogram' },
      agentOf('wechat-miniprogram'),
    );
    expect(created.body.data.outcome.kind).toBe('miniprogram');
    const path = new URL(created.body.data.outcome.path!, 'https://mp.invalid');
    expect(path.pathname).toBe('/pages/pay/pay');
    const p = Object.fromEntries(path.searchParams);
    expect(p).toMatchObject({ paymentNo: created.body.data.paymentNo, appId: 'wx-sandbox-miniprogram' });
    // wx.requestPayment's parameters, signed for the mini-program's app ID.
    const signed = [p.appId, p.timeStamp, p.nonceStr, p.package].map((line) => `${line}\n`).join('');
    expect(
      createVerify('RSA-SHA256').update(signed).verify(t.app.sandboxKeys.wechatMerchantPublic, p.paySign!, 'base64'),
    ).toBe(true);
    // The pay page pays (the sandbox's stand-in tells the gateway as WeChat would).
    const trade = p.package!.replace('prepay_id=', '');
    await postForm(t.app, '/sandbox/wechat/confirm', { trade, result: 'ok' });
    await settledByNotification(token, created.body.data.paymentNo, 'wechat');
  });

  it('an Alipay mini-program web view pays on the mini-program pay page with the trade number', async () => {
    const login = await postForm(t.app, '/sandbox/miniprogram/login', { platform: 'alipay', uid: '2088mp' });
    const issued = await postForm<{ ticket: string }>(t.app, '/api/miniprogram/ticket', {
      platform: 'alipay',
      code: (login.body as unknown as { authCode: string }).authCode,
    });
    const signedIn = await postForm<SignedInBody>(t.app, '/api/handoff/redeem', { token: issued.body.data.ticket });
    const { token } = signedIn.body.data.userinfo;
    const orderNo = await placeOrder(t.app, token);
    const created = await pay(
      token,
      { orderNo, method: 'alipay', scene: 'miniprogram' },
      agentOf('alipay-miniprogram'),
    );
    expect(created.body.data.outcome.kind).toBe('miniprogram');
    const query = new URL(created.body.data.outcome.path!, 'https://mp.invalid').searchParams;
    await postForm(t.app, '/sandbox/alipay/confirm', { trade: query.get('tradeNO')!, result: 'ok' });
    await settledByNotification(token, created.body.data.paymentNo, 'alipay');
  });

  it('AlipayHK pays through the Alipay+ cashier, not mainland tradePay', async () => {
    const { token, orderNo } = await customerWithOrder('hongkong');
    const created = await pay(token, { orderNo, method: 'alipay', scene: 'alipayplus' }, agentOf('alipay-hk'));
    expect(created.body.data.outcome).toMatchObject({ kind: 'redirect' });
    const cashier = new URL(created.body.data.outcome.url!, 'http://sim.test');
    expect(cashier.searchParams.get('wallet')).toBe('ALIPAY_HK');
    const page = await t.app.inject({ method: 'GET', url: `${cashier.pathname}${cashier.search}` });
    expect(page.body).toContain('Alipay+');
    const paid = await t.app.inject({
      method: 'POST',
      url: '/sandbox/alipay/cashier',
      payload: { trade: cashier.searchParams.get('trade')!, result: 'ok' },
    });
    expect(paid.statusCode).toBe(302);
    expect(paid.headers.location).toContain(`/h5/pages/public/success?paymentNo=${created.body.data.paymentNo}`);
    await settledByNotification(token, created.body.data.paymentNo, 'alipay');
  });

  it('a computer browser pays on the Alipay page cashier', async () => {
    const { token, orderNo } = await customerWithOrder('pagepayer');
    const created = await pay(token, { orderNo, method: 'alipay', scene: 'page' }, agentOf('browser', true));
    expect(created.body.data.outcome).toMatchObject({ kind: 'redirect' });
    expect(created.body.data.outcome.url).toMatch(/^\/sandbox\/alipay\/cashier\?trade=/);
  });

  it('WeChat signs a linked account in silently (snsapi_base) and asks a new one for consent first', async () => {
    const authorize = (scope: string, cookie = '') =>
      t.app.inject({
        method: 'GET',
        url: `/sandbox/wechat/authorize?appid=wx-sandbox-app&redirect_uri=${encodeURIComponent('http://localhost/h5/')}&response_type=code&scope=${scope}&state=s1`,
        headers: { host: 'localhost', ...(cookie ? { cookie } : {}) },
      });
    const codeOf = (location: string) => new URL(location).searchParams.get('code')!;
    const exchange = (code: string) =>
      postForm<SignedInBody>(t.app, '/api/user/auth_code', { auth_code: code, platform: 'wechat' });

    // Someone new: the silent authorization gives a code at once, but no account is made from it.
    const silent = await authorize('snsapi_base');
    expect(silent.statusCode).toBe(302);
    const openidCookie = String(silent.headers['set-cookie']).split(';')[0]!;
    const before = await db().select().from(userIdentities);
    const refused = await exchange(codeOf(silent.headers.location!));
    expect(refused.body).toMatchObject({ code: 0, data: { error: 'OAUTH_CONSENT_REQUIRED' } });
    expect(await db().select().from(userIdentities)).toHaveLength(before.length);

    // snsapi_userinfo asks; after consent the account exists.
    const asked = await authorize('snsapi_userinfo', openidCookie);
    expect(asked.statusCode).toBe(200);
    const consent = await t.app.inject({
      method: 'POST',
      url: '/sandbox/wechat/authorize',
      headers: { host: 'localhost', cookie: openidCookie },
      payload: { redirect_uri: 'http://localhost/h5/', state: 's1', nickname: '小林' },
    });
    const first = await exchange(codeOf(consent.headers.location!));
    expect(first.body.data.userinfo).toMatchObject({ username: '小林' });

    // Next time the silent authorization alone signs the same account in.
    const again = await exchange(codeOf((await authorize('snsapi_base', openidCookie)).headers.location!));
    expect(again.body.data.userinfo.id).toBe(first.body.data.userinfo.id);
    const payer = await db()
      .select()
      .from(userIdentities)
      .where(
        and(
          eq(userIdentities.userId, first.body.data.userinfo.id),
          eq(userIdentities.provider, 'wechat-payer:wx-sandbox-app'),
        ),
      );
    expect(payer).toHaveLength(1);
  });

  it('inside WeChat a customer signed in by e-mail is asked for their openid once before WeChat Pay', async () => {
    const registered = await postForm<SignedInBody>(t.app, '/api/user/register', {
      username: 'emailonly',
      email: 'emailonly@example.com',
      password: 'testpass1',
      repassword: 'testpass1',
    });
    const { token, id } = registered.body.data.userinfo;
    const orderNo = await placeOrder(t.app, token);
    const wechat = agentOf('wechat');
    const first = await pay(token, { orderNo, method: 'wechat', scene: 'jsapi' }, wechat);
    expect(first.body).toMatchObject({ code: 0, data: { error: 'WECHAT_PAYER_REQUIRED' } });
    expect(await db().select().from(payments).where(eq(payments.userId, id))).toHaveLength(0);

    // The page's silent snsapi_base round trip: the code tells the openid and signs no one in.
    const silent = await t.app.inject({
      method: 'GET',
      url: `/sandbox/wechat/authorize?appid=wx-sandbox-app&redirect_uri=${encodeURIComponent('http://localhost/h5/')}&response_type=code&scope=snsapi_base&state=s2`,
      headers: { host: 'localhost' },
    });
    const code = new URL(silent.headers.location!).searchParams.get('code')!;
    const anonymous = await postForm(t.app, '/api/user/wechat_payer', { auth_code: code });
    expect(anonymous.status).toBe(401);
    const bound = await postForm(t.app, '/api/user/wechat_payer', { auth_code: code }, { token });
    expect(bound.body.code).toBe(1);
    // A code works once, here as everywhere.
    const replay = await postForm(t.app, '/api/user/wechat_payer', { auth_code: code }, { token });
    expect(replay.body.data).toMatchObject({ error: 'OAUTH_FAILED' });

    const second = await pay(token, { orderNo, method: 'wechat', scene: 'jsapi' }, wechat);
    expect(second.body.data.outcome.kind).toBe('bridge');
  });
});
