import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import { lines, outbox, userIdentities, users } from '../../server/db/schema';
import { pauseSweep } from '../../server/lifecycle/index';
import { bookPause, endPause } from '../../server/lifecycle/pause';
import { withOrigin } from '../../server/notifications/outbox';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { createTestApp, type TestApp } from './helpers/test-app';
import { DEFAULT_BRAND } from '../../contract/brand-words';

// Issue 31, pause: pause_booked, pause_soon (both changes), line_paused and line_resumed, each
// through what causes it, on mail, SMS and WeChat, in the customer's language.
const KINDS = ['pause_booked', 'pause_soon', 'line_paused', 'line_resumed'] as const;
const tokyoMidnight = (day: string) => new Date(`${day}T00:00:00+09:00`);
const at10 = (day: string) => new Date(`${day}T10:00:00+09:00`);

describe.each(backends)('pause notifications on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  it.each([
    ['cn', '+8613800138031', '1'],
    ['ja', '+819012340031', '2'],
  ] as const)('tells a %s customer of each change of a pause on every channel', async (lang: Lang, mobile, n) => {
    const { token, id } = await signUp(t.app, `pause-notify-${lang}`);
    await db().update(users).set({ lang, mobile }).where(eq(users.id, id));
    await db()
      .insert(userIdentities)
      .values({ userId: id, provider: 'wechat', subject: `openid-pause-${lang}` });
    const tail = `${backend === 'postgres' ? '7' : '8'}${n}`;
    await activeLine(t.app, token, { msisdn: `080310000${tail}`, iccid: `89811000000003100${tail}`, planId: '2' });
    const [line] = await db().select().from(lines).where(eq(lines.userId, id));
    const deps = { db: db(), linePlatform: t.app.linePlatform, keepNumberFee: 300 };
    // The two customers' days differ: pause_soon goes out once a day (from 10:00 Tokyo time).
    const [start, resume, soonStart, soonEnd, early] =
      lang === 'cn'
        ? ['2026-12-01', '2027-01-01', '2026-11-28', '2026-12-29', '2026-12-30']
        : ['2027-01-01', '2027-03-01', '2026-12-30', '2027-02-26', '2027-02-27'];
    const pause = await bookPause(
      db(),
      line!.id,
      { start, resumeOn: resume },
      'customer:x',
      new Date('2026-11-20T03:00:00Z'),
    );
    await pauseSweep(deps, at10(soonStart));
    await pauseSweep(deps, tokyoMidnight(start));
    await pauseSweep(deps, at10(soonEnd));
    await endPause(deps, line!.id, { actor: `customer:${id}` }, at10(early));
    expect(pause.id).toBeGreaterThan(0);

    const rows = await db().select().from(outbox).where(eq(outbox.userId, id));
    for (const kind of KINDS) {
      const mine = rows.filter((r) => r.kind === kind);
      expect([...new Set(mine.map((r) => r.channel))].sort(), kind).toEqual(['mail', 'sms', 'wechat']);
      for (const row of mine) {
        const body = withOrigin(row.body, 'https://sim.example');
        expect(body, `${kind} ${row.channel}`).not.toMatch(/\{\{|\}\}|undefined/);
        expect(row.subject, kind).toContain(`【${DEFAULT_BRAND.short[lang]}】`);
      }
      const mail = mine.find((r) => r.channel === 'mail')!;
      expect(withOrigin(mail.body, 'https://sim.example'), kind).toContain('https://sim.example/h5/pages/user/');
    }
    // pause_soon once before the start and once before the end, each in the customer's words.
    const soon = rows.filter((r) => r.kind === 'pause_soon' && r.channel === 'sms').map((r) => r.body);
    expect(soon).toHaveLength(2);
    expect(soon[0]).toContain(start);
    expect(soon[0]).toContain(lang === 'cn' ? '开始停机保号' : '一時休止します');
    expect(soon[1]).toContain(resume);
    expect(soon[1]).toContain(lang === 'cn' ? '恢复使用' : '利用を再開します');
    const paused = rows.find((r) => r.kind === 'line_paused' && r.channel === 'sms')!;
    expect(paused.body).toContain(resume);
  });
});
