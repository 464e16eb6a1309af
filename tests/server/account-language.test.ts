import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lang, UserInfo } from '../../contract/api';
import { outbox, users } from '../../server/db/schema';
import { message } from '../../server/lib/messages';
import { rejectOrder } from '../../server/staff/operations';
import { backends } from './helpers/databases';
import { orderUnderReview } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { getJson, lastMail, postForm, type SignedInBody } from './helpers/requests';
import { createTestApp, zh, type TestApp } from './helpers/test-app';

// The customer's language is the account's: the title-bar switch saves it, every sign-in
// gives it back, and mail, SMS and WeChat messages are written in it when they are composed,
// whatever language the page that caused them was in. Every request here comes from a
// Chinese page (Accept-Language zh-cn), as a phone left in Chinese would send it.

describe.each(backends)('the account language on %s', (backend) => {
  let t: TestApp;
  const db = () => t.database.handle.db;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const choose = (token: string, lang: string) =>
    postForm<{ lang: Lang }>(t.app, '/api/user/lang', { lang }, { ...zh, token });
  const stored = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!.lang;

  /** An order of the customer's, refused by review: the customer is told in the outbox. */
  async function refusedOrder(token: string): Promise<string> {
    const { orderNo } = await orderUnderReview(t.app, token, '2');
    await rejectOrder(db(), 'staff:t', orderNo, '照片太暗', 'passport');
    return orderNo;
  }

  async function toldAbout(userId: number, orderNo: string) {
    const rows = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, userId), eq(outbox.kind, 'order_rejected')));
    return rows.filter((row) => row.body.includes(orderNo));
  }

  it('is saved by a signed-in switch and comes back with the user info and at every sign-in', async () => {
    const { token, id } = await signUp(t.app, 'lang-switch');
    expect(await stored(id)).toBe('cn');
    // Asked twice, so the session is in the server's cache when the language changes.
    for (let i = 0; i < 2; i += 1) {
      expect((await getJson<UserInfo>(t.app, '/api/user/userinfo', { token })).body.data.lang).toBe('cn');
    }

    const saved = await choose(token, 'ja');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ code: 1, data: { lang: 'ja' } });
    // Answered in the language just chosen.
    expect(saved.body.msg).toBe(message('ja', 'api.saved'));
    expect(await stored(id)).toBe('ja');

    const info = await getJson<UserInfo>(t.app, '/api/user/userinfo', { token });
    expect(info.body.data.lang).toBe('ja');
    // A new device, still in Chinese, signs in: the app is told the account's language.
    const login = await postForm<SignedInBody & { userinfo: { lang: Lang } }>(
      t.app,
      '/api/user/login',
      { email: 'lang-switch@example.com', password: 'testpass1' },
      zh,
    );
    expect(login.body.data.userinfo.lang).toBe('ja');
  });

  it('refuses a visitor and a language that is not offered, and changes nothing then', async () => {
    const { token, id } = await signUp(t.app, 'lang-refused');
    const visitor = await postForm(t.app, '/api/user/lang', { lang: 'ja' }, zh);
    expect(visitor.status).toBe(401);
    for (const lang of ['en', '', 'JA', 'cn,ja']) {
      const res = await choose(token, lang);
      expect(res.body, lang).toMatchObject({ code: 0, data: { error: 'BAD_REQUEST' } });
    }
    expect(await stored(id)).toBe('cn');
  });

  it("writes a notification in the account's language at the time it is composed", async () => {
    const { token, id } = await signUp(t.app, 'lang-notify');
    await choose(token, 'ja');
    const first = await refusedOrder(token);
    const inJapanese = await toldAbout(id, first);
    expect(inJapanese.length).toBeGreaterThan(0);
    for (const row of inJapanese) expect(row.subject).toBe(message('ja', 'notify.order_rejected.subject'));

    // Switched back: the next message is in Chinese, nothing kept the old choice.
    await choose(token, 'cn');
    const second = await refusedOrder(token);
    const inChinese = await toldAbout(id, second);
    expect(inChinese.length).toBeGreaterThan(0);
    for (const row of inChinese) expect(row.subject).toBe(message('cn', 'notify.order_rejected.subject'));
  });

  it("sends account codes by mail and SMS in the account's language, asked from a Chinese page", async () => {
    const { token } = await signUp(t.app, 'lang-codes');
    await choose(token, 'ja');

    const asked = await postForm(t.app, '/api/user/retrieve', { email: 'lang-codes@example.com' }, zh);
    expect(asked.body.code).toBe(1);
    const mail = await vi.waitFor(
      async () => {
        const found = await lastMail(db(), 'lang-codes@example.com');
        if (!found?.subject.includes(message('ja', 'mail.retrieve.subject'))) throw new Error('no reset mail yet');
        return found;
      },
      { timeout: 5000, interval: 25 },
    );
    expect(mail.body).toContain(message('ja', 'mail.ignore'));

    const sms = await postForm(t.app, '/api/sms/send', { country: '81', mobile: '090-7777-1234' }, { ...zh, token });
    expect(sms.body.code).toBe(1);
    const [row] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, '+819077771234'))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(row!.body)?.[1] ?? '';
    expect(row!.body).toBe(message('ja', 'sms.bind', { code, minutes: 10, site: message('ja', 'app.name') }));
  });
});
