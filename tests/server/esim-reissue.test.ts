import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lpaString } from '../../contract/esim-rules';
import {
  auditLog,
  charges,
  esimProfiles,
  esimReissues,
  lines,
  orders,
  outbox,
  sandboxEsimProfiles,
} from '../../server/db/schema';
import { advanceReissues } from '../../server/esim/index';
import { seal } from '../../server/esim/profiles';
import { importProfiles } from '../../server/esim/stock';
import { runCommand } from '../../server/ops/cli';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { sandboxCardToken } from './helpers/sandbox-card';
import { signInStaff } from './helpers/staff';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';

// Issue 30, reissue: a new phone or a deleted profile. The old profile is released at the
// carrier (never installable again), a new one is assigned to the same line and number, the
// customer is told with a link, never the code. One open reissue per line, whatever happens.

interface LineView {
  esim: boolean;
  orderNo: string | null;
  iccidLast4: string | null;
  reissueFee: number;
  openReissue: { reissueNo: string; status: string; chargeNo: string | null; fee: number } | null;
}
interface Reissue {
  reissueNo: string;
  status: string;
  chargeNo: string | null;
  fee: number;
  orderNo: string;
}

const SMDP = 'smdp.carrier.example';
let iccidSeq = 0;
const nextIccid = () => `8981100${String(Date.now()).slice(-6)}${String((iccidSeq += 1)).padStart(6, '0')}`;
const matchingOf = (iccid: string) => `MATCH-${iccid.slice(-10)}`;

describe.each(backends)('eSIM reissue on %s', (backend) => {
  let t: TestApp;
  let msisdnSeq = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;
  const deps = () => t.app.esim;

  /** Profiles in stock, as staff's import leaves them (sealed parts). */
  async function stock(n: number): Promise<string[]> {
    const iccids = Array.from({ length: n }, nextIccid);
    const key = t.app.documents.key;
    if (n > 0)
      await db()
        .insert(esimProfiles)
        .values(
          iccids.map((iccid) => ({
            iccid,
            smdpAddress: SMDP,
            matchingIdSealed: seal(key, matchingOf(iccid)),
            importedBy: 'staff:t',
          })),
        );
    return iccids;
  }

  /** A customer whose line runs on an installed eSIM profile (delivered and reserved at the carrier). */
  async function esimCustomer(name: string) {
    const { token, id } = await signUp(t.app, name);
    const [iccid] = await stock(1);
    msisdnSeq += 1;
    const msisdn = `0804${backend === 'postgres' ? '1' : '2'}${String(msisdnSeq).padStart(6, '0')}`;
    const { orderNo, line } = await activeLine(t.app, token, { msisdn, iccid: iccid!, planId: '2' });
    const [row] = await db().select().from(lines).where(eq(lines.iccid, iccid!));
    // Delivered as an eSIM (the other steps of that delivery are the install tests' business).
    const [order] = await db().select().from(orders).where(eq(orders.id, row!.orderId));
    await db()
      .update(orders)
      .set({ info: { ...order!.info, delivery: 'esim' } })
      .where(eq(orders.id, row!.orderId));
    const [profile] = await db()
      .update(esimProfiles)
      .set({ status: 'installed', orderId: row!.orderId, lineId: row!.id, assignedAt: new Date() })
      .where(eq(esimProfiles.iccid, iccid!))
      .returning();
    await deps().provider.reserve({ iccid: iccid!, smdpAddress: SMDP, matchingId: matchingOf(iccid!), msisdn });
    return { token, id, orderNo, line: line ?? row!, iccid: iccid!, msisdn: row!.msisdn, profile: profile! };
  }

  const lineView = (token: string) => getJson<LineView>(t.app, '/api/esim/line', { token });
  const ask = (token: string, reason = 'new_phone') =>
    postForm<Reissue>(t.app, '/api/esim/reissue', { reason }, { token });
  const profileOf = async (iccid: string) =>
    (await db().select().from(esimProfiles).where(eq(esimProfiles.iccid, iccid)))[0]!;
  const sandboxOf = async (iccid: string) =>
    (await db().select().from(sandboxEsimProfiles).where(eq(sandboxEsimProfiles.iccid, iccid)))[0];

  it('reissues a line after the fee is paid by card: old profile revoked, new ICCID, same number', async () => {
    const c = await esimCustomer('reissuer');
    const [spare] = await stock(1);
    const before = await lineView(c.token);
    expect(before.body.data).toMatchObject({ esim: true, iccidLast4: c.iccid.slice(-4), reissueFee: 550 });
    expect(before.body.data.openReissue).toBeNull();

    const asked = await ask(c.token);
    expect(asked.body.data).toMatchObject({ status: 'awaiting_payment', fee: 550, orderNo: c.orderNo });
    const chargeNo = asked.body.data.chargeNo!;
    expect(chargeNo).toMatch(/^C\d{14}$/);
    // Nothing moves before the fee is paid: the old profile still works.
    expect((await lineView(c.token)).body.data.openReissue).toMatchObject({ status: 'awaiting_payment', chargeNo });
    expect((await profileOf(c.iccid)).status).toBe('installed');

    const paid = await postForm<{ outcome: { kind: string } }>(
      t.app,
      '/api/pay/create',
      { chargeNo, method: 'card', token: await sandboxCardToken(t.app) },
      { token: c.token },
    );
    expect(paid.body.data.outcome.kind).toBe('paid');

    // The customer's next look moves it on.
    const after = (await lineView(c.token)).body.data;
    expect(after.openReissue).toBeNull();
    expect(after.iccidLast4).toBe(spare!.slice(-4));
    const [line] = await db().select().from(lines).where(eq(lines.id, c.line.id));
    expect([line!.iccid, line!.msisdn]).toEqual([spare, c.msisdn]);

    const old = await profileOf(c.iccid);
    expect(old).toMatchObject({ status: 'released', releasePending: 0, providerState: 'revoked' });
    expect((await sandboxOf(c.iccid))?.state).toBe('revoked');
    // The carrier refuses the old profile from now on.
    expect(await deps().provider.status(c.iccid)).toBe('revoked');
    await expect(
      deps().provider.reserve({ iccid: c.iccid, smdpAddress: SMDP, matchingId: matchingOf(c.iccid), msisdn: null }),
    ).rejects.toThrow();

    const fresh = await profileOf(spare!);
    expect(fresh).toMatchObject({
      status: 'assigned',
      orderId: c.profile.orderId,
      lineId: c.line.id,
      msisdn: c.msisdn,
    });
    expect(await sandboxOf(spare!)).toMatchObject({ state: 'released', msisdn: c.msisdn });
    // The sandbox phone, scanning the old code, is refused; the new code downloads and installs.
    const phone = (code: string, action: string) =>
      t.app.inject({ method: 'POST', url: '/sandbox/esim/phone', payload: { code, action } });
    const oldTry = await phone(lpaString(SMDP, matchingOf(c.iccid)), 'install');
    expect(oldTry.statusCode).toBe(409);
    expect(oldTry.body).toContain('此 eSIM 已停用');
    expect((await phone(lpaString(SMDP, matchingOf(spare!)), 'download')).statusCode).toBe(200);

    // Told, with the order page's link; no code in any message, and the steps audited.
    const messages = await db().select().from(outbox).where(eq(outbox.kind, 'esim_reissued'));
    const mine = messages.filter((m) => m.userId === c.id);
    expect(mine.length).toBeGreaterThan(0);
    for (const m of mine) {
      const text = `${m.subject}\n${m.body}`;
      for (const secret of [matchingOf(spare!), matchingOf(c.iccid), lpaString(SMDP, matchingOf(spare!))])
        expect(text).not.toContain(secret);
    }
    expect(mine.some((m) => m.body.includes(`/pages/order/detail?orderNo=${c.orderNo}`))).toBe(true);
    const [reissue] = await db().select().from(esimReissues).where(eq(esimReissues.lineId, c.line.id));
    expect(reissue).toMatchObject({ status: 'done', oldProfileId: c.profile.id, newProfileId: fresh.id });
    const steps = await db().select().from(auditLog).where(eq(auditLog.target, reissue!.reissueNo));
    expect(steps.map((s) => s.action)).toEqual(
      expect.arrayContaining(['esim-reissue-requested', 'esim-reissue-paid', 'esim-reissue-done']),
    );
    expect(JSON.stringify(steps)).not.toContain(matchingOf(spare!));
  });

  it('waits for stock when none is left, and finishes once profiles are imported', async () => {
    await stock(0);
    const c = await esimCustomer('waiter');
    // Everything else in stock is taken by earlier tests' spares: empty it for this one.
    await db()
      .update(esimProfiles)
      .set({ status: 'released', releasedAt: new Date() })
      .where(eq(esimProfiles.status, 'available'));
    const free = await postForm<Reissue>(t.app, '/api/esim/reissue', { reason: 'deleted' }, { token: c.token });
    const paid = await postForm(
      t.app,
      '/api/pay/create',
      { chargeNo: free.body.data.chargeNo!, method: 'card', token: await sandboxCardToken(t.app) },
      { token: c.token },
    );
    expect(paid.body.code).toBe(1);
    const waiting = await lineView(c.token);
    expect(waiting.status).toBe(200);
    expect(waiting.body.data.openReissue).toMatchObject({ status: 'waiting_stock' });
    // The old profile is released all the same: it must not stay installable.
    expect((await profileOf(c.iccid)).status).toBe('released');
    // Asking again changes nothing, and never fails.
    expect((await lineView(c.token)).body.data.openReissue?.status).toBe('waiting_stock');

    // Staff's import hands the new stock to the waiting reissue at once.
    const imported = nextIccid();
    const result = await importProfiles(
      deps(),
      `iccid,smdp_address,matching_id,confirmation_code\n${imported},${SMDP},${matchingOf(imported)},\n`,
      'staff:t',
    );
    expect(result).toMatchObject({ imported: 1, errors: [] });
    expect(result.assigned).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(lines).where(eq(lines.id, c.line.id));
    expect(row!.iccid).toBe(imported);
    const done = (await lineView(c.token)).body.data;
    expect(done.openReissue).toBeNull();
    expect(done.iccidLast4).toBe(imported.slice(-4));
  });

  it('opens one reissue and one charge for 60 identical requests at once, across two servers', async () => {
    const c = await esimCustomer('hammer');
    const jobs = t.database.handle.jobs;
    // On PostgreSQL a second server process: its own pool, the same database.
    const handle =
      jobs.kind === 'postgres' ? await openDatabase({ databaseUrl: jobs.connectionString, dataDir: 'memory' }) : null;
    const second = handle ? await buildApp({ database: handle, config: testConfig() }) : null;
    const servers = second ? [t.app, second] : [t.app];
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        postForm<Reissue>(
          servers[i % servers.length]!,
          '/api/esim/reissue',
          { reason: 'new_phone' },
          {
            token: c.token,
          },
        ),
      ),
    ).finally(async () => {
      await second?.close();
      await handle?.close();
    });
    for (const a of answers) expect(a.status).toBe(200);
    const won = answers.filter((a) => a.body.code === 1);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 1))
      expect(a.body.data).toMatchObject({ error: 'REISSUE_OPEN' });
    const rows = await db().select().from(esimReissues).where(eq(esimReissues.lineId, c.line.id));
    expect(rows).toHaveLength(1);
    expect(await db().select().from(charges).where(eq(charges.userId, c.id))).toHaveLength(1);
  });

  it('withdraws an unpaid reissue with its charge; a paid or done one cannot be withdrawn', async () => {
    const c = await esimCustomer('withdrawer');
    const asked = (await ask(c.token)).body.data;
    const cancel = (reissueNo: string, token = c.token) =>
      postForm<Reissue>(t.app, '/api/esim/reissue/cancel', { reissueNo }, { token });
    const cancelled = await cancel(asked.reissueNo);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', chargeNo: null });
    const pay = await postForm(
      t.app,
      '/api/pay/create',
      { chargeNo: asked.chargeNo!, method: 'card', token: await sandboxCardToken(t.app) },
      { token: c.token },
    );
    expect(pay.body.data).toMatchObject({ error: 'CHARGE_NOT_PAYABLE' });
    expect((await cancel(asked.reissueNo)).body.data).toMatchObject({ error: 'REISSUE_NOT_CANCELLABLE' });
    expect((await profileOf(c.iccid)).status).toBe('installed');
    // Withdrawn, it no longer blocks a new one.
    expect((await ask(c.token)).body.data).toMatchObject({ status: 'awaiting_payment' });
  });

  it("keeps each customer's reissue to themselves", async () => {
    const owner = await esimCustomer('owner');
    const asked = (await ask(owner.token)).body.data;
    const stranger = await signUp(t.app, 'nosy');
    const seen = await lineView(stranger.token);
    expect(seen.body.data).toMatchObject({ esim: false, openReissue: null });
    const tried = await postForm(
      t.app,
      '/api/esim/reissue/cancel',
      { reissueNo: asked.reissueNo },
      {
        token: stranger.token,
      },
    );
    expect(tried.status).toBe(404);
    expect((await lineView(owner.token)).body.data.openReissue?.status).toBe('awaiting_payment');
    // No line at all: said so, nothing made.
    expect((await ask(stranger.token)).body.data).toMatchObject({ error: 'NO_LINE' });
  });

  it('refuses a line on a physical SIM', async () => {
    const { token } = await signUp(t.app, 'plastic');
    await activeLine(t.app, token, { msisdn: `0907${backend === 'postgres' ? 1 : 2}000001`, iccid: nextIccid() });
    expect((await ask(token)).body.data).toMatchObject({ error: 'NOT_ESIM_LINE' });
    expect((await lineView(token)).body.data.esim).toBe(false);
  });

  it('lets staff reissue for free from the console, audited, once at a time', async () => {
    const c = await esimCustomer('callcentre');
    const [spare] = await stock(1);
    const staff = await signInStaff(t.app, 'fulfilment');
    const res = await staff.call<Reissue>('POST', `/api/admin/orders/${c.orderNo}/esim-reissue`, {
      reason: 'new_phone',
    });
    expect(res.body.data).toMatchObject({ status: 'done', fee: 0, chargeNo: null, orderNo: c.orderNo });
    expect((await db().select().from(lines).where(eq(lines.id, c.line.id)))[0]!.iccid).toBe(spare);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'esim-reissue'), eq(auditLog.target, c.orderNo)));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actor).toBe(`staff:${staff.login}`);
    expect(audited[0]!.staffId).not.toBeNull();

    // No stock: the second stays open (waiting), and a third is refused while it is.
    await db()
      .update(esimProfiles)
      .set({ status: 'released', releasedAt: new Date() })
      .where(eq(esimProfiles.status, 'available'));
    const second = await staff.call<Reissue>('POST', `/api/admin/orders/${c.orderNo}/esim-reissue`, {
      reason: 'deleted',
    });
    expect(second.body.data.status).toBe('waiting_stock');
    const third = await staff.call('POST', `/api/admin/orders/${c.orderNo}/esim-reissue`, { reason: 'other' });
    expect(third.body.data).toMatchObject({ error: 'REISSUE_OPEN' });
    // Customers cannot open one beside it either.
    expect((await ask(c.token)).body.data).toMatchObject({ error: 'REISSUE_OPEN' });

    // The console's order page lists both, newest first, without any code.
    const page = await staff.call<{ esim: { reissues: { status: string; fee: number }[] } | null }>(
      'GET',
      `/api/admin/orders/${c.orderNo}`,
    );
    expect(page.body.data.esim?.reissues.map((r) => [r.status, r.fee])).toEqual([
      ['waiting_stock', 0],
      ['done', 0],
    ]);
    expect(page.raw).not.toContain(matchingOf(spare!));

    const reviewer = await signInStaff(t.app, 'reviewer');
    const refused = await reviewer.call('POST', `/api/admin/orders/${c.orderNo}/esim-reissue`, { reason: 'other' });
    expect(refused.status).toBe(403);
  });

  it('reissues from the ops command too, and says why it will not', async () => {
    const c = await esimCustomer('byphone');
    const [spare] = await stock(1);
    const ops = (...argv: string[]) =>
      runCommand(argv, { db: db(), vault: t.app.documents, actor: 'tanaka', esim: deps() });
    await expect(ops('esim-reissue', c.orderNo, '--reason', 'lost')).rejects.toThrow(/--reason is one of/);
    await expect(ops('esim-reissue', 'SM000', '--reason', 'deleted')).rejects.toThrow(/NOT_FOUND/);
    expect(await ops('esim-reissue', c.orderNo, '--reason', 'deleted')).toMatch(/^E\d{14} for .+: done$/);
    expect((await db().select().from(lines).where(eq(lines.id, c.line.id)))[0]!.iccid).toBe(spare);
    const [asked] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'esim-reissue-requested'), eq(auditLog.actor, 'staff:tanaka')));
    expect(asked).toBeDefined();
  });

  it('moves a reissue once when two sweeps run it at the same time', async () => {
    const c = await esimCustomer('twosweeps');
    // Two: the staff test's reissue still waits for stock and the sweep serves it too.
    await stock(2);
    const asked = (await ask(c.token)).body.data;
    await postForm(
      t.app,
      '/api/pay/create',
      { chargeNo: asked.chargeNo!, method: 'card', token: await sandboxCardToken(t.app) },
      { token: c.token },
    );
    await Promise.all([advanceReissues(deps()), advanceReissues(deps()), advanceReissues(deps())]);
    const [row] = await db().select().from(esimReissues).where(eq(esimReissues.reissueNo, asked.reissueNo));
    expect(row!.status).toBe('done');
    const live = await db()
      .select()
      .from(esimProfiles)
      .where(
        and(eq(esimProfiles.orderId, c.profile.orderId!), inArray(esimProfiles.status, ['assigned', 'installed'])),
      );
    expect(live).toHaveLength(1);
    const told = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'esim_reissued'), eq(outbox.userId, c.id)));
    expect(new Set(told.map((m) => m.channel)).size).toBe(told.length);
  });
});
