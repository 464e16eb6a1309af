import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import { carrierRequests, charges, lines, outbox, payments, refunds, topups } from '../../server/db/schema';
import { importUsage } from '../../server/line/index';
import { autoTopupSweep, createTopupDeps } from '../../server/topups/index';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { sandboxCardToken } from './helpers/sandbox-card';
import { deliverNotification, wechatNotification } from './helpers/signed-notifications';
import { signInStaff } from './helpers/staff';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';

// Issue 31, data top-ups: an add-on bought when the quota runs out is paid as a charge through
// the payment machinery, applied when paid (the quota grows, the speed limit lifts, the carrier
// adds the data once), and bought by itself with the card on file when automatic top-up is on.

interface Topup {
  id: number;
  status: string;
  chargeNo: string;
  price: number;
  source: string;
  validUntil: string | null;
}
interface Page {
  available: boolean;
  usage: { usedMb: number; quotaMb: number; addonMb: number; percent: number; throttled: boolean };
  open: Topup | null;
  recent: Topup[];
  auto: { enabled: boolean; addonId: string; monthlyCap: number; disabledReason: string | null; usedThisMonth: number };
  card: { maskedNumber: string; expiry: string } | null;
  addons: { id: string; price: number; validUntil: string }[];
}
interface Usage {
  usedMb: number;
  quotaMb: number;
  percent: number;
  throttled: boolean;
}

describe.each(backends)('data top-ups on %s', (backend) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;
  const deps = () => createTopupDeps(testConfig(), db(), t.app.payments);
  const today = () => tokyoDate(new Date());

  /** A customer on plan 1 (5 GB) who has used `usedMb` this month. */
  async function customer(name: string, usedMb = 5120) {
    const { token, id } = await signUp(t.app, `${name}${backend}`);
    seq += 1;
    const msisdn = `0705${backend === 'postgres' ? '1' : '2'}${String(seq).padStart(6, '0')}`;
    const iccid = `898110077${backend === 'postgres' ? '1' : '2'}${String(seq).padStart(9, '0')}`;
    const { line } = await activeLine(t.app, token, { msisdn, iccid, planId: '1' });
    if (usedMb > 0) await importUsage(db(), 'test', `${msisdn},${today()},${usedMb}`);
    return { token, id, msisdn, lineId: line.id };
  }
  const page = async (token: string) => (await getJson<Page>(t.app, '/api/line/topups', { token })).body.data;
  const usage = async (token: string) => (await getJson<Usage>(t.app, '/api/user/usage', { token })).body.data;
  const buy = (token: string, addonId = '1gb') => postForm<Topup>(t.app, '/api/line/topups', { addonId }, { token });
  const pay = (token: string, form: Record<string, string>) =>
    postForm<{ paymentNo: string; outcome: { kind: string } }>(t.app, '/api/pay/create', form, { token });
  const carrierAsked = (key: string) => db().select().from(carrierRequests).where(eq(carrierRequests.requestKey, key));

  it('buys 1 GB at the limit, pays by sandbox card: applied, quota grows, the limit lifts, the carrier adds it once', async () => {
    const c = await customer('buyer');
    const before = await usage(c.token);
    expect(before).toMatchObject({ usedMb: 5120, quotaMb: 5120, percent: 100, throttled: true });
    const shown = await page(c.token);
    expect(shown.available).toBe(true);
    expect(shown.addons.find((a) => a.id === '1gb')).toMatchObject({ price: 550 });

    const bought = await buy(c.token);
    expect(bought.body.data).toMatchObject({ status: 'awaiting_payment', price: 550, source: 'customer' });
    expect((await page(c.token)).open?.chargeNo).toBe(bought.body.data.chargeNo);
    // Nothing counts before it is paid.
    expect((await usage(c.token)).quotaMb).toBe(5120);

    const paid = await pay(c.token, {
      chargeNo: bought.body.data.chargeNo,
      method: 'card',
      token: await sandboxCardToken(t.app),
    });
    expect(paid.body.data.outcome.kind).toBe('paid');

    const after = await usage(c.token);
    expect(after).toMatchObject({ usedMb: 5120, quotaMb: 6144, throttled: false });
    expect(after.percent).toBeLessThan(100);
    const view = await page(c.token);
    expect(view.open).toBeNull();
    expect(view.usage).toMatchObject({ addonMb: 1024, quotaMb: 6144, throttled: false });
    const applied = view.recent[0]!;
    expect(applied).toMatchObject({ status: 'applied' });
    expect(applied.validUntil!.slice(0, 7)).toBe(today().slice(0, 7));
    // The page's read took it to the carrier; a second read does not ask again.
    await page(c.token);
    const asked = await carrierAsked(`topup:${applied.id}`);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ operation: 'add_data', msisdn: c.msisdn });
    const [row] = await db().select().from(topups).where(eq(topups.id, applied.id));
    expect(row!.carrierAckedAt).toBeInstanceOf(Date);
    // Told, and the charge is a paid receipt the payments list shows.
    const told = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, c.id), eq(outbox.kind, 'topup_applied')));
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.body).toContain('1 GB');
    const [charge] = await db().select().from(charges).where(eq(charges.chargeNo, bought.body.data.chargeNo));
    expect(charge).toMatchObject({ status: 'paid', kind: 'topup', lineId: c.lineId, total: 550 });
    // Staff see the quota the customer sees.
    const support = await signInStaff(t.app, 'support');
    const seen = await support.call<{ line: { quotaMb: number } }>('GET', `/api/admin/customers/${c.id}`);
    expect(seen.body.data.line.quotaMb).toBe(6144);
  });

  it('withdraws an unpaid top-up with its charge', async () => {
    const c = await customer('withdrawer');
    const bought = await buy(c.token);
    const cancelled = await postForm<Topup>(t.app, '/api/line/topups/cancel', {}, { token: c.token });
    expect(cancelled.body.data.status).toBe('cancelled');
    const [charge] = await db().select().from(charges).where(eq(charges.chargeNo, bought.body.data.chargeNo));
    expect(charge!.status).toBe('cancelled');
    expect((await page(c.token)).open).toBeNull();
  });

  it('refuses a top-up on a line whose data does not flow, and an unknown add-on', async () => {
    const c = await customer('paused', 0);
    expect((await buy(c.token, 'x9')).body.data).toMatchObject({ error: 'TOPUP_ADDON_INVALID' });
    await db().update(lines).set({ status: 'lost' }).where(eq(lines.id, c.lineId));
    expect((await buy(c.token)).body.data).toMatchObject({ error: 'TOPUP_NOT_AVAILABLE' });
    expect((await page(c.token)).available).toBe(false);
  });

  it('60 concurrent creates leave one open top-up and one charge; 60 concurrent pays one open attempt', async () => {
    const c = await customer('crowd');
    const answers = await Promise.all(Array.from({ length: 60 }, () => buy(c.token)));
    const numbers = new Set(answers.map((a) => a.body.data.chargeNo));
    expect(numbers.size).toBe(1);
    const open = await db()
      .select()
      .from(topups)
      .where(and(eq(topups.lineId, c.lineId), eq(topups.status, 'awaiting_payment')));
    expect(open).toHaveLength(1);
    const unpaid = await db()
      .select()
      .from(charges)
      .where(and(eq(charges.lineId, c.lineId), eq(charges.status, 'unpaid')));
    expect(unpaid).toHaveLength(1);

    const chargeNo = [...numbers][0]!;
    const pays = await Promise.all(
      Array.from({ length: 60 }, () => pay(c.token, { chargeNo, method: 'alipay', scene: 'wap' })),
    );
    for (const p of pays) if (p.body.code === 0) expect(p.body.data).toMatchObject({ error: 'PAYMENT_IN_PROGRESS' });
    const attempts = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.targetType, 'charge'), eq(payments.targetId, unpaid[0]!.id)));
    expect(attempts.filter((p) => p.status === 'pending')).toHaveLength(1);
  });

  it('a top-up paid twice is applied once and the second payment refunded once', async () => {
    const c = await customer('twice');
    const { chargeNo } = (await buy(c.token)).body.data;
    const first = (await pay(c.token, { chargeNo, method: 'wechat', scene: 'jsapi' })).body.data.paymentNo;
    const card = await pay(c.token, { chargeNo, method: 'card', token: await sandboxCardToken(t.app) });
    expect(card.body.data.outcome.kind).toBe('paid');
    // WeChat took the money too, and says so twice.
    for (let i = 0; i < 2; i += 1)
      await deliverNotification(t.app, 'wechat', wechatNotification(t.app, { paymentNo: first, amount: 550 }));
    const [payment] = await db().select().from(payments).where(eq(payments.paymentNo, first));
    const back = await db().select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(back.map((r) => r.amount)).toEqual([550]);
    const seen = await getJson<{ refunds: { amount: number }[] }>(t.app, `/api/pay/refunds?chargeNo=${chargeNo}`, {
      token: c.token,
    });
    expect(seen.body.data.refunds.map((r) => r.amount)).toEqual([550]);
    const applied = await db()
      .select()
      .from(topups)
      .where(and(eq(topups.lineId, c.lineId), eq(topups.status, 'applied')));
    expect(applied).toHaveLength(1);
    expect((await usage(c.token)).quotaMb).toBe(6144);
  });

  async function withCard(token: string, cardno = '4111111111111111') {
    const saved = await postForm<{ maskedNumber: string }>(
      t.app,
      '/api/line/card',
      { token: await sandboxCardToken(t.app, cardno) },
      { token },
    );
    expect(saved.body.code).toBe(1);
    return saved.body.data;
  }
  const setAuto = (token: string, form: Record<string, string>) =>
    postForm<Page['auto']>(t.app, '/api/line/auto-topup', form, { token });

  it('needs a card for automatic top-up and a cap of 1 to 5; keeps the card masked; off by default', async () => {
    const c = await customer('settings', 0);
    expect((await page(c.token)).auto).toMatchObject({ enabled: false, disabledReason: null });
    expect((await setAuto(c.token, { enabled: 'true', addonId: '1gb', monthlyCap: '2' })).body.data).toMatchObject({
      error: 'CARD_ON_FILE_REQUIRED',
    });
    expect((await setAuto(c.token, { enabled: 'true', addonId: '1gb', monthlyCap: '6' })).body.data).toMatchObject({
      error: 'AUTO_TOPUP_CAP_INVALID',
    });
    const card = await withCard(c.token);
    expect(card.maskedNumber).toMatch(/^411111\*+1111$/);
    expect((await page(c.token)).card).toMatchObject({ maskedNumber: card.maskedNumber, expiry: '2812' });
    expect((await setAuto(c.token, { enabled: 'true', addonId: '1gb', monthlyCap: '2' })).body.data).toMatchObject({
      enabled: true,
      monthlyCap: 2,
    });
    // A used token is refused: the gateway takes each once.
    const bad = await postForm(t.app, '/api/line/card', { token: 'nope' }, { token: c.token });
    expect(bad.body.data).toMatchObject({ error: 'CARD_ON_FILE_FAILED' });
  });

  it('auto top-up fires once at 100 % on the next staff usage import, not again on a repeat, and stops at the cap', async () => {
    const c = await customer('auto', 4000);
    await withCard(c.token);
    await setAuto(c.token, { enabled: 'true', addonId: '1gb', monthlyCap: '2' });
    const finance = await signInStaff(t.app, 'finance');
    const upload = async (mb: number) => {
      const res = await finance.call('POST', '/api/admin/usage', {
        csv: `${c.msisdn},${today()},${mb}`,
        dryRun: false,
      });
      expect(res.status).toBe(200);
    };
    await upload(5000); // 97 %: nothing
    expect((await page(c.token)).recent).toHaveLength(0);
    await upload(5120); // 100 %
    let view = await page(c.token);
    expect(view.recent.map((r) => [r.source, r.status])).toEqual([['auto', 'applied']]);
    expect(view.usage.quotaMb).toBe(6144);
    expect(view.auto.usedThisMonth).toBe(1);
    const [paidBy] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.userId, c.id), eq(payments.status, 'paid')));
    expect(paidBy).toMatchObject({ method: 'card', amount: 550 });
    // The same file again, and a second sweep: nothing more is bought.
    await upload(5120);
    await autoTopupSweep(deps());
    expect((await page(c.token)).recent).toHaveLength(1);
    // The new quota used up: the second of two.
    await upload(6144);
    view = await page(c.token);
    expect(view.recent.filter((r) => r.status === 'applied')).toHaveLength(2);
    expect(view.usage.quotaMb).toBe(7168);
    // At the cap: used up again, nothing is bought this month.
    await upload(7168);
    await autoTopupSweep(deps());
    view = await page(c.token);
    expect(view.recent).toHaveLength(2);
    expect(view.usage.throttled).toBe(true);
    expect(view.auto).toMatchObject({ enabled: true, usedThisMonth: 2 });
    const keys = (await db().select().from(topups).where(eq(topups.lineId, c.lineId))).map((r) => r.autoKey).sort();
    expect(keys).toEqual([`${c.lineId}:${today().slice(0, 7)}:1`, `${c.lineId}:${today().slice(0, 7)}:2`]);
  });

  it('a declined card turns automatic top-up off and says so', async () => {
    const c = await customer('declined', 0);
    await withCard(c.token, '4000000000000002');
    await setAuto(c.token, { enabled: 'true', addonId: '1gb', monthlyCap: '3' });
    await importUsage(db(), 'test', `${c.msisdn},${today()},5120`);
    const result = await autoTopupSweep(deps());
    expect(result.declined).toBeGreaterThanOrEqual(1);
    const view = await page(c.token);
    expect(view.auto).toMatchObject({ enabled: false, disabledReason: 'card_declined' });
    expect(view.recent.map((r) => r.status)).toEqual(['failed']);
    expect(view.open).toBeNull();
    expect(view.usage.throttled).toBe(true);
    const [charge] = await db().select().from(charges).where(eq(charges.lineId, c.lineId));
    expect(charge!.status).toBe('cancelled');
    const told = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, c.id), eq(outbox.kind, 'auto_topup_off')));
    expect(told.length).toBeGreaterThan(0);
    // Another sweep buys nothing.
    await autoTopupSweep(deps());
    expect((await page(c.token)).recent).toHaveLength(1);
  });

  it('removing the card turns automatic top-up off', async () => {
    const c = await customer('remover', 0);
    await withCard(c.token);
    await setAuto(c.token, { enabled: 'true', addonId: '3gb', monthlyCap: '1' });
    const removed = await postForm<Page['auto']>(t.app, '/api/line/card/remove', {}, { token: c.token });
    expect(removed.body.data).toMatchObject({ enabled: false, disabledReason: 'card_removed' });
    expect((await page(c.token)).card).toBeNull();
    await importUsage(db(), 'test', `${c.msisdn},${today()},5120`);
    await autoTopupSweep(deps());
    expect((await page(c.token)).recent).toHaveLength(0);
  });

  it('shows staff the top-ups, and support may turn automatic top-up off (audited)', async () => {
    const c = await customer('staffed', 0);
    await withCard(c.token);
    await setAuto(c.token, { enabled: 'true', addonId: '1gb', monthlyCap: '1' });
    const support = await signInStaff(t.app, 'support');
    const panel = await support.call<{ card: { maskedNumber: string }; auto: { enabled: boolean } }>(
      'GET',
      `/api/admin/customers/${c.id}/topups`,
    );
    expect(panel.body.data).toMatchObject({ auto: { enabled: true } });
    expect(panel.body.data.card.maskedNumber).toMatch(/1111$/);
    const off = await support.call<{ auto: { enabled: boolean; disabledReason: string } }>(
      'POST',
      `/api/admin/customers/${c.id}/auto-topup/off`,
      {},
    );
    expect(off.body.data.auto).toMatchObject({ enabled: false, disabledReason: 'staff' });
    const finance = await signInStaff(t.app, 'finance');
    expect((await finance.call('POST', `/api/admin/customers/${c.id}/auto-topup/off`, {})).status).toBe(403);
  });
});
