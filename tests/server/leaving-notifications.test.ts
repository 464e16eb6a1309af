import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import { lines, outbox, staff, userIdentities, users } from '../../server/db/schema';
import {
  bookCancellation,
  completePortOut,
  issuePortOut,
  leavingSweep,
  requestPortOut,
  withdrawCancellation,
} from '../../server/lifecycle/index';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { signInStaff } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

// Every notification of leaving Japan, each through what really causes it, on mail, SMS and
// WeChat, in the customer's language.

const KINDS = [
  'cancellation_booked',
  'cancellation_withdrawn',
  'line_ending',
  'line_ended',
  'port_out_issued',
  'line_ported',
] as const;
const tokyo = (local: string) => new Date(`${local}+09:00`);
const quiet = { info: () => undefined, error: () => undefined };

describe.each(backends)('leaving notifications on %s', (backend) => {
  let t: TestApp;
  let seq = 0;
  let staffId = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const { login } = await signInStaff(t.app, 'support');
    const [member] = await db().select().from(staff).where(eq(staff.login, login));
    staffId = member!.id;
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  async function customer(name: string, lang: Lang) {
    const { token, id } = await signUp(t.app, name);
    seq += 1;
    const n = String(seq).padStart(6, '0');
    await db()
      .update(users)
      .set({ lang, mobile: `+8190${n}11` })
      .where(eq(users.id, id));
    await db()
      .insert(userIdentities)
      .values({ userId: id, provider: 'wechat', subject: `openid-${name}` });
    const { line } = await activeLine(t.app, token, { msisdn: `0807${n}0`, iccid: `8981188${n}000000`, planId: '2' });
    return { id, lineId: line.id };
  }

  it.each(['cn', 'ja'] as const)('tells a %s customer of each step, on every channel', async (lang) => {
    const leaver = await customer(`leaver-${lang}`, lang);
    const porter = await customer(`porter-${lang}`, lang);
    const actor = 'customer:test';
    await bookCancellation(
      db(),
      { lineId: leaver.lineId, lastDay: '2026-12-15', fee: 0, actor },
      tokyo('2026-11-26T10:00:00'),
    );
    await withdrawCancellation(db(), { lineId: leaver.lineId, actor }, tokyo('2026-11-27T10:00:00'));
    await bookCancellation(
      db(),
      { lineId: leaver.lineId, lastDay: '2026-12-15', fee: 0, actor },
      tokyo('2026-11-28T10:00:00'),
    );
    const deps = { db: db(), linePlatform: t.app.linePlatform, log: quiet };
    await leavingSweep(deps, tokyo('2026-12-13T10:00:00'));
    await leavingSweep(deps, tokyo('2026-12-16T00:01:00'));

    await db().update(lines).set({ planId: 4 }).where(eq(lines.id, porter.lineId));
    await requestPortOut(db(), porter.lineId);
    await issuePortOut(db(), t.app.linePlatform, { lineId: porter.lineId, staffId });
    await completePortOut(db(), { lineId: porter.lineId, actor: 'staff:t', staffId });

    const rows = [
      ...(await db().select().from(outbox).where(eq(outbox.userId, leaver.id))),
      ...(await db().select().from(outbox).where(eq(outbox.userId, porter.id))),
    ];
    const japanese = /[ぁ-んァ-ン]/;
    for (const kind of KINDS) {
      const mine = rows.filter((r) => r.kind === kind);
      expect([...new Set(mine.map((r) => r.channel))].sort(), kind).toEqual(['mail', 'sms', 'wechat']);
      for (const m of mine) {
        expect(m.body, kind).not.toMatch(/\{\{(?!origin)|notify\.|undefined/);
        expect(japanese.test(m.subject + m.body), `${kind} in ${lang}`).toBe(lang === 'ja');
      }
    }
    const booked = rows.find((r) => r.kind === 'cancellation_booked' && r.channel === 'mail')!;
    expect(booked.body).toContain('2026-12-15');
  });
});
