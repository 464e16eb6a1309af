import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditList, StaffList } from '../../contract/admin-api';
import { STAFF_ROLES, allows } from '../../contract/staff-roles';
import { auditLog, staff } from '../../server/db/schema';
import { runCommand } from '../../server/ops/cli';
import { auditCsv, csvCell } from '../../server/staff/admin-audit';
import { auditStaff } from '../../server/lib/staff-sessions';
import { backends } from './helpers/databases';
import { signInStaff, type StaffClient } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 19, the audit page and its CSV export, and the staff list: admin only. The CSV is
// quoted properly and guarded against formulas; the rows themselves cannot be changed.

/** RFC 4180, as a spreadsheet reads it: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe.each(backends)('staff audit page on %s', (backend) => {
  let t: TestApp;
  let admin: StaffClient;
  const tester = { id: 0, login: 'csvtester', ip: '203.0.113.9' };
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signInStaff(t.app, 'admin', { name: 'Audit Admin' });
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const audit = async (query: string) =>
    (await admin.call<AuditList>('GET', `/api/admin/audit?${query}`)).body.data.rows;

  it('shows every other role only its own rows, whatever it filters, and refuses it the staff list, on record', async () => {
    const others = STAFF_ROLES.filter((role) => !allows(role, 'audit'));
    expect(others).toEqual(['reviewer', 'fulfilment', 'support', 'finance']);
    await auditStaff(db(), { id: 999_999, login: 'someone-else', ip: '203.0.113.9' }, 'refund', 'P-NOT-YOURS');
    for (const role of others) {
      const client = await signInStaff(t.app, role);
      const staffList = await client.call('GET', '/api/admin/staff');
      expect(staffList.status, `${role} staff list`).toBe(403);
      expect(staffList.body).toMatchObject({ data: { error: 'FORBIDDEN' } });
      const [me] = await db().select().from(staff).where(eq(staff.login, client.login));
      // Asking for someone else's rows by name still gives only one's own.
      const own = await client.call<AuditList>('GET', '/api/admin/audit?actor=someone-else');
      expect(own.status).toBe(200);
      expect(own.body.data.rows).toEqual([]);
      const all = await client.call<AuditList>('GET', '/api/admin/audit');
      expect(all.body.data.rows.length).toBeGreaterThan(0);
      expect(all.body.data.rows.every((r) => r.actor === `staff:${client.login}`)).toBe(true);
      expect(all.body.data.rows.map((r) => r.action)).toContain('denied');
      const csv = await client.call('GET', '/api/admin/audit.csv');
      expect(csv.status).toBe(200);
      expect(csv.raw).not.toContain('P-NOT-YOURS');
      const denied = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.staffId, me!.id), eq(auditLog.action, 'denied')));
      expect(denied.map((d) => d.target)).toEqual(['/api/admin/staff']);
    }
    // The admin reads the whole trail, the refusals included.
    expect((await audit('target=P-NOT-YOURS')).map((r) => r.actor)).toEqual(['staff:someone-else']);
    expect((await audit('action=denied')).length).toBeGreaterThanOrEqual(others.length);
  });

  it('filters by actor, action, target and Tokyo days, newest first, at most 500 rows', async () => {
    await auditStaff(db(), tester, 'refund', 'P-FILTER-1', { amount: 500 });
    await auditStaff(db(), tester, 'refund-retry', 'R-FILTER-1');
    await auditStaff(db(), { ...tester, login: 'other' }, 'refund', 'P-FILTER-2');
    const mine = await audit('actor=CSVTESTER');
    expect(mine.map((r) => [r.action, r.target])).toEqual([
      ['refund-retry', 'R-FILTER-1'],
      ['refund', 'P-FILTER-1'],
    ]);
    expect(mine[1]).toMatchObject({ actor: 'staff:csvtester', ip: '203.0.113.9', detail: '{"amount":500}' });
    expect((await audit('action=refund&target=p-filter')).map((r) => r.target)).toEqual(['P-FILTER-2', 'P-FILTER-1']);
    expect(await audit('action=refun')).toEqual([]);

    // 23:59 and 00:30 in Tokyo on either side of midnight (UTC+9).
    await db()
      .insert(auditLog)
      .values([
        { actor: 'staff:clock', action: 'tick', target: 'before', at: new Date('2030-01-01T14:59:00Z') },
        { actor: 'staff:clock', action: 'tick', target: 'after', at: new Date('2030-01-01T15:30:00Z') },
        { actor: 'staff:clock', action: 'tick', target: 'next', at: new Date('2030-01-02T15:00:00Z') },
      ]);
    const targets = async (query: string) => (await audit(`actor=clock&${query}`)).map((r) => r.target);
    expect(await targets('from=2030-01-02&to=2030-01-02')).toEqual(['after']);
    expect(await targets('from=2030-01-01&to=2030-01-02')).toEqual(['after', 'before']);
    expect(await targets('from=2030-01-03')).toEqual(['next']);
    expect(await targets('to=2030-01-01&from=')).toEqual(['before']);
    expect((await admin.call('GET', '/api/admin/audit?from=2030-1-2')).body).toMatchObject({
      code: 0,
      data: { error: 'DATE_INVALID', fields: { from: 'DATE_INVALID' } },
    });

    await db()
      .insert(auditLog)
      .values(
        Array.from({ length: 510 }, (_, i) => ({
          actor: 'staff:bulk',
          action: 'bulk',
          target: String(i),
          at: new Date(Date.UTC(2029, 0, 1, 0, 0, i)),
        })),
      );
    const bulk = await audit('action=bulk');
    expect(bulk).toHaveLength(500);
    expect(bulk[0]!.target).toBe('509');
    expect(bulk.at(-1)!.target).toBe('10');
  });

  it('exports the same rows as CSV: an attachment, properly quoted, formulas defused, and the export on record', async () => {
    await auditStaff(db(), tester, 'csv-check', '=HYPERLINK("http://evil.example","click")', {
      note: 'line one\nline "two", with a comma',
    });
    await auditStaff(db(), tester, 'csv-check', '+81 80 1111 2222');
    await auditStaff(db(), tester, 'csv-check', '-2+3');
    await auditStaff(db(), tester, 'csv-check', '@SUM(A1:A2)');
    await auditStaff(db(), tester, 'csv-check', '\tTAB');
    await auditStaff(db(), tester, 'csv-check', '普通の対象, 中文');
    const res = await admin.call('GET', '/api/admin/audit.csv?action=csv-check&actor=csvtester');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{8}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual(['id', 'at', 'actor', 'action', 'target', 'ip', 'detail']);
    const page = await audit('action=csv-check&actor=csvtester');
    expect(rows).toHaveLength(page.length);
    expect(rows.map((r) => r[0])).toEqual(page.map((r) => String(r.id)));
    expect(rows.map((r) => r[4])).toEqual([
      '普通の対象, 中文',
      "'\tTAB",
      "'@SUM(A1:A2)",
      "'-2+3",
      "'+81 80 1111 2222",
      `'=HYPERLINK("http://evil.example","click")`,
    ]);
    expect(JSON.parse(rows.at(-1)![6]!)).toEqual({ note: 'line one\nline "two", with a comma' });
    expect(rows[0]!.slice(2, 4)).toEqual(['staff:csvtester', 'csv-check']);
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const [me] = await db().select().from(staff).where(eq(staff.login, admin.login));
    const exported = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, me!.id), eq(auditLog.action, 'audit-export')));
    expect(exported).toEqual([
      expect.objectContaining({ detail: expect.objectContaining({ action: 'csv-check', rows: 6 }) }),
    ]);
  });

  it('writes CSV cells by RFC 4180', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(auditCsv({ rows: [] })).toBe('\uFEFFid,at,actor,action,target,ip,detail\r\n');
  });

  it('lists staff with their role and where they stand', async () => {
    const waiting = `waiting${backend}`;
    const gone = await signInStaff(t.app, 'reviewer');
    await runCommand(['staff', 'add', waiting, '--role', 'fulfilment', '--name', 'Not Yet'], {
      db: db(),
      vault: t.app.documents,
      actor: 'test',
    });
    await runCommand(['staff', 'disable', gone.login], { db: db(), vault: t.app.documents, actor: 'test' });
    const res = await admin.call<StaffList>('GET', '/api/admin/staff');
    const byLogin = new Map(res.body.data.staff.map((s) => [s.login, s]));
    expect(byLogin.get(admin.login)).toEqual({
      login: admin.login,
      name: 'Audit Admin',
      role: 'admin',
      state: 'active',
    });
    expect(byLogin.get(waiting)).toEqual({
      login: waiting,
      name: 'Not Yet',
      role: 'fulfilment',
      state: 'not-signed-in',
    });
    expect(byLogin.get(gone.login)).toMatchObject({ role: 'reviewer', state: 'disabled' });
    // Nothing about a password or a second factor leaves.
    expect(res.raw).not.toMatch(/hash|totp|secret/i);
    const logins = res.body.data.staff.map((s) => s.login);
    expect([...logins].sort()).toEqual(logins);
  });
});
