import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, esimProfiles, orderEvents, outbox } from '../../server/db/schema';
import { noticeHeaders, SANDBOX_ESIM_SECRET } from '../../server/esim/index';
import { backends, freshDatabase, type TestDatabase } from './helpers/databases';
import { CHECKLIST, esimOrderUnderReview, iccidOf, loggedApp, profileCsv } from './helpers/esim';
import { placeOrder, signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { signInStaff, type StaffClient } from './helpers/staff';

// An attacker's input on every eSIM route and the sandbox phone (a localized refusal, nothing
// changed, never a 5xx), and the activation code searched for everywhere it must not be.
// The crash and race cases are in esim-attacks.test.ts.

type View = { state: string; activation: { lpa: string; matchingId: string } | null };

describe.each(backends)('eSIM under hostile input on %s', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let logs: string[];
  let reviewer: StaffClient;
  let fulfil: StaffClient;
  let next = 5000;

  const approve = (orderNo: string) =>
    reviewer.call('POST', `/api/admin/orders/${orderNo}/approve`, { checklist: CHECKLIST });
  const importCsv = (csv: string) => fulfil.call('POST', '/api/admin/esim/import', { csv });
  const stock = async (n: number) => {
    const from = next;
    next += n;
    await importCsv(profileCsv(n, from));
    return from;
  };
  beforeAll(async () => {
    database = await freshDatabase(backend);
    ({ app, lines: logs } = await loggedApp(database));
    reviewer = await signInStaff(app, 'reviewer');
    fulfil = await signInStaff(app, 'fulfilment');
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers hostile input on the customer routes with a localized error, changing nothing', async () => {
    const { token } = await signUp(app, 'esimhostile');
    const other = await signUp(app, 'esimvictim');
    const { orderNo } = await esimOrderUnderReview(app, other.token);
    const mailOrder = await placeOrder(app, token, '2', { delivery: 'mail', storeId: '' }).catch(() => '');
    const before = JSON.stringify(await app.db.select().from(esimProfiles));
    const bad = [
      orderNo, // another customer's
      `${orderNo}\u200f`,
      '\u202e' + orderNo,
      orderNo.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))),
      `${orderNo}\u0301`,
      'x'.repeat(5000),
      '%00',
      '',
      ...(mailOrder ? [mailOrder] : []),
    ];
    for (const value of bad) {
      const get = await app.inject({
        method: 'GET',
        url: `/api/esim/order?orderNo=${encodeURIComponent(value)}`,
        headers: { token, 'accept-language': 'ja' },
      });
      expect(get.statusCode, value).toBeLessThan(500);
      // The customer's own posted-SIM order has no eSIM to show: 'none', never an activation.
      if (value === mailOrder)
        expect(get.json<{ data: View }>().data).toMatchObject({ state: 'none', activation: null });
      else expect(get.json<{ code: number }>().code, `${value} ${get.body}`).not.toBe(1);
      const post = await app.inject({
        method: 'POST',
        url: '/api/esim/installed',
        headers: { token, 'content-type': 'application/json', 'accept-language': 'ja' },
        payload: { orderNo: value },
      });
      expect(post.statusCode, value).toBeLessThan(500);
      expect(post.json<{ code: number }>().code, value).not.toBe(1);
      expect(post.body).not.toMatch(/stack|at \/|drizzle|postgres|select /i);
    }
    for (const payload of [
      { orderNo: [orderNo] },
      { orderNo: 12 },
      { orderNo: { $ne: '' } },
      [orderNo],
      'x'.repeat(2_000_000),
    ]) {
      const post = await app.inject({
        method: 'POST',
        url: '/api/esim/installed',
        headers: { token, 'content-type': 'application/json', 'accept-language': 'ja' },
        payload: typeof payload === 'string' ? JSON.stringify({ orderNo: payload }) : JSON.stringify(payload),
      });
      expect(post.statusCode, JSON.stringify(payload).slice(0, 40)).toBeLessThan(500);
      expect(post.json<{ code: number; msg: string }>().code).not.toBe(1);
      expect(post.json<{ msg: string }>().msg).not.toMatch(/^[A-Z_]+$/);
    }
    const list = await app.inject({ method: 'GET', url: `/api/esim/order?orderNo=a&orderNo=b`, headers: { token } });
    expect(list.statusCode).toBeLessThan(500);
    expect(JSON.stringify(await app.db.select().from(esimProfiles))).toBe(before);
  });

  it('refuses hostile notices, imports and reissue requests without a 5xx or a change', async () => {
    const before = JSON.stringify(await app.db.select().from(esimProfiles));
    const unsigned = [
      { payload: '{}', type: 'application/json' },
      { payload: '\u0000'.repeat(10), type: 'text/plain' },
      { payload: 'x'.repeat(20 * 1024), type: 'application/json' },
      { payload: '[1,2]', type: 'application/x-www-form-urlencoded' },
      { payload: '<a/>', type: 'application/xml' },
    ];
    for (const { payload, type } of unsigned) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/esim/notify',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, type).toBeLessThan(500);
      expect(res.statusCode, type).not.toBe(200);
    }
    // Signed by the carrier but malformed: refused as not well formed, never a 5xx.
    for (const body of [
      '{"event_id":"e1","iccid":"８９８１","state":"installed","occurred_at":"2026-01-01T00:00:00Z"}',
      `{"event_id":"${'e'.repeat(500)}","iccid":"${iccidOf(5000)}","state":"installed","occurred_at":"x"}`,
      `{"event_id":["e"],"iccid":"${iccidOf(5000)}","state":"installed","occurred_at":"2026-01-01T00:00:00Z"}`,
      `{"event_id":"e2","iccid":"${iccidOf(5000)}","state":"installed","occurred_at":"9999-99-99T00:00:00Z"}`,
      'null',
      '"str"',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/esim/notify',
        headers: noticeHeaders(SANDBOX_ESIM_SECRET, body, new Date()),
        payload: body,
      });
      expect(res.statusCode, body.slice(0, 60)).toBeLessThan(500);
    }
    for (const csv of [
      ['a'],
      42,
      { csv: 'x' },
      `iccid,smdp_address,matching_id,confirmation_code\n${iccidOf(1).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)))},smdp.sandbox.example.com,K2-A,`,
      `iccid,smdp_address,matching_id,confirmation_code\n${iccidOf(1)}\u200f,smdp.sandbox.example.com,K2-A,`,
      `iccid,smdp_address,matching_id,confirmation_code\n${iccidOf(1)},smdp.sandbox.example.com,K2-A\u0301,`,
      `iccid,smdp_address,matching_id,confirmation_code\n${iccidOf(1)},ｓmdp.example.com,K2-A,`,
    ]) {
      const res = await fulfil.call('POST', '/api/admin/esim/import', { csv });
      expect(res.status, JSON.stringify(csv).slice(0, 40)).toBeLessThan(500);
      expect((res.body as unknown as { data: { imported?: number } }).data.imported ?? 0).toBe(0);
    }
    const { token } = await signUp(app, 'esimreissuehostile');
    for (const form of [{ reason: 'format' }, { reason: '' }, { reason: 'new_phone\u0000' }]) {
      const res = await postForm(app, '/api/esim/reissue', form, { token, 'accept-language': 'ja' });
      expect(res.status).toBeLessThan(500);
      expect(res.body.code).not.toBe(1);
    }
    for (const reissueNo of ['R' + '9'.repeat(30), '\u202eR1', '', 'x'.repeat(500)]) {
      const res = await postForm(app, '/api/esim/reissue/cancel', { reissueNo }, { token, 'accept-language': 'ja' });
      expect(res.status).toBeLessThan(500);
      expect(res.body.code).not.toBe(1);
      expect(res.body.msg).not.toMatch(/^[A-Z_]+$/);
    }
    expect(JSON.stringify(await app.db.select().from(esimProfiles))).toBe(before);
  });

  it('escapes what the sandbox phone echoes and refuses hostile codes without a 5xx', async () => {
    const script = '"><script>alert(1)</script>';
    const page = await app.inject({ method: 'GET', url: `/sandbox/esim/phone?carddata=${encodeURIComponent(script)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert');
    for (const code of [script, 'LPA:1$smdp.sandbox.example.com$\u0000', `LPA:1$a.b$${'K'.repeat(590)}`, '']) {
      const res = await app.inject({
        method: 'POST',
        url: '/sandbox/esim/phone',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ code, action: 'install' }).toString(),
      });
      expect(res.statusCode, code.slice(0, 30)).toBeLessThan(500);
      expect(res.body).not.toContain('<script>alert');
    }
    for (const payload of ['code=a&code=b&action=install', 'action=format', 'action[]=install']) {
      const res = await app.inject({
        method: 'POST',
        url: '/sandbox/esim/phone',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode, payload).toBeLessThan(500);
    }
  });

  it('never shows the activation code outside the install page', async () => {
    const { token } = await signUp(app, 'esimsecret');
    const { orderNo } = await esimOrderUnderReview(app, token);
    await stock(1);
    await approve(orderNo);
    const view = await getJson<View>(app, `/api/esim/order?orderNo=${orderNo}`, { token });
    const secret = view.body.data.activation?.matchingId ?? '';
    expect(secret).toMatch(/^K2-SECRET\d{4}-ZZ$/);
    // The phone opened by the one-tap link (carddata in the query) and by a typed code.
    const lpa = view.body.data.activation!.lpa;
    await app.inject({ method: 'GET', url: `/sandbox/esim/phone?carddata=${encodeURIComponent(lpa)}` });
    await app.inject({
      method: 'POST',
      url: '/sandbox/esim/phone',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code: lpa, action: 'download' }).toString(),
    });
    const answers = [
      (await getJson(app, `/api/order/detail?orderNo=${orderNo}`, { token })).raw,
      (await getJson(app, '/api/order/lists', { token })).raw,
      JSON.stringify((await fulfil.call('GET', `/api/admin/orders/${orderNo}`)).body),
      JSON.stringify((await fulfil.call('GET', '/api/admin/esim/stock')).body),
      JSON.stringify((await fulfil.call('GET', '/api/admin/fulfilment')).body),
      JSON.stringify(await app.db.select().from(outbox)),
      JSON.stringify(await app.db.select().from(auditLog)),
      JSON.stringify(await app.db.select().from(orderEvents)),
      logs.join('\n'),
    ];
    answers.forEach((text, i) => {
      expect(text, `answer ${i}`).not.toContain(secret);
      expect(text, `answer ${i}`).not.toContain('LPA:1$');
    });
  });
});
