import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import { outbox, userIdentities, users } from '../../server/db/schema';
import { requestReplacement } from '../../server/lifecycle/index';
import { message } from '../../server/lib/messages';
import { withOrigin } from '../../server/notifications/outbox';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { postForm } from './helpers/requests';
import { signInStaff } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';
import { newIccid } from './helpers/iccid';
import { DEFAULT_BRAND } from '../../contract/brand-words';

// Issue 31: the lost SIM's messages (line_lost, sim_replacement_sent, sim_replaced) reach a
// customer on mail, SMS and WeChat, in Chinese and in Japanese, with the words of their language.

const KINDS = ['line_lost', 'sim_replacement_sent', 'sim_replaced'] as const;

describe.each(backends)('lost SIM messages on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  it.each(['cn', 'ja'] as Lang[])('sends each on every channel in %s', async (lang) => {
    const { token, id } = await signUp(t.app, `lostmsg-${lang}-${backend}`);
    await db()
      .update(users)
      .set({ lang, mobile: lang === 'cn' ? '+8613800138000' : '+819012340000' })
      .where(eq(users.id, id));
    await db()
      .insert(userIdentities)
      .values({ userId: id, provider: 'wechat', subject: `openid-lost-${lang}-${backend}` });
    const msisdn = `0808${backend === 'postgres' ? '1' : '2'}${lang === 'cn' ? '1' : '2'}00001`;
    const { line } = await activeLine(t.app, token, { msisdn, iccid: newIccid('5'), planId: '2' });
    await postForm(t.app, '/api/line/lost', {}, { token });
    const row = await requestReplacement(db(), {
      line: { ...line, status: 'lost' },
      kind: 'post',
      feeExTax: 0,
      by: { actor: 'x' },
    });
    const fulfil = await signInStaff(t.app, 'fulfilment');
    await fulfil.call('POST', `/api/admin/replacements/${row.replacementNo}/ship`, { trackingNo: 'JP55556666' });
    const done = await fulfil.call('POST', `/api/admin/replacements/${row.replacementNo}/activate`, {
      iccid: newIccid('6'),
    });
    expect(done.status).toBe(200);

    const rows = await db().select().from(outbox).where(eq(outbox.userId, id));
    for (const kind of KINDS) {
      const mine = rows.filter((r) => r.kind === kind);
      expect([...new Set(mine.map((r) => r.channel))].sort(), kind).toEqual(['mail', 'sms', 'wechat']);
      const mail = mine.find((r) => r.channel === 'mail')!;
      expect(mail.subject, kind).toContain(`【${DEFAULT_BRAND.short[lang]}】`);
      const body = withOrigin(mail.body, 'https://sim.example');
      expect(body, kind).not.toMatch(/\{\{|\}\}/);
      expect(body, kind).toContain('https://sim.example/h5/pages/user/lost');
    }
    const sent = rows.filter((r) => r.kind === 'sim_replacement_sent');
    const how = message(lang, 'lost.how.shipped', { trackingNo: 'JP55556666' });
    for (const r of sent) expect(r.body, r.channel).toContain(how);
  });
});
