import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierRequests, charges, lines, payments, refunds, simReplacements, topups } from '../../server/db/schema';
import { bookCancellation, leavingSweep, reportLost, requestReplacement } from '../../server/lifecycle/index';
import { createTopup } from '../../server/topups/topups';
import { backends } from './helpers/databases';
import { newIccid } from './helpers/iccid';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { postForm } from './helpers/requests';
import { sandboxCardToken } from './helpers/sandbox-card';
import { signInStaff } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

// A new SIM after a loss returns the line to where it stood (staff's suspension holds), never
// brings back an ended line, and a line's end closes (and refunds) what was open on it.

const errorOf = (answer: { body: { data: unknown } }) => (answer.body.data as { error?: string }).error;
const quiet = { error: () => undefined };

describe.each(backends)('a lost line and its state on %s', (backend) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;
  async function customer(name: string) {
    const { token, id } = await signUp(t.app, `${name}-${backend}`);
    n += 1;
    const msisdn = `0807${backend === 'postgres' ? '1' : '2'}${String(n).padStart(6, '0')}`;
    const { line } = await activeLine(t.app, token, {
      msisdn,
      iccid: newIccid(backend === 'postgres' ? '5' : '6'),
      planId: '2',
    });
    return { token, id, line };
  }
  const lineOf = async (id: number) => (await db().select().from(lines).where(eq(lines.id, id)))[0]!;
  const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());

  it('keeps a staff-suspended line suspended after its replacement (the SIM swapped, not resumed)', async () => {
    const c = await customer('lostsusp');
    const support = await signInStaff(t.app, 'support');
    const fulfil = await signInStaff(t.app, 'fulfilment');
    expect((await support.call('POST', `/api/admin/customers/${c.id}/line`, { action: 'suspend' })).status).toBe(200);
    await reportLost({ db: db(), linePlatform: t.app.linePlatform }, await lineOf(c.line.id), { actor: 'customer:x' });
    const row = await requestReplacement(db(), {
      line: await lineOf(c.line.id),
      kind: 'pickup',
      feeExTax: 0,
      by: { actor: 'customer:x' },
    });
    await fulfil.call('POST', `/api/admin/replacements/${row.replacementNo}/ready`, {});
    const iccid = newIccid(backend === 'postgres' ? '7' : '8');
    const done = await fulfil.call('POST', `/api/admin/replacements/${row.replacementNo}/activate`, { iccid });
    expect(errorOf(done)).toBeUndefined();
    const line = await lineOf(c.line.id);
    expect(line).toMatchObject({ status: 'suspended', iccid });
    const asked = await db()
      .select()
      .from(carrierRequests)
      .where(like(carrierRequests.requestKey, `replace:${row.replacementNo}:%`));
    expect(asked.map((r) => r.operation)).toEqual(['swap_sim']);
  });

  it('refuses to activate a replacement on an ended line without asking the carrier; the end closed it', async () => {
    const c = await customer('lostend');
    await bookCancellation(db(), { lineId: c.line.id, lastDay: today(), fee: 0, actor: 'customer:x' });
    await reportLost({ db: db(), linePlatform: t.app.linePlatform }, await lineOf(c.line.id), { actor: 'customer:x' });
    const row = await requestReplacement(db(), {
      line: await lineOf(c.line.id),
      kind: 'pickup',
      feeExTax: 0,
      by: { actor: 'customer:x' },
    });
    await leavingSweep(
      { db: db(), linePlatform: t.app.linePlatform, log: quiet },
      new Date(Date.now() + 2 * 86400_000),
    );
    expect((await lineOf(c.line.id)).status).toBe('ended');
    const [closed] = await db().select().from(simReplacements).where(eq(simReplacements.id, row.id));
    expect(closed!.status).toBe('cancelled');
    const fulfil = await signInStaff(t.app, 'fulfilment');
    const done = await fulfil.call('POST', `/api/admin/replacements/${row.replacementNo}/activate`, {
      iccid: newIccid(backend === 'postgres' ? '7' : '8'),
    });
    expect(errorOf(done)).toBeDefined();
    const asked = await db()
      .select()
      .from(carrierRequests)
      .where(like(carrierRequests.requestKey, `replace:${row.replacementNo}:%`));
    expect(asked).toEqual([]);
    expect((await lineOf(c.line.id)).status).toBe('ended');
  });

  it("the line's end refunds a paid replacement and withdraws an unpaid top-up", async () => {
    const c = await customer('lostrefund');
    const topup = await createTopup(db(), { userId: c.id, addonId: '1gb', source: 'customer' });
    await bookCancellation(db(), { lineId: c.line.id, lastDay: today(), fee: 0, actor: 'customer:x' });
    await reportLost({ db: db(), linePlatform: t.app.linePlatform }, await lineOf(c.line.id), { actor: 'customer:x' });
    const row = await requestReplacement(db(), {
      line: await lineOf(c.line.id),
      kind: 'pickup',
      feeExTax: 2000,
      by: { actor: 'customer:x' },
    });
    const [charge] = await db().select().from(charges).where(eq(charges.id, row.chargeId!));
    const paid = await postForm(
      t.app,
      '/api/pay/create',
      { chargeNo: charge!.chargeNo, method: 'card', token: await sandboxCardToken(t.app) },
      { token: c.token },
    );
    expect(paid.body.code).toBe(1);
    expect((await db().select().from(simReplacements).where(eq(simReplacements.id, row.id)))[0]!.status).toBe(
      'preparing',
    );
    await leavingSweep(
      { db: db(), linePlatform: t.app.linePlatform, log: quiet },
      new Date(Date.now() + 2 * 86400_000),
    );
    expect((await db().select().from(simReplacements).where(eq(simReplacements.id, row.id)))[0]!.status).toBe(
      'cancelled',
    );
    const [payment] = await db().select().from(payments).where(eq(payments.targetId, charge!.id));
    const back = await db().select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(back.map((r) => r.amount)).toEqual([charge!.total]);
    expect((await db().select().from(topups).where(eq(topups.id, topup.id)))[0]!.status).toBe('cancelled');
    expect((await db().select().from(charges).where(eq(charges.id, topup.chargeId)))[0]!.status).toBe('cancelled');
  });

  it('a completed port-out closes an open replacement and withdraws its unpaid fee', async () => {
    const c = await customer('lostport');
    await db().update(lines).set({ planId: 4 }).where(eq(lines.id, c.line.id));
    await reportLost({ db: db(), linePlatform: t.app.linePlatform }, await lineOf(c.line.id), { actor: 'customer:x' });
    const row = await requestReplacement(db(), {
      line: await lineOf(c.line.id),
      kind: 'pickup',
      feeExTax: 2000,
      by: { actor: 'customer:x' },
    });
    expect((await postForm(t.app, '/api/line/port-out', {}, { token: c.token })).body.code).toBe(1);
    const staff = await signInStaff(t.app, 'support');
    expect((await staff.call('POST', `/api/admin/customers/${c.id}/port-out/issue`, {})).body.code).toBe(1);
    expect((await staff.call('POST', `/api/admin/customers/${c.id}/port-out/complete`, {})).body.code).toBe(1);
    expect((await lineOf(c.line.id)).status).toBe('ported');
    expect((await db().select().from(simReplacements).where(eq(simReplacements.id, row.id)))[0]!.status).toBe(
      'cancelled',
    );
    expect((await db().select().from(charges).where(eq(charges.id, row.chargeId!)))[0]!.status).toBe('cancelled');
  });
});
