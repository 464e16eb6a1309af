import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import { pauseStartOptions } from '../../contract/lifecycle-rules';
import type { AdminLine, LineEventView } from '../../contract/pause-views';
import { auditLog, carrierRequests, lines } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { getJson } from './helpers/requests';
import { signInStaff, type StaffClient } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 31, the console's line panel [customers]: the state and its history, staff's stop and
// its undo (carrier first, audited, refused where the state machine refuses), and a pause
// booked, cancelled or ended for the customer.

describe.each(backends)("staff and a customer's line on %s", (backend) => {
  let t: TestApp;
  let support: StaffClient;
  let fulfil: StaffClient;
  let customer: { token: string; id: number; lineId: number; iccid: string };
  beforeAll(async () => {
    t = await createTestApp(backend);
    support = await signInStaff(t.app, 'support');
    fulfil = await signInStaff(t.app, 'fulfilment');
    const { token, id } = await signUp(t.app, `lineadmin-${backend}`);
    const iccid = backend === 'postgres' ? '8981100000000031001' : '8981100000000031002';
    await activeLine(t.app, token, {
      msisdn: backend === 'postgres' ? '08031000001' : '08031000002',
      iccid,
      planId: '2',
    });
    const [line] = await t.database.handle.db.select().from(lines).where(eq(lines.userId, id));
    customer = { token, id, lineId: line!.id, iccid };
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;
  const url = () => `/api/admin/customers/${customer.id}/line`;
  const act = (body: Record<string, string>) => support.call<AdminLine>('POST', url(), body);
  const audits = (action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.target, String(customer.id))));

  it('shows the line in words with what staff may do, and only to the customers permission', async () => {
    const res = await support.call<AdminLine>('GET', url());
    expect(res.body.data.line).toMatchObject({
      status: 'active',
      actions: ['suspend', 'book_pause'],
      events: [{ reason: 'activated', to: 'active' }],
    });
    expect(res.body.data.line!.pauseOptions.length).toBe(3);
    const refused = await fulfil.call('GET', url());
    expect(refused.status).toBe(403);
  });

  it('suspends at the carrier first and records who; refuses what the machine refuses, audited either way', async () => {
    const stopped = await act({ action: 'suspend' });
    expect(stopped.body.data.line).toMatchObject({
      status: 'suspended',
      actions: ['resume'],
      events: [{ reason: 'staff_suspend', by: 'staff', staffLogin: support.login }, { reason: 'activated' }],
    });
    const asked = await db().select().from(carrierRequests).where(eq(carrierRequests.iccid, customer.iccid));
    expect(asked.map((r) => r.operation)).toEqual(['suspend']);
    expect(await audits('line-suspend')).toMatchObject([{ actor: `staff:${support.login}` }]);

    const again = await act({ action: 'suspend' });
    expect(again.body.data).toMatchObject({ error: 'LINE_STATE_REFUSED' });
    expect((await audits('line-suspend'))[1]).toMatchObject({ detail: { refused: 'LINE_STATE_REFUSED' } });
    expect(
      (await act({ action: 'book_pause', start: pauseStartOptions(tokyoDate(new Date()))[0]! })).body.data,
    ).toMatchObject({
      error: 'LINE_NOT_ACTIVE',
    });

    // The customer reads who in words, never a staff login.
    const history = await getJson<{ events: LineEventView[] }>(t.app, '/api/line/history', { token: customer.token });
    expect(history.body.data.events[0]).toMatchObject({ to: 'suspended', reason: 'staff_suspend', by: 'staff' });
    expect(history.raw).not.toContain(support.login);

    const resumed = await act({ action: 'resume' });
    expect(resumed.body.data.line).toMatchObject({ status: 'active', events: [{ reason: 'staff_resume' }, {}, {}] });
    expect(await audits('line-resume')).toHaveLength(1);
  });

  it('books and cancels a pause for the customer, and will not stop a paused line', async () => {
    const start = pauseStartOptions(tokyoDate(new Date()))[0]!;
    const booked = await act({ action: 'book_pause', start });
    expect(booked.body.data.line).toMatchObject({
      pause: { status: 'booked', startOn: start },
      actions: ['suspend', 'cancel_pause'],
    });
    expect((await audits('line-book-pause')).at(-1)).toMatchObject({ detail: { startOn: start } });
    const cancelled = await act({ action: 'cancel_pause' });
    expect(cancelled.body.data.line).toMatchObject({ pause: null });
    expect((await act({ action: 'end_pause' })).body.data).toMatchObject({ error: 'NO_PAUSE' });

    await db().update(lines).set({ status: 'paused' }).where(eq(lines.id, customer.lineId));
    expect((await act({ action: 'suspend' })).body.data).toMatchObject({ error: 'LINE_STATE_REFUSED' });
    await db().update(lines).set({ status: 'active' }).where(eq(lines.id, customer.lineId));
  });
});
