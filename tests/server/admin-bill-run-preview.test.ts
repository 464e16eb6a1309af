import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillList, BillRunPreview, BillRunResult } from '../../contract/admin-api';
import { STAFF_ROLES, allows } from '../../contract/staff-roles';
import { auditLog, bills } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { signInStaff, type StaffClient } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 27: the console asks before a bill run, naming how many bills it will issue. The number
// comes from a read-only preview with the run's own rights; it must be what the run then does.

describe.each(backends)('bill-run preview on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let finance: StaffClient;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ token } = await signUp(t.app, 'previewowner'));
    finance = await signInStaff(t.app, 'finance');
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const lineOf = (msisdn: string, iccid: string) => activeLine(t.app, token, { msisdn, iccid });
  const preview = (month: string, client = finance) =>
    client.call<BillRunPreview>('GET', `/api/admin/bill-run?month=${encodeURIComponent(month)}`);

  it('counts what the run then issues, and nothing once the month is billed; writes nothing itself', async () => {
    await lineOf('080-2727-0001', '8981100000000002701');
    await lineOf('080-2727-0002', '8981100000000002719');
    const month = '2032-03';
    const before = await preview(month);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ code: 1, data: { month, lines: 2, toIssue: 2 } });
    // Asking twice changes nothing: no bill, no audit row.
    await preview(month);
    expect(await db().select().from(bills).where(eq(bills.month, month))).toEqual([]);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'bill-run'))).toEqual([]);

    const run = await finance.call<BillRunResult>('POST', '/api/admin/bill-run', { month });
    expect(run.body.data.created).toBe(before.body.data.toIssue);
    expect((await preview(month)).body.data).toEqual({ month, lines: 2, toIssue: 0 });

    // A line activated after the run is the only one the next run would bill.
    await lineOf('080-2727-0003', '8981100000000002727');
    const after = await preview(month);
    expect(after.body.data).toEqual({ month, lines: 3, toIssue: 1 });
    const again = await finance.call<BillRunResult>('POST', '/api/admin/bill-run', { month });
    expect(again.body.data.created).toBe(after.body.data.toIssue);

    // The bills name their customer by e-mail or account name, never by a number alone.
    const list = await finance.call<BillList>('GET', `/api/admin/bills?month=${month}`);
    expect(list.body.data.bills).toHaveLength(3);
    for (const bill of list.body.data.bills) expect(bill.customer).toMatch(/previewowner/);
  });

  it('is refused to every role the run is refused to, on record', async () => {
    const refused = STAFF_ROLES.filter((role) => !allows(role, 'money'));
    expect(refused.length).toBeGreaterThan(0);
    for (const role of refused) {
      const client = await signInStaff(t.app, role);
      const res = await preview('2032-04', client);
      expect(res.status, role).toBe(403);
      expect(res.body).toMatchObject({ code: 0, data: { error: 'FORBIDDEN' } });
      const denied = await db().select().from(auditLog).where(eq(auditLog.action, 'denied'));
      expect(denied.some((row) => row.target === '/api/admin/bill-run' && row.actor.endsWith(client.login))).toBe(true);
    }
    const admin = await signInStaff(t.app, 'admin');
    expect((await preview('2032-04', admin)).status).toBe(200);
  });

  it('a month that is not YYYY-MM, or none, is a localized 400', async () => {
    for (const month of ['2032-13', '2032-3', 'March', '']) {
      const res = await preview(month);
      expect(res.status, month).toBe(400);
      expect(res.body).toMatchObject({ code: 0, data: { error: 'MONTH_INVALID', fields: { month: 'MONTH_INVALID' } } });
      expect(res.body.msg).not.toMatch(/MONTH_INVALID|\{\{/);
    }
    const none = await finance.call('GET', '/api/admin/bill-run');
    expect(none.status).toBe(400);
  });
});
