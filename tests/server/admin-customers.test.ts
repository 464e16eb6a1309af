import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminCustomer, CustomerSearch } from '../../contract/admin-api';
import { addDays, tokyoDate } from '../../contract/calendar';
import { STAFF_ROLES, allows } from '../../contract/staff-roles';
import { auditLog, bills, customerProfiles, documents, outbox, staff, users } from '../../server/db/schema';
import { billRun, importUsage } from '../../server/staff/operations';
import { queueMessages } from '../../server/notifications/outbox';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { ORDER_INFORMATION, signUp, upload } from './helpers/purchase';
import { signInStaff, type StaffClient } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 19, the console's customer pages: search by e-mail, phone in any written form, order
// or bill number; a customer's page without a document or a message's text; resending the
// activation mail; an address change backed by the customer's own address proof. Support and
// admin only; every other role is refused, on record.

describe.each(backends)('staff customer pages on %s', (backend) => {
  let t: TestApp;
  let support: StaffClient;
  let owner: { token: string; id: number };
  let orderNo: string;
  let billNo: string;
  let pending: { id: number };
  let noMail: { id: number };
  const month = tokyoDate(new Date()).slice(0, 7);
  const secretBody = '您正在重置密码，验证码是 482913，10 分钟内有效。';

  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.database.handle.db;
    owner = await signUp(t.app, 'custowner');
    await db.update(users).set({ mobile: '+818011112222' }).where(eq(users.id, owner.id));
    ({ orderNo } = await activeLine(t.app, owner.token, {
      msisdn: '090-3333-4444',
      iccid: '8981100000000000290',
      planId: '2',
    }));
    await importUsage(db, 'staff:t', `09033334444,${month}-01,300\n09033334444,${month}-02,212`);
    await billRun(db, 'staff:t', month);
    billNo = (await db.select().from(bills).where(eq(bills.userId, owner.id)))[0]!.billNo;
    // A code mail is addressed, not linked to the account; its text holds the code.
    await queueMessages(db, [
      { channel: 'mail', recipient: 'custowner@example.com', subject: '【云路移动】重置密码', body: secretBody },
    ]);
    pending = (
      await db
        .insert(users)
        .values({ username: 'custpending', email: 'custpending@example.com', lang: 'ja' })
        .returning()
    )[0]!;
    noMail = (await db.insert(users).values({ username: 'wechatonly' }).returning())[0]!;
    support = await signInStaff(t.app, 'support');
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const search = async (q: string, client = support) =>
    (await client.call<CustomerSearch>('GET', `/api/admin/customers?q=${encodeURIComponent(q)}`)).body.data.customers;
  const page = (id: number, client = support) => client.call<AdminCustomer>('GET', `/api/admin/customers/${id}`);
  const staffId = async (client: StaffClient) =>
    (await db().select().from(staff).where(eq(staff.login, client.login)))[0]!.id;
  const auditOf = async (client: StaffClient, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, await staffId(client)), eq(auditLog.action, action)));
  const goodAddress = async (proofDocumentId: string) => ({
    region: 'JP',
    postcode: '160-0022',
    province: '東京都',
    city: '新宿区',
    district: '新宿',
    block: '3-1-1',
    building: 'さくらビル 5F',
    proofType: 'utility_bill',
    proofDate: addDays(tokyoDate(new Date()), -10),
    proofDocumentId,
  });
  const identityDocuments = async () =>
    db()
      .select()
      .from(documents)
      .where(and(eq(documents.userId, owner.id), ne(documents.kind, 'address_proof')));

  it('refuses every customer call to a role without [customers], on record', async () => {
    const calls: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/admin/customers?q=custowner'],
      ['GET', `/api/admin/customers/${owner.id}`],
      ['POST', `/api/admin/customers/${pending.id}/resend-activation`],
      ['POST', `/api/admin/customers/${owner.id}/address`, await goodAddress('x')],
    ];
    const refused = STAFF_ROLES.filter((role) => !allows(role, 'customers'));
    expect(refused).toEqual(['reviewer', 'fulfilment', 'finance']);
    for (const role of refused) {
      const client = await signInStaff(t.app, role);
      for (const [method, url, body] of calls) {
        const res = await client.call(method, url, body);
        expect(res.status, `${role} ${method} ${url}`).toBe(403);
        expect(res.body).toMatchObject({ code: 0, data: { error: 'FORBIDDEN' } });
        expect(res.raw).not.toContain('custowner');
      }
      const denied = await auditOf(client, 'denied');
      expect(denied.map((d) => d.target)).toEqual([
        '/api/admin/customers',
        '/api/admin/customers/:id',
        '/api/admin/customers/:id/resend-activation',
        '/api/admin/customers/:id/address',
      ]);
      expect(denied.every((d) => (d.detail as { permission?: string }).permission === 'customers')).toBe(true);
    }
    expect(await db().select().from(outbox).where(eq(outbox.recipient, 'custpending@example.com'))).toEqual([]);
    const admin = await signInStaff(t.app, 'admin');
    expect((await page(owner.id, admin)).status).toBe(200);
  });

  it('finds a customer by e-mail, phone in any written form, order and bill number', async () => {
    const expected = [
      { id: owner.id, username: 'custowner', email: 'custowner@example.com', orders: 1, hasLine: true },
    ];
    const ids = async (q: string) => (await search(q)).map((c) => c.id);
    expect(await search('CUSTOWNER@example.com')).toMatchObject(expected);
    expect(await ids('custowner@')).toEqual([owner.id]);
    // The bound mobile (+818011112222) and the line (09033334444), however they are written.
    for (const q of [
      '080-1111-2222',
      '08011112222',
      '+81 80 1111 2222',
      '+81-80-1111-2222',
      '0081 80 1111 2222',
      '(080) 1111-2222',
      '０８０－１１１１－２２２２',
      '090 3333 4444',
      '+819033334444',
    ])
      expect(await ids(q), q).toEqual([owner.id]);
    // As typed on the order form (080-1234-5678), written the international way: everyone who
    // ordered with it.
    expect(await ids(`+81 ${ORDER_INFORMATION.phone.slice(1).replace(/-/g, ' ')}`)).toContain(owner.id);
    expect(await ids(orderNo.toLowerCase())).toEqual([owner.id]);
    expect(await ids(billNo)).toEqual([owner.id]);
    expect(await search('cu')).toEqual([]);
    expect(await search('%%%')).toEqual([]);
    expect(await search('___@___')).toEqual([]);
    expect(await search('nobody@example.com')).toEqual([]);
    expect(await search('0000000000')).toEqual([]);

    await db()
      .insert(users)
      .values(Array.from({ length: 55 }, (_, i) => ({ username: `bulk${i}`, email: `bulk${i}@many.example` })));
    expect(await search('many.example')).toHaveLength(50);
  });

  it("shows a customer's orders, line and this month's usage, bills, payments and messages, never a message's text", async () => {
    const res = await page(owner.id);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.customer).toMatchObject({ id: owner.id, email: 'custowner@example.com', mobile: '+818011112222' });
    expect(data.orders).toEqual([expect.objectContaining({ orderNo, status: 'active', total: expect.any(Number) })]);
    expect(data.line).toMatchObject({
      msisdn: '09033334444',
      iccid: '8981100000000000290',
      usedMb: 512,
      status: 'active',
    });
    expect(data.line!.quotaMb).toBeGreaterThan(0);
    expect(data.bills).toEqual([expect.objectContaining({ billNo, month, status: 'unpaid' })]);
    expect(data.messages.map((m) => m.kind)).toEqual(expect.arrayContaining(['code', 'line_active', 'bill_issued']));
    const code = data.messages.find((m) => m.kind === 'code')!;
    expect(code).toMatchObject({ channel: 'mail', subject: '【云路移动】重置密码', status: 'pending' });
    expect(res.raw).not.toContain('482913');
    expect(res.raw).not.toContain(secretBody);
    for (const m of data.messages)
      expect(Object.keys(m).sort()).toEqual(['channel', 'createdAt', 'id', 'kind', 'lastError', 'status', 'subject']);
    const viewed = await auditOf(support, 'view-customer');
    expect(viewed.map((v) => v.target)).toContain(String(owner.id));
    expect((await page(999999)).status).toBe(404);
    expect((await support.call('GET', '/api/admin/customers/abc')).status).toBe(400);
  });

  it("resends the activation mail through the site's own path, only to an account that needs one", async () => {
    const res = await support.call('POST', `/api/admin/customers/${pending.id}/resend-activation`);
    expect(res.body).toMatchObject({ code: 1 });
    const [mail] = await vi.waitFor(
      async () => {
        const rows = await db().select().from(outbox).where(eq(outbox.recipient, 'custpending@example.com'));
        expect(rows).toHaveLength(1);
        return rows;
      },
      { timeout: 5000, interval: 25 },
    );
    expect(mail).toMatchObject({ channel: 'mail', subject: '【くもじ】アカウントの有効化' });
    const code = /\d{6}/.exec(mail!.body)![0];
    expect(await auditOf(support, 'resend-activation')).toEqual([
      expect.objectContaining({ target: String(pending.id) }),
    ]);
    // It shows on the customer's page, without its code.
    const shown = await page(pending.id);
    expect(shown.body.data.messages).toEqual([expect.objectContaining({ id: mail!.id, kind: 'code' })]);
    expect(shown.raw).not.toContain(code);
    // The site's limits hold for staff too: one code mail a minute per address.
    expect((await support.call('POST', `/api/admin/customers/${pending.id}/resend-activation`)).body).toMatchObject({
      data: { error: 'CODE_TOO_SOON' },
    });
    for (const id of [owner.id, noMail.id])
      expect((await support.call('POST', `/api/admin/customers/${id}/resend-activation`)).body).toMatchObject({
        code: 0,
        data: { error: 'ACTIVATION_NOT_NEEDED' },
      });
    expect((await support.call('POST', '/api/admin/customers/999999/resend-activation')).status).toBe(404);
  });

  it("changes a customer's address with their own address proof, by the customer's rules, on record", async () => {
    const proof = await upload(t.app, owner.token, 'address_proof', 'address-proof.png', 'image/png');
    const stranger = await signUp(t.app, 'custstranger');
    const strangersProof = await upload(t.app, stranger.token, 'address_proof', 'address-proof.png', 'image/png');
    const [passport] = (await identityDocuments()).filter((d) => d.kind === 'passport');
    const change = (body: unknown) =>
      support.call<AdminCustomer>('POST', `/api/admin/customers/${owner.id}/address`, body);
    const profile = async () =>
      (await db().select().from(customerProfiles).where(eq(customerProfiles.userId, owner.id)))[0] ?? null;

    const refusals: [Record<string, string>, string, string][] = [
      [{ proofDocumentId: strangersProof }, 'PROOF_REQUIRED', 'proofDocumentId'],
      [{ proofDocumentId: passport!.id }, 'PROOF_REQUIRED', 'proofDocumentId'],
      [{ proofDocumentId: '' }, 'PROOF_REQUIRED', 'proofDocumentId'],
      [{ proofType: 'selfie' }, 'PROOF_REQUIRED', 'proofType'],
      [{ proofDate: '' }, 'PROOF_REQUIRED', 'proofDate'],
      [{ proofDate: addDays(tokyoDate(new Date()), -120) }, 'PROOF_TOO_OLD', 'proofDate'],
      [{ postcode: '1600' }, 'POSTCODE_INVALID', 'postcode'],
      [{ block: '' }, 'REQUIRED', 'block'],
      [{ region: 'US' }, 'REQUIRED', 'region'],
    ];
    for (const [override, key, field] of refusals) {
      const res = await change({ ...(await goodAddress(proof)), ...override });
      expect(res.body, JSON.stringify(override)).toMatchObject({ code: 0, data: { error: key } });
      expect(res.body.data as unknown).toMatchObject({ fields: { [field]: key } });
    }
    expect(await profile()).toBeNull();

    const done = await change(await goodAddress(proof));
    expect(done.body).toMatchObject({ code: 1, data: { customer: { id: owner.id } } });
    expect((await profile())!.info).toMatchObject({
      postcode: '160-0022',
      city: '新宿区',
      block: '3-1-1',
      proofDoc: proof,
      proofType: 'utility_bill',
    });
    const [audited] = await auditOf(support, 'change-address');
    expect(audited).toMatchObject({
      target: String(owner.id),
      detail: {
        before: { postcode: ORDER_INFORMATION.postcode, city: ORDER_INFORMATION.city },
        after: { postcode: '160-0022', city: '新宿区' },
        proofDocumentId: proof,
      },
    });
    expect(audited!.ip).toBeTruthy();
    // The same address again is no change.
    expect((await change(await goodAddress(proof))).body).toMatchObject({ data: { error: 'NO_CHANGES' } });
  });

  it('never shows support an identity document: only the ids of address proofs, in every answer', async () => {
    const identity = await identityDocuments();
    expect(identity.map((d) => d.kind).sort()).toEqual(['passport', 'residence_back', 'residence_front', 'signature']);
    const proofs = await db()
      .select()
      .from(documents)
      .where(and(eq(documents.userId, owner.id), eq(documents.kind, 'address_proof')));
    const changed = await support.call<AdminCustomer>('POST', `/api/admin/customers/${owner.id}/address`, {
      ...(await goodAddress(proofs[0]!.id)),
      block: '9-9-9',
    });
    const answers = [
      changed,
      await support.call('GET', `/api/admin/customers?q=${orderNo}`),
      await support.call('GET', `/api/admin/customers/${owner.id}`),
      await support.call('POST', `/api/admin/customers/${owner.id}/resend-activation`),
    ];
    for (const res of answers) {
      for (const d of identity) expect(res.raw).not.toContain(d.id);
      expect(res.raw).not.toMatch(/residence|passport|signature/i);
    }
    expect(changed.body).toMatchObject({ code: 1 });
    expect(changed.body.data.addressProofs.map((p) => p.id).sort()).toEqual(proofs.map((p) => p.id).sort());
  });
});
