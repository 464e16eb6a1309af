import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import { auditLog, lines, outbox } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { signInStaff } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 31, taking the number along: voice lines only, asked by the customer, the reservation
// number issued by staff (the carrier's, valid 15 days), the line ported when staff complete it.

interface PortView {
  voice: boolean;
  portOut: { status: string; reservationNo: string | null; validUntil: string | null } | null;
}

describe.each(backends)('port-out on %s', (backend) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  async function customer(name: string) {
    const { token, id } = await signUp(t.app, `${name}-${backend}`);
    seq += 1;
    const n = `${backend === 'postgres' ? 1 : 2}${String(seq).padStart(5, '0')}`;
    const { line } = await activeLine(t.app, token, { msisdn: `0805${n}0`, iccid: `8981166${n}000000`, planId: '2' });
    return { token, id, line };
  }
  const lineOf = async (id: number) => (await db().select().from(lines).where(eq(lines.id, id)))[0]!;

  it('takes a voice number along: asked by the customer, issued for 15 days and completed by staff', async () => {
    const data = await customer('port-data');
    const refused = await postForm(t.app, '/api/line/port-out', {}, { token: data.token });
    expect(refused.body.data).toMatchObject({ error: 'PORT_OUT_VOICE_ONLY' });

    const c = await customer('port-voice');
    await db().update(lines).set({ planId: 4 }).where(eq(lines.id, c.line.id));
    const asked = await postForm<PortView>(t.app, '/api/line/port-out', {}, { token: c.token });
    expect(asked.body.data).toMatchObject({ voice: true, portOut: { status: 'requested', reservationNo: null } });
    const twice = await postForm(t.app, '/api/line/port-out', {}, { token: c.token });
    expect(twice.body.data).toMatchObject({ error: 'PORT_OUT_OPEN' });
    await postForm(t.app, '/api/line/cancellation', { lastDay: tokyoDate(new Date()) }, { token: c.token });

    const staff = await signInStaff(t.app, 'support');
    const issued = await staff.call('POST', `/api/admin/customers/${c.id}/port-out/issue`, {});
    expect(issued.body.code).toBe(1);
    const seen = (await getJson<PortView>(t.app, '/api/line/port-out', { token: c.token })).body.data.portOut!;
    expect(seen.status).toBe('issued');
    expect(seen.reservationNo).toMatch(/^\d{10}$/);
    const today = tokyoDate(new Date());
    const fifteenth = new Date(`${today}T00:00:00Z`);
    fifteenth.setUTCDate(fifteenth.getUTCDate() + 14);
    expect(seen.validUntil).toBe(fifteenth.toISOString().slice(0, 10));
    const told = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, c.id), eq(outbox.kind, 'port_out_issued')));
    expect(told.length).toBeGreaterThan(0);
    for (const m of told) expect(m.body).not.toContain(seen.reservationNo);

    const done = await staff.call('POST', `/api/admin/customers/${c.id}/port-out/complete`, {});
    expect(done.body.data).toMatchObject({ lineStatus: 'ported', cancellation: { status: 'done' } });
    const line = await lineOf(c.line.id);
    expect(line.status).toBe('ported');
    expect(line.endedAt).not.toBeNull();
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, String(c.id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['port-out-issued', 'port-out-completed']));
    for (const a of audits) expect(JSON.stringify(a.detail)).not.toContain(seen.reservationNo);
  });
});
