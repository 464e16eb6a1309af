import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  esimProfiles,
  lines as lineRows,
  orderEvents,
  orders,
  outbox,
  sandboxEsimProfiles,
} from '../../server/db/schema';
import { noticeHeaders, releaseProfile, SANDBOX_ESIM_SECRET } from '../../server/esim/index';
import { backends } from './helpers/databases';
import { freshDatabase, type TestDatabase } from './helpers/databases';
import { CHECKLIST, esimOrderUnderReview, iccidOf, loggedApp, matchingIdOf, profileCsv } from './helpers/esim';
import { placeOrder, signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { signInStaff, type StaffClient } from './helpers/staff';

type View = {
  state: string;
  waitingStock: boolean;
  activation: { lpa: string; smdpAddress: string; matchingId: string; confirmationCode: string | null } | null;
  iccidLast4: string | null;
};

describe.each(backends)('eSIM delivery on %s', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let logs: string[];
  let reviewer: StaffClient;
  let fulfil: StaffClient;

  const view = (token: string, orderNo: string) =>
    getJson<View>(app, `/api/esim/order?orderNo=${encodeURIComponent(orderNo)}`, { token });
  const approve = (orderNo: string) =>
    reviewer.call('POST', `/api/admin/orders/${orderNo}/approve`, { checklist: CHECKLIST });
  const importCsv = (csv: string) => fulfil.call('POST', '/api/admin/esim/import', { csv });
  const statusOf = async (orderNo: string) =>
    (await app.db.select({ s: orders.status }).from(orders).where(eq(orders.orderNo, orderNo)))[0]?.s;
  const phone = (code: string, action: string) =>
    app.inject({
      method: 'POST',
      url: '/sandbox/esim/phone',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'ja' },
      payload: new URLSearchParams({ code, action }).toString(),
    });

  beforeAll(async () => {
    database = await freshDatabase(backend);
    ({ app, lines: logs } = await loggedApp(database, { ESIM_FEE: '1000' }));
    reviewer = await signInStaff(app, 'reviewer');
    fulfil = await signInStaff(app, 'fulfilment');
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('offers eSIM only on plans that have it, asks for the phone check, and adds its fee', async () => {
    const { token } = await signUp(app, 'esimbuyer');
    await expect(placeOrder(app, token, '1', { delivery: 'esim', esimConfirm: 'yes' })).rejects.toThrow(
      /ESIM_NOT_OFFERED/,
    );
    await expect(placeOrder(app, token, '2', { delivery: 'esim', esimConfirm: '' })).rejects.toThrow(
      /ESIM_CONFIRM_REQUIRED/,
    );
    const orderNo = await placeOrder(app, token, '2', { delivery: 'esim', esimConfirm: 'yes', storeId: '1' });
    const [row] = await app.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    // standard-20's 2800 plus ESIM_FEE 1000, tax on the sum; no store for an eSIM.
    expect([row!.price, row!.tax, row!.total]).toEqual([3800, 380, 4180]);
    expect(row!.info.storeId).toBe('');
  });

  it('waits for stock after approval, delivers on import, installs on the sandbox phone, opens the line', async () => {
    const { token } = await signUp(app, 'esimflow');
    const other = await signUp(app, 'esimother');
    const { orderNo, id } = await esimOrderUnderReview(app, token);
    // Before approval: nothing to install, and nobody else even sees the order.
    expect((await view(token, orderNo)).body.data).toMatchObject({ state: 'preparing', activation: null });
    expect((await view(other.token, orderNo)).status).toBe(404);

    // No stock: the approval stands, the customer and staff see it waiting, nothing fails.
    const approved = await approve(orderNo);
    expect(approved.status).toBe(200);
    expect(await statusOf(orderNo)).toBe('approved');
    expect((await view(token, orderNo)).body.data).toMatchObject({ state: 'preparing', waitingStock: true });
    const queue = await fulfil.call('GET', '/api/admin/fulfilment');
    expect(JSON.stringify(queue.body)).toContain(`"orderNo":"${orderNo}"`);
    expect(
      (queue.body as unknown as { data: { toShip: { orderNo: string; delivery: string }[] } }).data.toShip,
    ).toContainEqual(expect.objectContaining({ orderNo, delivery: 'esim' }));
    const empty = await fulfil.call('GET', '/api/admin/esim/stock');
    expect((empty.body as unknown as { data: { waiting: number; low: boolean } }).data).toMatchObject({
      waiting: 1,
      low: true,
    });

    // Stock arrives: the waiting order gets the first profile and is ready.
    const imported = await importCsv(profileCsv(3, 100));
    expect((imported.body as unknown as { data: unknown }).data).toMatchObject({
      imported: 3,
      assigned: 1,
      errors: [],
    });
    expect(await statusOf(orderNo)).toBe('esim_ready');
    const ready = (await view(token, orderNo)).body.data;
    expect(ready.state).toBe('ready');
    expect(ready.activation).toEqual({
      lpa: `LPA:1$smdp.sandbox.example.com$${matchingIdOf(100)}`,
      smdpAddress: 'smdp.sandbox.example.com',
      matchingId: matchingIdOf(100),
      confirmationCode: '1234',
    });
    expect((await view(other.token, orderNo)).status).toBe(404);
    // Low stock (ESIM_STOCK_LOW=1 is not reached with 2 left): no mail yet.
    expect(await app.db.select().from(outbox).where(eq(outbox.kind, 'esim_stock_low'))).toHaveLength(0);

    // The phone scans, installs: the carrier's notice opens the line with the reserved number.
    expect((await phone(ready.activation!.lpa, 'download')).statusCode).toBe(200);
    expect((await phone(ready.activation!.lpa, 'install')).statusCode).toBe(200);
    await expect.poll(() => statusOf(orderNo), { timeout: 5000 }).toBe('active');
    const [line] = await app.db.select().from(lineRows).where(eq(lineRows.orderId, id));
    const [sandbox] = await app.db
      .select()
      .from(sandboxEsimProfiles)
      .where(eq(sandboxEsimProfiles.iccid, iccidOf(100)));
    expect(line).toMatchObject({ iccid: iccidOf(100), msisdn: sandbox!.msisdn });
    expect((await view(token, orderNo)).body.data).toMatchObject({ state: 'installed', activation: null });
    const kinds = (await app.db.select().from(outbox)).map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['esim_ready', 'esim_installed', 'line_active']));
  });

  it('tells staff once when an assignment leaves stock at the threshold', async () => {
    const { token } = await signUp(app, 'esimlow');
    const { orderNo } = await esimOrderUnderReview(app, token);
    await approve(orderNo); // 2 available → 1 = ESIM_STOCK_LOW
    expect(await statusOf(orderNo)).toBe('esim_ready');
    const alerts = await app.db.select().from(outbox).where(eq(outbox.kind, 'esim_stock_low'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.recipient).toBe('stock@stock.example');
    expect(alerts[0]!.body).toMatch(/1/);
  });

  it('never lets the activation code into a log line, a message, an event or an audit row', async () => {
    const secrets = [100, 101, 102].map(matchingIdOf);
    const everywhere = [
      logs.join('\n'),
      JSON.stringify(await app.db.select().from(outbox)),
      JSON.stringify(await app.db.select().from(auditLog)),
      JSON.stringify(await app.db.select().from(orderEvents)),
    ].join('\n');
    expect(logs.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(everywhere).not.toContain(secret);
    expect(everywhere).not.toContain('LPA:1$');
    // Stored sealed, not as typed.
    expect(JSON.stringify(await app.db.select().from(esimProfiles))).not.toContain(secrets[0]);
  });

  it('refuses a bad import whole and names each bad line; the same file twice is harmless', async () => {
    const before = (await app.db.select().from(esimProfiles)).length;
    const bad = [
      'iccid,smdp_address,matching_id,confirmation_code',
      `${iccidOf(200)},smdp.sandbox.example.com,K2-OK,`,
      `12345,smdp.sandbox.example.com,K2-OK,`,
      `${iccidOf(201)},not a host,K2-OK,`,
      `${iccidOf(202)},smdp.sandbox.example.com,lower-case,`,
      `${iccidOf(203)},smdp.sandbox.example.com,K2-OK,12`,
      `${iccidOf(200)},smdp.sandbox.example.com,K2-OK,`,
      `${iccidOf(204)},smdp.sandbox.example.com,K2-\u0001X,`,
    ].join('\n');
    const res = await importCsv(bad);
    expect(res.status).toBe(200);
    expect((res.body as unknown as { data: unknown }).data).toMatchObject({
      imported: 0,
      errors: [
        { line: 3, key: 'ICCID_INVALID' },
        { line: 4, key: 'SMDP_ADDRESS_INVALID' },
        { line: 5, key: 'MATCHING_ID_INVALID' },
        { line: 6, key: 'CONFIRMATION_CODE_INVALID' },
        { line: 7, key: 'ICCID_DUPLICATE' },
        { line: 8, key: 'PROFILE_CSV_INVALID' },
      ],
    });
    expect(await app.db.select().from(esimProfiles)).toHaveLength(before);
    const header = await importCsv('iccid,matching_id\n');
    expect((header.body as unknown as { data: { error: string } }).data.error).toBe('PROFILE_CSV_HEADER');
    // A NUL byte is refused before the import reads it (as every text field is), not a 5xx.
    const nul = await importCsv(`iccid,smdp_address,matching_id,confirmation_code\n${iccidOf(1)}\u0000,a.b,K,`);
    expect(nul.status).toBeLessThan(500);
    expect(JSON.stringify(nul.body)).toContain('csv');
    expect(await app.db.select().from(esimProfiles)).toHaveLength(before);
    // A BOM and CRLF from a spreadsheet are fine; importing again skips what is stored.
    const once = await importCsv(profileCsv(2, 300, { bom: true, crlf: true }));
    expect((once.body as unknown as { data: unknown }).data).toMatchObject({ imported: 2, skipped: [] });
    const twice = await importCsv(profileCsv(2, 300));
    expect((twice.body as unknown as { data: unknown }).data).toMatchObject({
      imported: 0,
      skipped: [iccidOf(300), iccidOf(301)],
    });
    // The audit row has counts only.
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'esim-import'))
      .orderBy(desc(auditLog.id));
    expect(audit!.detail).toEqual({ imported: 0, skipped: 2, errors: 0, assigned: 0 });
  });

  it('checks notices: signature, duplicates and late ones', async () => {
    const notify = (body: object, secret = SANDBOX_ESIM_SECRET, at = new Date()) => {
      const raw = JSON.stringify(body);
      return app.inject({
        method: 'POST',
        url: '/api/esim/notify',
        headers: noticeHeaders(secret, raw, at),
        payload: raw,
      });
    };
    const base = { iccid: iccidOf(300), state: 'downloaded', occurred_at: new Date().toISOString() };
    expect((await notify({ ...base, event_id: 'e1' }, 'wrong-secret')).statusCode).toBe(403);
    expect(
      (await notify({ ...base, event_id: 'e1' }, SANDBOX_ESIM_SECRET, new Date(Date.now() - 3_600_000))).statusCode,
    ).toBe(403);
    expect((await notify({ ...base, event_id: 'e1' })).json()).toMatchObject({ outcome: 'applied' });
    expect((await notify({ ...base, event_id: 'e1' })).json()).toMatchObject({ outcome: 'duplicate' });
    const late = {
      ...base,
      event_id: 'e0',
      state: 'deleted',
      occurred_at: new Date(Date.now() - 60_000).toISOString(),
    };
    expect((await notify(late)).json()).toMatchObject({ outcome: 'stale' });
    const [row] = await app.db
      .select()
      .from(esimProfiles)
      .where(eq(esimProfiles.iccid, iccidOf(300)));
    expect(row!.providerState).toBe('downloaded');
    expect((await notify({ ...base, event_id: 'e9', iccid: iccidOf(999) })).json()).toMatchObject({
      outcome: 'unknown',
    });
  });

  it('a released profile cannot be installed again on the sandbox phone', async () => {
    const { token } = await signUp(app, 'esimrelease');
    const { orderNo, id } = await esimOrderUnderReview(app, token);
    await approve(orderNo);
    const ready = (await view(token, orderNo)).body.data;
    expect(ready.state).toBe('ready');
    const [profile] = await app.db.select().from(esimProfiles).where(eq(esimProfiles.orderId, id));
    await releaseProfile(app.esim, profile!.id);
    const [released] = await app.db.select().from(esimProfiles).where(eq(esimProfiles.id, profile!.id));
    expect(released).toMatchObject({ status: 'released', releasePending: 0, providerState: 'revoked' });
    const refused = await phone(ready.activation!.lpa, 'install');
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('無効');
    // The order page no longer shows the code.
    expect((await view(token, orderNo)).body.data.activation).toBeNull();
    expect((await phone('LPA:1$smdp.sandbox.example.com$K2-NOSUCH', 'install')).statusCode).toBe(404);
    expect((await phone('not a code', 'install')).statusCode).toBe(400);
  });

  it('staff activation of an eSIM order takes only its own ICCID; the handoff opens the install page', async () => {
    const { token } = await signUp(app, 'esimstaff');
    await importCsv(profileCsv(1, 400));
    const { orderNo, id } = await esimOrderUnderReview(app, token);
    await approve(orderNo);
    const [profile] = await app.db.select().from(esimProfiles).where(eq(esimProfiles.orderId, id));
    const handoff = await postForm<{ path: string }>(app, '/api/handoff/create', { orderNo, next: 'esim' }, { token });
    expect(handoff.body.code).toBe(1);
    const redeemed = await postForm<{ next: string; orderNo: string }>(app, '/api/handoff/redeem', {
      token: new URLSearchParams(handoff.body.data.path.split('?')[1]).get('t')!,
    });
    expect(redeemed.body.data).toMatchObject({ next: 'esim', orderNo });
    const queue = await fulfil.call('GET', '/api/admin/fulfilment');
    expect((queue.body as unknown as { data: { toActivate: unknown[] } }).data.toActivate).toContainEqual(
      expect.objectContaining({ orderNo, status: 'esim_ready' }),
    );
    // The one-tap link's carddata opens the sandbox phone with the code filled in, escaped.
    const lpa = (await view(token, orderNo)).body.data.activation!.lpa;
    const page = await app.inject({ url: `/sandbox/esim/phone?carddata=${encodeURIComponent(lpa)}` });
    expect(page.body).toContain(`value="${lpa}"`);
    const hostile = await app.inject({
      url: `/sandbox/esim/phone?carddata=${encodeURIComponent('"><script>x</script>')}`,
    });
    expect(hostile.body).not.toContain('<script>x');
    const wrong = await fulfil.call('POST', `/api/admin/orders/${orderNo}/activate`, {
      msisdn: '070-9999-0001',
      iccid: '8981999999999999999',
    });
    expect((wrong.body as unknown as { data: { error: string } }).data.error).toBe('ICCID_INVALID');
    // The number too is the profile's: the carrier bound it when it reserved the profile.
    const otherNumber = await fulfil.call('POST', `/api/admin/orders/${orderNo}/activate`, {
      msisdn: profile!.msisdn === '07099990001' ? '070-9999-0002' : '070-9999-0001',
      iccid: profile!.iccid,
    });
    expect((otherNumber.body as unknown as { data: { error: string } }).data.error).toBe('MSISDN_INVALID');
    expect(await statusOf(orderNo)).toBe('esim_ready');
    const right = await fulfil.call('POST', `/api/admin/orders/${orderNo}/activate`, {
      msisdn: profile!.msisdn!,
      iccid: profile!.iccid,
    });
    expect(right.status).toBe(200);
    expect(await statusOf(orderNo)).toBe('active');
    const order = await fulfil.call('GET', `/api/admin/orders/${orderNo}`);
    expect(
      (order.body as unknown as { data: { esim: { current: { status: string; iccid: string } } } }).data.esim.current,
    ).toMatchObject({
      status: 'installed',
      iccid: profile!.iccid,
    });
    // An active, installed eSIM has nothing to hand off.
    const none = await postForm(app, '/api/handoff/create', { orderNo, next: 'esim' }, { token });
    expect((none.body.data as { error: string }).error).toBe('ESIM_NOT_READY');
  });

  it('"installed" from the customer: recorded for staff until the carrier has seen it, then the line opens', async () => {
    const { token } = await signUp(app, 'esimmark');
    await importCsv(profileCsv(1, 500));
    const { orderNo, id } = await esimOrderUnderReview(app, token);
    await approve(orderNo);
    const [profile] = await app.db.select().from(esimProfiles).where(eq(esimProfiles.orderId, id));
    const installed = (body: { orderNo: string }) =>
      app.inject({ method: 'POST', url: '/api/esim/installed', headers: { token }, payload: body });
    const first = (await installed({ orderNo })).json<{ data: View & { markedInstalledAt: string | null } }>().data;
    expect(first.state).toBe('ready');
    expect(first.markedInstalledAt).not.toBeNull();
    expect(await statusOf(orderNo)).toBe('esim_ready');
    // The carrier has it installed (its notice lost): asking it opens the line.
    await app.db
      .update(sandboxEsimProfiles)
      .set({ state: 'installed' })
      .where(eq(sandboxEsimProfiles.iccid, profile!.iccid));
    expect((await installed({ orderNo })).json<{ data: View }>().data.state).toBe('installed');
    expect(await statusOf(orderNo)).toBe('active');
    const stranger = await signUp(app, 'esimmark2');
    const res = await app.inject({
      method: 'POST',
      url: '/api/esim/installed',
      headers: { token: stranger.token },
      payload: { orderNo },
    });
    expect(res.statusCode).toBe(404);
  });
});
