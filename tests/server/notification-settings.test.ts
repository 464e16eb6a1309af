import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettingsView } from '../../contract/api';
import { NOTIFICATION_KINDS } from '../../contract/notifications';
import { notificationPreferences, userIdentities, users } from '../../server/db/schema';
import { enabledChannels } from '../../server/notifications/notification-settings';
import { issueToken } from '../../server/lib/sessions';
import { backends } from './helpers/databases';
import { getJson, postForm } from './helpers/requests';
import { createTestApp, ja, type TestApp } from './helpers/test-app';

const URL = '/api/user/notification_settings';

describe.each(backends)('notification settings on %s', (backend) => {
  let t: TestApp;
  /** E-mail only. */
  let mei: { id: number; token: string };
  /** E-mail, a bound mobile and a WeChat sign-in. */
  let hiro: { id: number; token: string };

  async function customer(username: string, extra: { mobile?: string; wechat?: string } = {}) {
    const db = t.database.handle.db;
    const [row] = await db
      .insert(users)
      .values({ username, email: `${username}@example.com`, mobile: extra.mobile ?? null, lang: 'cn' })
      .returning({ id: users.id });
    if (extra.wechat)
      await db.insert(userIdentities).values({ userId: row!.id, provider: 'wechat', subject: extra.wechat });
    return { id: row!.id, token: await issueToken(db, row!.id) };
  }

  const read = (who: { token: string }) => getJson<NotificationSettingsView>(t.app, URL, { token: who.token });
  const choose = (who: { token: string }, form: Record<string, string>, headers: Record<string, string> = {}) =>
    postForm<NotificationSettingsView>(t.app, URL, form, { token: who.token, ...headers });
  const rowOf = (view: NotificationSettingsView, kind: string) => view.kinds.find((k) => k.kind === kind);

  beforeAll(async () => {
    t = await createTestApp(backend);
    mei = await customer('mei');
    hiro = await customer('hiro', { mobile: '+819012345678', wechat: 'wx-unionid-hiro' });
  });
  afterAll(() => t.close());

  it('lists every kind in order, all on, bills locked, and the channels each customer has', async () => {
    const res = await read(mei);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(res.body.data.channels).toEqual({ email: true, sms: false, wechat: false });
    expect(res.body.data.kinds.map((k) => k.kind)).toEqual([...NOTIFICATION_KINDS]);
    for (const row of res.body.data.kinds) {
      expect(row).toMatchObject({ email: true, sms: true, wechat: true });
      expect(row.locked, row.kind).toBe(row.kind.startsWith('bill_'));
    }
    expect((await read(hiro)).body.data.channels).toEqual({ email: true, sms: true, wechat: true });
  });

  it('does not count an openid learned only for paying as a WeChat channel', async () => {
    const payer = await customer('payer');
    await t.database.handle.db
      .insert(userIdentities)
      .values({ userId: payer.id, provider: 'wechat-payer:wx-sandbox-app', subject: 'openid-payer' });
    expect((await read(payer)).body.data.channels).toEqual({ email: true, sms: false, wechat: false });
  });

  it('turns SMS off for order_shipped, answers with the new settings and reads it back', async () => {
    const res = await choose(mei, { kind: 'order_shipped', channel: 'sms', enabled: 'false' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1, msg: '保存成功' });
    expect(rowOf(res.body.data, 'order_shipped')).toEqual({
      kind: 'order_shipped',
      locked: false,
      email: true,
      sms: false,
      wechat: true,
    });
    const again = await read(mei);
    expect(rowOf(again.body.data, 'order_shipped')).toMatchObject({ email: true, sms: false, wechat: true });
    // Nothing else moved.
    expect(again.body.data.kinds.filter((k) => !k.sms).map((k) => k.kind)).toEqual(['order_shipped']);
  });

  it('turns it back on with the same row (upsert), and the choice reaches enabledChannels', async () => {
    const db = t.database.handle.db;
    await choose(hiro, { kind: 'data_80', channel: 'wechat', enabled: 'false' });
    expect([...(await enabledChannels(db, hiro.id, 'data_80'))].sort()).toEqual(['email', 'sms']);
    await choose(hiro, { kind: 'data_80', channel: 'email', enabled: 'false' });
    expect([...(await enabledChannels(db, hiro.id, 'data_80'))]).toEqual(['sms']);
    const res = await choose(hiro, { kind: 'data_80', channel: 'wechat', enabled: 'true' });
    expect(rowOf(res.body.data, 'data_80')).toMatchObject({ email: false, sms: true, wechat: true });
    expect([...(await enabledChannels(db, hiro.id, 'data_80'))].sort()).toEqual(['sms', 'wechat']);
    const rows = await db
      .select()
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, hiro.id), eq(notificationPreferences.kind, 'data_80')));
    expect(rows.map((r) => [r.channel, r.enabled]).sort()).toEqual([
      ['email', false],
      ['wechat', true],
    ]);
    // A kind never touched goes out everywhere.
    expect([...(await enabledChannels(db, hiro.id, 'line_active'))].sort()).toEqual(['email', 'sms', 'wechat']);
  });

  it('refuses to turn a bill off, in the customer language, and changes nothing', async () => {
    const before = await read(mei);
    const res = await choose(mei, { kind: 'bill_due', channel: 'email', enabled: 'false' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 0,
      msg: '账单和安全类消息（如验证码）无法关闭',
      data: { error: 'NOTIFICATION_LOCKED' },
    });
    const inJapanese = await choose(mei, { kind: 'bill_overdue', channel: 'sms', enabled: 'false' }, ja);
    expect(inJapanese.body).toMatchObject({ code: 0, data: { error: 'NOTIFICATION_LOCKED' } });
    expect(inJapanese.body.msg).toContain('オフにできません');
    expect((await read(mei)).body.data).toEqual(before.body.data);
    const rows = await t.database.handle.db
      .select()
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, mei.id), eq(notificationPreferences.kind, 'bill_due')));
    expect(rows).toEqual([]);
  });

  it('sends bills on every channel whatever a stored row says', async () => {
    const db = t.database.handle.db;
    // A row no request could write (a bill turned off) still does not stop a bill.
    await db
      .insert(notificationPreferences)
      .values({ userId: hiro.id, kind: 'bill_issued', channel: 'sms', enabled: false });
    expect([...(await enabledChannels(db, hiro.id, 'bill_issued'))].sort()).toEqual(['email', 'sms', 'wechat']);
    expect(rowOf((await read(hiro)).body.data, 'bill_issued')).toMatchObject({ locked: true, sms: true });
  });

  it("leaves another customer's settings alone", async () => {
    const other = await customer('sora');
    await choose(mei, { kind: 'order_approved', channel: 'email', enabled: 'false' });
    const res = await read(other);
    expect(res.body.data.kinds.every((k) => k.email && k.sms && k.wechat)).toBe(true);
    expect([...(await enabledChannels(t.database.handle.db, other.id, 'order_shipped'))].sort()).toEqual([
      'email',
      'sms',
      'wechat',
    ]);
    expect(rowOf((await read(mei)).body.data, 'order_approved')).toMatchObject({ email: false });
  });

  it('answers a signed-out visitor with the 401 envelope, before looking at the body', async () => {
    const get = await getJson(t.app, URL);
    expect(get.status).toBe(401);
    expect(get.body).toMatchObject({ code: 0, msg: '请先登录', data: { error: 'UNAUTHORIZED' } });
    const post = await postForm(t.app, URL, { kind: 'nonsense' }, { token: 'x'.repeat(43) });
    expect(post.status).toBe(401);
    expect(post.body).toMatchObject({ code: 0, data: { error: 'UNAUTHORIZED' } });
  });

  it('refuses an unknown kind, channel or value with the validation envelope naming the field', async () => {
    const before = await read(mei);
    const badKind = await choose(mei, { kind: 'newsletter', channel: 'email', enabled: 'false' });
    expect(badKind.status).toBe(200);
    expect(badKind.body).toMatchObject({
      code: 0,
      msg: '请求参数有误',
      data: { error: 'BAD_REQUEST', fields: { kind: 'BAD_REQUEST' } },
    });
    const badChannel = await choose(mei, { kind: 'order_shipped', channel: 'fax', enabled: 'false' });
    expect(badChannel.body).toMatchObject({
      code: 0,
      data: { error: 'BAD_REQUEST', fields: { channel: 'BAD_REQUEST' } },
    });
    const badValue = await choose(mei, { kind: 'order_shipped', channel: 'email', enabled: 'maybe' });
    expect(badValue.body).toMatchObject({
      code: 0,
      data: { error: 'BAD_REQUEST', fields: { enabled: 'BAD_REQUEST' } },
    });
    const nothing = await choose(mei, {});
    expect(nothing.body).toMatchObject({ code: 0, data: { error: 'BAD_REQUEST' } });
    expect((await read(mei)).body.data).toEqual(before.body.data);
  });
});
