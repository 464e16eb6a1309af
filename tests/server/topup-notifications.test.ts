import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import { tokyoDate } from '../../contract/calendar';
import { outbox, userIdentities, users } from '../../server/db/schema';
import { importUsage } from '../../server/line/index';
import { message } from '../../server/lib/messages';
import { withOrigin } from '../../server/notifications/outbox';
import { autoTopupSweep, createTopupDeps } from '../../server/topups/index';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { postForm } from './helpers/requests';
import { sandboxCardToken } from './helpers/sandbox-card';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';
import { DEFAULT_BRAND } from '../../contract/brand-words';

// The top-up's two notifications (topup_applied, auto_topup_off), each through what causes it,
// on mail, SMS and WeChat, in the customer's language.

describe.each(backends)('top-up notifications on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  it.each([
    ['cn', '07066660001', '8981100066600000001', '+8613800138001'],
    ['ja', '07066660002', '8981100066600000002', '+819012340002'],
  ] as const)('tells a %s customer on every channel', async (lang: Lang, msisdn, iccid, mobile) => {
    const { token, id } = await signUp(t.app, `topup-note-${lang}`);
    await db().update(users).set({ lang, mobile }).where(eq(users.id, id));
    await db()
      .insert(userIdentities)
      .values({ userId: id, provider: 'wechat', subject: `openid-topup-${lang}` });
    await activeLine(t.app, token, { msisdn, iccid, planId: '1' });
    const today = tokyoDate(new Date());
    await importUsage(db(), 'test', `${msisdn},${today},5120`);

    // Bought and paid: topup_applied.
    const bought = await postForm<{ chargeNo: string }>(t.app, '/api/line/topups', { addonId: '1gb' }, { token });
    const paid = await postForm<{ outcome: { kind: string } }>(
      t.app,
      '/api/pay/create',
      { chargeNo: bought.body.data.chargeNo, method: 'card', token: await sandboxCardToken(t.app) },
      { token },
    );
    expect(paid.body.data.outcome.kind).toBe('paid');
    // A declining card on file at 100 % again: auto_topup_off.
    const card = await sandboxCardToken(t.app, '4000000000000002');
    expect((await postForm(t.app, '/api/line/card', { token: card }, { token })).body.code).toBe(1);
    await postForm(t.app, '/api/line/auto-topup', { enabled: 'true', addonId: '1gb', monthlyCap: '1' }, { token });
    await importUsage(db(), 'test', `${msisdn},${today},6144`);
    await autoTopupSweep(createTopupDeps(testConfig(), db(), t.app.payments));

    const rows = await db().select().from(outbox).where(eq(outbox.userId, id));
    for (const kind of ['topup_applied', 'auto_topup_off']) {
      const mine = rows.filter((r) => r.kind === kind);
      expect([...new Set(mine.map((r) => r.channel))].sort(), kind).toEqual(['mail', 'sms', 'wechat']);
      expect(mine, kind).toHaveLength(3);
      const mail = mine.find((r) => r.channel === 'mail')!;
      expect(mail.subject, kind).toContain(`【${DEFAULT_BRAND.short[lang]}】`);
      const body = withOrigin(mail.body, 'https://sim.example');
      expect(body, kind).not.toMatch(/\{\{|\}\}/);
      expect(body, kind).toContain('https://sim.example/h5/pages/user/topup');
      expect(body, kind).toContain(
        message(lang, 'notify.footer', { settingsLink: 'https://sim.example/h5/pages/user/notifications' }),
      );
      for (const r of mine)
        expect(withOrigin(`${r.subject ?? ''}${r.body}`, 'https://sim.example'), `${kind} ${r.channel}`).not.toMatch(
          /\{\{|\}\}/,
        );
    }
    const applied = rows.find((r) => r.kind === 'topup_applied' && r.channel === 'sms')!;
    expect(applied.body).toContain('1 GB');
    expect(applied.body).toContain(`${today.slice(0, 7)}-`);
  });
});
