import { createSign, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AlipaySdk } from 'alipay-sdk';
import { fakeApi } from './helpers/fake-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayLive } from '../../server/payments/providers/alipay-live';
import { signParams } from '../../server/payments/providers/alipay-crypto';
import { gmoCardLive } from '../../server/payments/providers/gmo-live';
import {
  authorizationHeader,
  buildNotification,
  verifyMessage,
} from '../../server/payments/providers/wechat-pay-crypto';
import { wechatPayLive } from '../../server/payments/providers/wechat-pay-live';

// The real adapters against their published signing rules, with keys made here; no live call.
const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

describe('WeChat Pay API v3 adapter', () => {
  const merchant = keyPair();
  const platform = keyPair();
  const apiV3Key = '0123456789abcdef0123456789abcdef';
  const provider = wechatPayLive({
    appId: 'wx-live',
    mchid: '1230000109',
    serialNo: 'SERIAL1',
    privateKeyPem: merchant.privateKey,
    platformPublicKeyPem: platform.publicKey,
    apiV3Key,
    apiBase: 'http://127.0.0.1:9',
  });
  const transaction = {
    mchid: '1230000109',
    out_trade_no: 'P1',
    transaction_id: 'T1',
    trade_state: 'SUCCESS',
    amount: { total: 3080, currency: 'JPY' },
  };

  it('accepts a correctly signed notification and decrypts it', async () => {
    const note = buildNotification(
      { platformPrivateKeyPem: platform.privateKey, apiV3Key, serial: 'PLAT1' },
      transaction,
      'n-1',
    );
    expect(await provider.verifyNotification(note.headers, note.body)).toEqual({
      notifyId: 'n-1',
      paymentNo: 'P1',
      tradeNo: 'T1',
      amount: 3080,
      currency: 'JPY',
      merchantId: '1230000109',
      paid: true,
    });
  });

  it('refuses a tampered body, a foreign signer, a stale timestamp and a wrong APIv3 key', async () => {
    const note = buildNotification(
      { platformPrivateKeyPem: platform.privateKey, apiV3Key, serial: 'PLAT1' },
      transaction,
      'n-2',
    );
    expect(await provider.verifyNotification(note.headers, note.body.replace('"n-2"', '"n-3"'))).toBeNull();
    const forged = buildNotification(
      { platformPrivateKeyPem: keyPair().privateKey, apiV3Key, serial: 'PLAT1' },
      transaction,
      'n-4',
    );
    expect(await provider.verifyNotification(forged.headers, forged.body)).toBeNull();
    expect(
      await provider.verifyNotification(
        { ...note.headers, 'wechatpay-timestamp': String(Math.floor(Date.now() / 1000) - 3600) },
        note.body,
      ),
    ).toBeNull();
    const otherKey = buildNotification(
      { platformPrivateKeyPem: platform.privateKey, apiV3Key: 'ffffffffffffffffffffffffffffffff', serial: 'PLAT1' },
      transaction,
      'n-5',
    );
    expect(await provider.verifyNotification(otherKey.headers, otherKey.body)).toBeNull();
  });

  it('signs API requests the way WeChat checks them', () => {
    const header = authorizationHeader({
      mchid: '1230000109',
      serialNo: 'SERIAL1',
      privateKeyPem: merchant.privateKey,
      method: 'POST',
      path: '/v3/pay/transactions/jsapi',
      body: '{"a":1}',
      timestamp: '1700000000',
      nonce: 'abc',
    });
    const signature = /signature="([^"]+)"/.exec(header)![1]!;
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1230000109",nonce_str="abc",signature=".+",timestamp="1700000000",serial_no="SERIAL1"$/,
    );
    expect(
      verifyMessage(
        merchant.publicKey,
        ['POST', '/v3/pay/transactions/jsapi', '1700000000', 'abc', '{"a":1}'],
        signature,
      ),
    ).toBe(true);
  });
});

describe('Alipay adapter', () => {
  const alipay = keyPair();
  const app = keyPair();
  const provider = alipayLive({
    appId: '2021000111',
    privateKey: app.privateKey,
    alipayPublicKey: alipay.publicKey,
    gateway: 'http://127.0.0.1:9',
  });
  const params: Record<string, string> = {
    notify_id: 'ali-n',
    app_id: '2021000111',
    out_trade_no: 'P2',
    trade_no: '2026T',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '3080',
    sign_type: 'RSA2',
    charset: 'utf-8',
  };

  it('accepts a notification signed by Alipay (RSA2), agreeing with alipay-sdk', async () => {
    const signed = { ...params, sign: signParams(alipay.privateKey, params) };
    const sdk = new AlipaySdk({ appId: '2021000111', privateKey: app.privateKey, alipayPublicKey: alipay.publicKey });
    expect(sdk.checkNotifySign(signed)).toBe(true);
    expect(await provider.verifyNotification({}, new URLSearchParams(signed).toString())).toMatchObject({
      paymentNo: 'P2',
      amount: 3080,
      paid: true,
    });
  });

  it('refuses a tampered amount or a foreign signer', async () => {
    const signed = { ...params, sign: signParams(alipay.privateKey, params) };
    expect(
      await provider.verifyNotification({}, new URLSearchParams({ ...signed, total_amount: '1' }).toString()),
    ).toBeNull();
    const forged = { ...params, sign: signParams(keyPair().privateKey, params) };
    expect(await provider.verifyNotification({}, new URLSearchParams(forged).toString())).toBeNull();
  });
});

describe('GMO-PG card adapter', () => {
  let server: Server;
  const seen: { path: string; body: URLSearchParams }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = new URLSearchParams(raw);
        seen.push({ path: req.url ?? '', body });
        res.setHeader('content-type', 'text/plain');
        if (req.url === '/payment/EntryTran.idPass') return res.end('AccessID=acc1&AccessPass=pass1');
        if (req.url === '/payment/ExecTran.idPass') {
          if (body.get('Token') === 'tok-3ds')
            return res.end('ACS=2&RedirectUrl=https%3A%2F%2Facs.example%2Fchallenge');
          if (body.get('Token') === 'tok-ng') return res.end('ErrCode=G02&ErrInfo=42G020000');
          return res.end('ACS=0&OrderID=P3&TranID=T3');
        }
        if (req.url === '/payment/SecureTran2.idPass') return res.end('OrderID=P3&Status=CAPTURE');
        res.statusCode = 404;
        res.end('');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = () =>
    gmoCardLive({
      shopId: 'tshop1',
      shopPass: 'secret',
      apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
  const request = (cardToken: string) => ({
    paymentNo: 'P3',
    amount: 3080,
    description: 'SIM',
    scene: 'card' as const,
    clientIp: '127.0.0.1',
    returnUrl: 'https://sim.example/back',
    notifyUrl: '',
    cardToken,
  });

  it('registers and executes with the token only, and reads the gateway answers', async () => {
    expect(await provider().create(request('tok-ok'))).toEqual({ kind: 'paid', tradeNo: 'T3' });
    const exec = seen.find((s) => s.path === '/payment/ExecTran.idPass')!;
    expect(exec.body.get('Token')).toBe('tok-ok');
    expect([...exec.body.keys()].sort()).toEqual(['AccessID', 'AccessPass', 'Method', 'OrderID', 'RetUrl', 'Token']);
    expect(seen[0]!.body.get('Amount')).toBe('3080');
    expect(await provider().create(request('tok-ng'))).toEqual({ kind: 'failed', code: '42G020000' });
  });

  it('follows 3-D Secure 2.0 and finishes with SecureTran2', async () => {
    const started = await provider().create(request('tok-3ds'));
    expect(started).toEqual({ kind: 'redirect', url: 'https://acs.example/challenge', tradeNo: 'acc1:pass1' });
    expect(await provider().completeSecure!({ paymentNo: 'P3', providerTradeNo: 'acc1:pass1' })).toEqual({
      status: 'paid',
      code: '',
    });
    const secure = seen.filter((s) => s.path === '/payment/SecureTran2.idPass').at(-1)!;
    expect(secure.body.get('AccessPass')).toBe('pass1');
  });
});

describe('closing and refunding on the live adapters', () => {
  const refund = {
    paymentNo: 'P9',
    providerTradeNo: 'T9',
    refundNo: 'R9',
    amount: 1980,
    reason: 'duplicate payment',
    paidAt: new Date(),
  };

  it('WeChat Pay: close order, ORDERPAID means paid, refunds v3 with out_refund_no', async () => {
    const merchant = keyPair();
    const api = await fakeApi((path, body) => {
      if (path === '/v3/pay/transactions/out-trade-no/P9/close') return { status: 204, body: '' };
      if (path === '/v3/pay/transactions/out-trade-no/P10/close')
        return { status: 400, body: '{"code":"ORDERPAID","message":"订单已支付"}' };
      if (path === '/v3/refund/domestic/refunds')
        return {
          body: JSON.stringify({
            refund_id: '50000000382019052709732678859',
            status: JSON.parse(body).out_refund_no === 'R9' ? 'SUCCESS' : 'PROCESSING',
          }),
        };
      return { status: 404, body: '{}' };
    });
    const provider = wechatPayLive({
      appId: 'wx-live',
      mchid: '1230000109',
      serialNo: 'SERIAL1',
      privateKeyPem: merchant.privateKey,
      platformPublicKeyPem: keyPair().publicKey,
      apiV3Key: '0123456789abcdef0123456789abcdef',
      apiBase: api.base,
    });
    expect(await provider.close({ paymentNo: 'P9', providerTradeNo: null })).toBe('closed');
    expect(JSON.parse(api.seen[0]!.body)).toEqual({ mchid: '1230000109' });
    expect(String(api.seen[0]!.headers.authorization)).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1230000109"/);
    expect(await provider.close({ paymentNo: 'P10', providerTradeNo: null })).toBe('paid');
    expect(await provider.refund(refund)).toEqual({
      status: 'refunded',
      providerRefundNo: '50000000382019052709732678859',
    });
    expect(JSON.parse(api.seen.at(-1)!.body)).toEqual({
      out_trade_no: 'P9',
      out_refund_no: 'R9',
      reason: 'duplicate payment',
      amount: { refund: 1980, total: 1980, currency: 'JPY' },
    });
    expect((await provider.refund({ ...refund, refundNo: 'R10' })).status).toBe('processing');
    await api.close();
  });

  it('Alipay: alipay.trade.close and alipay.trade.refund, believed only when signed by Alipay', async () => {
    const alipay = keyPair();
    const app = keyPair();
    let signer = alipay.privateKey;
    const signed = (key: string, data: object) => {
      const json = JSON.stringify(data);
      return `{"${key}":${json},"sign":"${createSign('RSA-SHA256').update(json).sign(signer, 'base64')}"}`;
    };
    const api = await fakeApi((path) => {
      const method = new URL(path, 'http://x').searchParams.get('method') ?? '';
      const key = `${method.replaceAll('.', '_')}_response`;
      if (method === 'alipay.trade.close')
        return { body: signed(key, { code: '10000', msg: 'Success', out_trade_no: 'P9' }) };
      if (method === 'alipay.trade.refund')
        return {
          body: signed(key, {
            code: '10000',
            msg: 'Success',
            trade_no: '2026T9',
            out_trade_no: 'P9',
            fund_change: 'Y',
            refund_fee: '1980',
          }),
        };
      return { status: 404, body: '{}' };
    });
    const provider = alipayLive({
      appId: '2021000111',
      privateKey: app.privateKey,
      alipayPublicKey: alipay.publicKey,
      gateway: `${api.base}/gateway.do`,
    });
    expect(await provider.close({ paymentNo: 'P9', providerTradeNo: null })).toBe('closed');
    expect(await provider.refund(refund)).toEqual({ status: 'refunded', providerRefundNo: '2026T9:R9' });
    const sent = api.seen.at(-1)!;
    const params = new URLSearchParams(new URL(sent.path, 'http://x').search + '&' + sent.body);
    expect(JSON.parse(params.get('biz_content')!)).toMatchObject({
      out_trade_no: 'P9',
      refund_amount: '1980',
      out_request_no: 'R9',
    });
    signer = keyPair().privateKey;
    await expect(provider.refund(refund)).rejects.toThrow();
    await api.close();
  });

  it('GMO-PG: SearchTrade tells a charged trade from an open one; AlterTran voids the same day, returns later', async () => {
    const api = await fakeApi((path, body) => {
      const form = new URLSearchParams(body);
      if (path === '/payment/SearchTrade.idPass') {
        if (form.get('OrderID') === 'P9')
          return { body: 'OrderID=P9&Status=CAPTURE&AccessID=acc9&AccessPass=pass9', type: 'text/plain' };
        return { body: 'OrderID=P11&Status=AUTHENTICATE&AccessID=acc11&AccessPass=pass11', type: 'text/plain' };
      }
      if (path === '/payment/AlterTran.idPass')
        return { body: 'AccessID=acc9&AccessPass=pass9&TranID=T99', type: 'text/plain' };
      return { status: 404, body: '' };
    });
    const provider = gmoCardLive({ shopId: 'tshop1', shopPass: 'secret', apiBase: api.base });
    expect(await provider.close({ paymentNo: 'P9', providerTradeNo: null })).toBe('paid');
    expect(await provider.close({ paymentNo: 'P11', providerTradeNo: null })).toBe('closed');
    expect(await provider.refund(refund)).toEqual({ status: 'refunded', providerRefundNo: 'VOID:T99' });
    const alter = new URLSearchParams(api.seen.at(-1)!.body);
    expect(Object.fromEntries(alter)).toEqual({
      ShopID: 'tshop1',
      ShopPass: 'secret',
      AccessID: 'acc9',
      AccessPass: 'pass9',
      JobCd: 'VOID',
    });
    await provider.refund({ ...refund, paidAt: new Date(Date.now() - 3 * 86_400_000) });
    expect(new URLSearchParams(api.seen.at(-1)!.body).get('JobCd')).toBe('RETURN');
    await api.close();
  });
});
