import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LostLineView, StaffReplacement } from '../../contract/lost-views';
import {
  auditLog,
  carrierRequests,
  charges,
  lineEvents,
  linePauses,
  lines,
  outbox,
  simReplacements,
} from '../../server/db/schema';
import { liveLinePlatform } from '../../server/line/carrier/live-line-platform';
import { reportLost, requestReplacement } from '../../server/lifecycle/index';
import { backends } from './helpers/databases';
import { newIccid } from './helpers/iccid';
import { activeLine, orderUnderReview } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { sandboxCardToken } from './helpers/sandbox-card';
import { signInStaff } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';
import { activateOrder, approveOrder, shipOrder } from '../../server/staff/operations';

// Issue 31, a lost or stolen SIM: one tap stops it at the carrier at once, the number stays;
// a replacement (posted, picked up, or an eSIM) for a fee brings the line back on a new SIM,
// and the old SIM is never accepted again.

/** The stable key of a refusal (`data.error`). */
const errorOf = (answer: { body: { data: unknown } }) => (answer.body.data as { error?: string }).error;

describe.each(backends)('a lost SIM on %s', (backend) => {
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
    const msisdn = `0805${backend === 'postgres' ? '1' : '2'}${String(n).padStart(6, '0')}`;
    const iccid = newIccid(backend === 'postgres' ? '1' : '2');
    const { line } = await activeLine(t.app, token, { msisdn, iccid, planId: '2' });
    return { token, id, line, iccid, msisdn };
  }
  const view = (token: string) => getJson<LostLineView>(t.app, '/api/line/replacement', { token });
  const report = (token: string) => postForm<LostLineView>(t.app, '/api/line/lost', {}, { token });
  const order = (token: string, kind: string) =>
    postForm<LostLineView>(t.app, '/api/line/replacement', { kind }, { token });
  const requestsOf = (lineId: number) =>
    db()
      .select()
      .from(carrierRequests)
      .where(like(carrierRequests.requestKey, `%:${lineId}:%`));
  // The line's moves after its activation (every line's history starts with new → active).
  const eventsOf = async (lineId: number) =>
    (await db().select().from(lineEvents).where(eq(lineEvents.lineId, lineId))).filter((e) => e.reason !== 'activated');
  const lineOf = async (id: number) => (await db().select().from(lines).where(eq(lines.id, id)))[0]!;

  it('stops the SIM at the carrier at once and says what happens next', async () => {
    const c = await customer('lost1');
    const before = (await view(c.token)).body.data;
    expect(before).toMatchObject({ hasLine: true, status: 'active', lostAt: null, fee: 2200, replacement: null });
    expect(before.kinds).toEqual(['post', 'pickup']);
    const answer = await report(c.token);
    expect(answer.body.code).toBe(1);
    expect(answer.body.data).toMatchObject({ status: 'lost', fee: 2200, replacement: null });
    expect(answer.body.data.lostAt).not.toBeNull();
    const asked = await requestsOf(c.line.id);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      requestKey: `lost:${c.line.id}:1`,
      operation: 'suspend',
      iccid: c.iccid,
      msisdn: c.msisdn,
    });
    const events = await eventsOf(c.line.id);
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'active',
      toStatus: 'lost',
      reason: 'reported_lost',
      actor: `customer:${c.id}`,
    });
    const told = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, c.id), eq(outbox.kind, 'line_lost')));
    expect(told.length).toBeGreaterThan(0);
    // Asked again: the same state, nothing more at the carrier.
    expect((await report(c.token)).body.data.status).toBe('lost');
    expect(await requestsOf(c.line.id)).toHaveLength(1);
  });

  it('60 reports at once make one event and one carrier request', async () => {
    const c = await customer('lost60');
    const answers = await Promise.all(Array.from({ length: 60 }, () => report(c.token)));
    for (const a of answers) expect(a.body.data.status).toBe('lost');
    expect(await requestsOf(c.line.id)).toHaveLength(1);
    expect((await eventsOf(c.line.id)).filter((e) => e.toStatus === 'lost')).toHaveLength(1);
  });

  it('changes nothing when the carrier is down', async () => {
    const c = await customer('lostdown');
    // The live platform with nothing listening: the carrier unreachable.
    const down = liveLinePlatform({ apiBase: 'http://127.0.0.1:9/v1', token: 't', timeoutMs: 2000 });
    await expect(
      reportLost({ db: db(), linePlatform: down }, c.line, { actor: `customer:${c.id}` }),
    ).rejects.toMatchObject({ key: 'CARRIER_UNAVAILABLE' });
    expect((await lineOf(c.line.id)).status).toBe('active');
    expect(await eventsOf(c.line.id)).toHaveLength(0);
    expect(await requestsOf(c.line.id)).toHaveLength(0);
  });

  it('ends a running pause with the report', async () => {
    const c = await customer('lostpaused');
    await db().update(lines).set({ status: 'paused' }).where(eq(lines.id, c.line.id));
    await db().insert(linePauses).values({
      lineId: c.line.id,
      startOn: '2026-11-01',
      resumeOn: '2027-01-01',
      status: 'running',
      requestedBy: 'x',
    });
    expect((await report(c.token)).body.data.status).toBe('lost');
    const [pause] = await db().select().from(linePauses).where(eq(linePauses.lineId, c.line.id));
    expect(pause!.status).toBe('done');
  });

  it('replaces only a lost line, one at a time, and starts preparing once the fee is paid', async () => {
    const c = await customer('lostpost');
    expect(errorOf(await order(c.token, 'post'))).toBe('REPLACEMENT_NOT_LOST');
    await report(c.token);
    expect(errorOf(await order(c.token, 'esim'))).toBe('NOT_ESIM_LINE');
    const ordered = (await order(c.token, 'post')).body.data.replacement!;
    expect(ordered).toMatchObject({ kind: 'post', status: 'awaiting_payment', fee: 2200 });
    expect(ordered.replacementNo).toMatch(/^R\d{14}$/);
    expect(ordered.address).toBeTruthy();
    expect(errorOf(await order(c.token, 'pickup'))).toBe('REPLACEMENT_OPEN');
    const [row] = await db().select().from(simReplacements).where(eq(simReplacements.lineId, c.line.id));
    expect(row!.oldIccid).toBe(c.iccid);
    const [charge] = await db().select().from(charges).where(eq(charges.id, row!.chargeId!));
    expect(charge).toMatchObject({ kind: 'sim_replacement', lineId: c.line.id, total: 2200, status: 'unpaid' });
    const paid = await postForm<{ outcome: { kind: string } }>(
      t.app,
      '/api/pay/create',
      { chargeNo: ordered.chargeNo!, method: 'card', token: await sandboxCardToken(t.app) },
      { token: c.token },
    );
    expect(paid.body.data.outcome.kind).toBe('paid');
    expect((await view(c.token)).body.data.replacement).toMatchObject({ status: 'preparing', chargeNo: null });
  });

  it('withdraws an unpaid replacement with its charge; a free one is preparing at once', async () => {
    const c = await customer('lostfree');
    await report(c.token);
    const ordered = (await order(c.token, 'pickup')).body.data.replacement!;
    const cancelled = await postForm<LostLineView>(t.app, '/api/line/replacement/cancel', {}, { token: c.token });
    expect(cancelled.body.data.replacement).toMatchObject({ status: 'cancelled' });
    const [charge] = await db().select().from(charges).where(eq(charges.chargeNo, ordered.chargeNo!));
    expect(charge!.status).toBe('cancelled');
    const row = await requestReplacement(db(), {
      line: await lineOf(c.line.id),
      kind: 'pickup',
      feeExTax: 0,
      by: { actor: `customer:${c.id}` },
    });
    expect(row).toMatchObject({ status: 'preparing', chargeId: null });
  });

  it('staff order the new SIM for a caller; its fee waits for the customer to pay in the app', async () => {
    const c = await customer('lostorder');
    const support = await signInStaff(t.app, 'support');
    const reviewer = await signInStaff(t.app, 'reviewer');
    // Not lost yet: nothing to replace.
    const early = await support.call('POST', `/api/admin/customers/${c.id}/replacement`, { kind: 'pickup' });
    expect(early.body.data).toEqual({ error: 'REPLACEMENT_NOT_LOST' });
    await support.call('POST', `/api/admin/customers/${c.id}/lost`);
    expect((await reviewer.call('POST', `/api/admin/customers/${c.id}/replacement`, { kind: 'pickup' })).status).toBe(
      403,
    );
    const ordered = await support.call<{ replacements: StaffReplacement[] }>(
      'POST',
      `/api/admin/customers/${c.id}/replacement`,
      { kind: 'pickup' },
    );
    expect(ordered.body.data.replacements).toEqual([
      expect.objectContaining({ kind: 'pickup', status: 'awaiting_payment' }),
    ]);
    const [row] = await db().select().from(simReplacements).where(eq(simReplacements.lineId, c.line.id));
    expect(row!.requestedBy).toBe(`staff:${support.login}`);
    // The customer sees it on the lost page, with the charge to pay.
    const view = await getJson<LostLineView>(t.app, '/api/line/replacement', { token: c.token });
    expect(view.body.data.replacement).toMatchObject({ status: 'awaiting_payment' });
    expect(view.body.data.replacement?.chargeNo).toMatch(/^C\d+/);
  });

  it('staff post the new SIM, activate it by its ICCID, and the old SIM is never accepted again', async () => {
    const c = await customer('lostship');
    const support = await signInStaff(t.app, 'support');
    const reviewer = await signInStaff(t.app, 'reviewer');
    const fulfil = await signInStaff(t.app, 'fulfilment');
    // A reviewer cannot report or ship; support reports for a caller.
    expect((await reviewer.call('POST', `/api/admin/customers/${c.id}/lost`)).status).toBe(403);
    const reported = await support.call<{ lineStatus: string }>('POST', `/api/admin/customers/${c.id}/lost`);
    expect(reported.body.data.lineStatus).toBe('lost');
    expect((await eventsOf(c.line.id)).at(-1)).toMatchObject({ actor: `staff:${support.login}`, toStatus: 'lost' });
    const row = await requestReplacement(db(), {
      line: await lineOf(c.line.id),
      kind: 'post',
      feeExTax: 0,
      by: { actor: `customer:${c.id}` },
    });
    const no = row.replacementNo;
    expect(
      (await reviewer.call('POST', `/api/admin/replacements/${no}/ship`, { trackingNo: 'JP12345678' })).status,
    ).toBe(403);
    expect(
      (await support.call('POST', `/api/admin/replacements/${no}/ship`, { trackingNo: 'JP12345678' })).status,
    ).toBe(403);
    const queue = await fulfil.call<{ replacements: StaffReplacement[] }>('GET', '/api/admin/replacements');
    expect(queue.body.data.replacements.map((r) => r.replacementNo)).toContain(no);
    const shipped = await fulfil.call<StaffReplacement>('POST', `/api/admin/replacements/${no}/ship`, {
      trackingNo: 'JP12345678',
    });
    expect(shipped.body.data).toMatchObject({ status: 'shipped', trackingNo: 'JP12345678' });
    expect((await view(c.token)).body.data.replacement).toMatchObject({ status: 'shipped', trackingNo: 'JP12345678' });
    const sent = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, c.id), eq(outbox.kind, 'sim_replacement_sent')));
    expect(sent.some((m) => m.body.includes('JP12345678'))).toBe(true);

    // The old ICCID, or a bad one, is refused; the new one swaps the number onto the new SIM.
    const activate = (iccid: string) =>
      fulfil.call<StaffReplacement>('POST', `/api/admin/replacements/${no}/activate`, { iccid });
    expect(errorOf(await activate(c.iccid))).toBe('ICCID_IN_USE');
    expect(errorOf(await activate('8981000000000000001'))).toBe('ICCID_INVALID');
    const fresh = newIccid('9');
    const done = await activate(fresh);
    expect(done.body.data).toMatchObject({ status: 'done', newIccid: fresh, lineStatus: 'active' });
    const line = await lineOf(c.line.id);
    expect([line.iccid, line.msisdn, line.status]).toEqual([fresh, c.msisdn, 'active']);
    const swap = (await requestsOf(0).then(() => db().select().from(carrierRequests))).find(
      (r) => r.requestKey === `replace:${no}:swap`,
    );
    expect(swap).toMatchObject({ operation: 'swap_sim', iccid: fresh, result: { oldIccid: c.iccid } });
    expect((await eventsOf(c.line.id)).at(-1)).toMatchObject({
      fromStatus: 'lost',
      toStatus: 'active',
      reason: 'sim_replaced',
      actor: `staff:${fulfil.login}`,
    });
    const steps = await db().select().from(auditLog).where(eq(auditLog.target, no));
    expect(steps.map((s) => s.action)).toEqual(
      expect.arrayContaining(['replacement-requested', 'replacement-shipped', 'replacement-done']),
    );
    expect(errorOf(await activate(newIccid('8')))).toBe('STATUS_CONFLICT');

    // Another order can never be activated on the lost SIM.
    const other = await signUp(t.app, `lostother-${backend}`);
    const { orderNo } = await orderUnderReview(t.app, other.token, '2');
    await approveOrder(db(), 'staff:t', orderNo);
    await shipOrder(db(), 'staff:t', orderNo, 'JP99887766');
    await expect(
      activateOrder(
        db(),
        'staff:t',
        orderNo,
        `0806${backend === 'postgres' ? '1' : '2'}9${String(n).padStart(5, '0')}`,
        c.iccid,
      ),
    ).rejects.toMatchObject({ key: 'ICCID_IN_USE' });
  });

  it('keeps a pickup SIM for the store and activates it there', async () => {
    const c = await customer('lostpickup');
    await report(c.token);
    const row = await requestReplacement(db(), {
      line: await lineOf(c.line.id),
      kind: 'pickup',
      feeExTax: 0,
      by: { actor: `customer:${c.id}` },
    });
    const fulfil = await signInStaff(t.app, 'fulfilment');
    const no = row.replacementNo;
    expect(errorOf(await fulfil.call('POST', `/api/admin/replacements/${no}/ship`, { trackingNo: 'JP12345678' }))).toBe(
      'STATUS_CONFLICT',
    );
    const ready = await fulfil.call<StaffReplacement>('POST', `/api/admin/replacements/${no}/ready`);
    expect(ready.body.data.status).toBe('ready_for_pickup');
    const done = await fulfil.call<StaffReplacement>('POST', `/api/admin/replacements/${no}/activate`, {
      iccid: newIccid('7'),
    });
    expect(done.body.data).toMatchObject({ status: 'done', lineStatus: 'active' });
  });
});
