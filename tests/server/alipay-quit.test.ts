import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayLive } from '../../server/payments/providers/alipay-live';
import { alipayQuitUrl } from '../../server/payments/providers/alipay-quit';
import { backends } from './helpers/databases';
import { placeOrder, signUp } from './helpers/purchase';
import { postForm } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

// The result page takes `cancelled=1` as "left the cashier unpaid" and says so at once
// (tests/e2e/payment-results.test.ts follows the sandbox's cancel there in a browser).
const resultOf = (origin: string, paymentNo: string) => `${origin}/h5/pages/public/success?paymentNo=${paymentNo}`;

describe('the live Alipay phone cashier (alipay.trade.wap.pay)', () => {
  const key = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
  const provider = alipayLive({
    appId: '2021000111',
    privateKey: key().privateKey,
    alipayPublicKey: key().publicKey,
    gateway: 'https://openapi.alipay.com/gateway.do',
  });
  const create = (scene: 'wap' | 'page', paymentNo: string) =>
    provider.create({
      paymentNo,
      amount: 3080,
      description: 'SIM',
      scene,
      clientIp: '203.0.113.9',
      returnUrl: resultOf('https://sim.example', paymentNo),
      notifyUrl: 'https://sim.example/api/pay/notify/alipay',
    });

  it('sends a cancel back to the result page with the payment number, saying it was cancelled', async () => {
    const outcome = await create('wap', 'P20261225A1');
    if (outcome.kind !== 'redirect') throw new Error(`expected a redirect, got ${outcome.kind}`);
    const [gateway, query = ''] = outcome.url.split('?');
    expect(gateway).toBe('https://openapi.alipay.com/gateway.do');
    // Every value travels URL-encoded: no raw quote, slash or second "?" in the query string.
    expect(query).not.toMatch(/["/?]/);
    const params = new URLSearchParams(query);
    expect(params.get('method')).toBe('alipay.trade.wap.pay');
    expect(params.get('return_url')).toBe('https://sim.example/h5/pages/public/success?paymentNo=P20261225A1');
    const biz = JSON.parse(params.get('biz_content') ?? '{}') as Record<string, string>;
    expect(biz).toMatchObject({ out_trade_no: 'P20261225A1', product_code: 'QUICK_WAP_WAY' });
    expect(biz.quit_url).toBe('https://sim.example/h5/pages/public/success?paymentNo=P20261225A1&cancelled=1');
  });

  it('gives the computer cashier (page.pay, which has no quit path) no quit_url', async () => {
    const outcome = await create('page', 'P20261225A2');
    if (outcome.kind !== 'redirect') throw new Error(`expected a redirect, got ${outcome.kind}`);
    const biz = JSON.parse(new URL(outcome.url).searchParams.get('biz_content') ?? '{}') as Record<string, string>;
    expect(biz.product_code).toBe('FAST_INSTANT_TRADE_PAY');
    expect(biz).not.toHaveProperty('quit_url');
  });

  it('marks the return once, relative or absolute', () => {
    expect(alipayQuitUrl('/h5/pages/public/success?paymentNo=P1')).toBe(
      '/h5/pages/public/success?paymentNo=P1&cancelled=1',
    );
    expect(alipayQuitUrl('https://sim.example/h5/pages/public/success?paymentNo=P1&cancelled=1')).toBe(
      'https://sim.example/h5/pages/public/success?paymentNo=P1&cancelled=1',
    );
  });
});

describe.each(backends)('the sandbox Alipay cashier on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it("cancels to the very address the live cashier's quit_url names", async () => {
    const { token } = await signUp(t.app, 'quitter');
    const orderNo = await placeOrder(t.app, token);
    const created = await postForm<{ paymentNo: string; outcome: { kind: string; url?: string } }>(
      t.app,
      '/api/pay/create',
      { orderNo, method: 'alipay', scene: 'wap' },
      { token, host: 'sim.example' },
    );
    expect(created.body.data.outcome.kind).toBe('redirect');
    const { paymentNo } = created.body.data;
    const trade = new URL(created.body.data.outcome.url!, 'http://sim.example').searchParams.get('trade')!;
    const left = await t.app.inject({
      method: 'POST',
      url: '/sandbox/alipay/cashier',
      headers: { host: 'sim.example' },
      payload: { trade, result: 'cancel' },
    });
    expect(left.statusCode).toBe(302);
    const back = new URL(left.headers.location!, 'http://sim.example');
    expect(`${back.pathname}${back.search}`).toBe(`/h5/pages/public/success?paymentNo=${paymentNo}&cancelled=1`);
  });
});
