import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoTopups, carrierRequests, charges, payments, refunds, topups, lines } from '../../server/db/schema';
import { importUsage } from '../../server/line/index';
import { autoTopupSweep, createTopupDeps, pushTopupsToCarrier } from '../../server/topups/index';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { postForm } from './helpers/requests';
import { sandboxCardToken } from './helpers/sandbox-card';
import { deliverNotification, wechatNotification } from './helpers/signed-notifications';
import { signInStaff } from './helpers/staff';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';

// A top-up only while its line's data flows: not paid for, not applied, not sent to the carrier
// on a stopped or ended line; still withdrawable whatever the line's state.

interface Topup {
  id: number;
  status: string;
  chargeNo: string;
}
const errorOf = (answer: { body: { data: unknown } }) => (answer.body.data as { error?: string }).error;

describe.each(backends)('top-ups and the line state on %s', (backend) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  async function customer(name: string) {
    const { token, id } = await signUp(t.app, `${name}${backend}`);
    seq += 1;
    const msisdn = `0706${backend === 'postgres' ? '1' : '2'}${String(seq).padStart(6, '0')}`;
    const iccid = `898110078${backend === 'postgres' ? '1' : '2'}${String(seq).padStart(9, '0')}`;
    const { line } = await activeLine(t.app, token, { msisdn, iccid, planId: '1' });
    return { token, id, msisdn, lineId: line.id };
  }
  const buy = (token: string, addonId = '1gb') => postForm<Topup>(t.app, '/api/line/topups', { addonId }, { token });
  const pay = (token: string, form: Record<string, string>) =>
    postForm<{ paymentNo: string; outcome: { kind: string } }>(t.app, '/api/pay/create', form, { token });
  const topupOf = async (id: number) => (await db().select().from(topups).where(eq(topups.id, id)))[0]!;

  it('refuses to take payment for a top-up once staff suspended the line; the customer can still withdraw it', async () => {
    const c = await customer('suspendedpay');
    const bought = (await buy(c.token)).body.data;
    const support = await signInStaff(t.app, 'support');
    await support.call('POST', `/api/admin/customers/${c.id}/line`, { action: 'suspend' });
    const paid = await pay(c.token, {
      chargeNo: bought.chargeNo,
      method: 'card',
      token: await sandboxCardToken(t.app),
    });
    expect(errorOf(paid)).toBe('TOPUP_NOT_AVAILABLE');
    expect((await topupOf(bought.id)).status).toBe('awaiting_payment');
    const withdrawn = await postForm<Topup>(t.app, '/api/line/topups/cancel', {}, { token: c.token });
    expect(withdrawn.body.data.status).toBe('cancelled');
  });

  it('money arriving for a top-up after the line stopped is refunded, not applied', async () => {
    const c = await customer('latepay');
    const { chargeNo, id } = (await buy(c.token)).body.data;
    const started = (await pay(c.token, { chargeNo, method: 'wechat', scene: 'jsapi' })).body.data.paymentNo;
    await db().update(lines).set({ status: 'lost' }).where(eq(lines.id, c.lineId));
    await deliverNotification(t.app, 'wechat', wechatNotification(t.app, { paymentNo: started, amount: 550 }));
    expect((await topupOf(id)).status).toBe('awaiting_payment');
    const [payment] = await db().select().from(payments).where(eq(payments.paymentNo, started));
    expect((await db().select().from(refunds).where(eq(refunds.paymentId, payment!.id))).map((r) => r.amount)).toEqual([
      550,
    ]);
  });

  it('an open top-up on a line that has ended can still be withdrawn', async () => {
    const c = await customer('endedwithdraw');
    const bought = (await buy(c.token)).body.data;
    await db().update(lines).set({ status: 'ended', endedAt: new Date() }).where(eq(lines.id, c.lineId));
    const withdrawn = await postForm<Topup>(t.app, '/api/line/topups/cancel', {}, { token: c.token });
    expect(withdrawn.body.data.status).toBe('cancelled');
    expect((await topupOf(bought.id)).status).toBe('cancelled');
  });

  it('does not send data to the carrier for a line whose data does not flow', async () => {
    const c = await customer('nopush');
    const { chargeNo, id } = (await buy(c.token)).body.data;
    expect((await pay(c.token, { chargeNo, method: 'card', token: await sandboxCardToken(t.app) })).body.code).toBe(1);
    // Applied and (say) not yet acknowledged when the line was paused.
    await db()
      .delete(carrierRequests)
      .where(like(carrierRequests.requestKey, `topup:${id}`));
    await db().update(topups).set({ carrierAckedAt: null }).where(eq(topups.id, id));
    await db().update(lines).set({ status: 'paused' }).where(eq(lines.id, c.lineId));
    await pushTopupsToCarrier({ db: db(), linePlatform: t.app.linePlatform }, { lineId: c.lineId });
    expect(
      await db()
        .select()
        .from(carrierRequests)
        .where(eq(carrierRequests.requestKey, `topup:${id}`)),
    ).toEqual([]);
    expect((await topupOf(id)).carrierAckedAt).toBeNull();
  });

  it('answers TOPUP_OPEN for another add-on while one is open; the same one again is the open one', async () => {
    const c = await customer('otheraddon');
    const first = (await buy(c.token, '1gb')).body.data;
    expect(errorOf(await buy(c.token, '3gb'))).toBe('TOPUP_OPEN');
    expect((await buy(c.token, '1gb')).body.data.id).toBe(first.id);
    const open = await db()
      .select()
      .from(topups)
      .where(and(eq(topups.lineId, c.lineId), eq(topups.status, 'awaiting_payment')));
    expect(open).toHaveLength(1);
  });

  it('keeps no card for a customer without a line (NO_LINE)', async () => {
    const { token } = await signUp(t.app, `nolinecard${backend}`);
    const saved = await postForm(t.app, '/api/line/card', { token: await sandboxCardToken(t.app) }, { token });
    expect(errorOf(saved)).toBe('NO_LINE');
  });

  /** A customer at 100 % with automatic top-up on, whose first charge the gateway did not answer. */
  async function autoPending(name: string, takenAnyway: boolean, paidByHand = false, stopLine = false) {
    const c = await customer(name);
    const saved = await postForm(t.app, '/api/line/card', { token: await sandboxCardToken(t.app) }, { token: c.token });
    expect(saved.body.code).toBe(1);
    await postForm(
      t.app,
      '/api/line/auto-topup',
      { enabled: 'true', addonId: '1gb', monthlyCap: '2' },
      { token: c.token },
    );
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
    await importUsage(db(), 'test', `${c.msisdn},${today},5120`);
    const base = createTopupDeps(testConfig(), db(), t.app.payments);
    const timeout = {
      ...base,
      cardOnFile: {
        ...base.cardOnFile,
        chargeCard: async (...args: Parameters<typeof base.cardOnFile.chargeCard>) => {
          if (takenAnyway) await base.cardOnFile.chargeCard(...args);
          throw new Error('gateway timeout');
        },
      },
      log: { error: () => undefined },
    };
    expect((await autoTopupSweep(timeout)).pending).toBe(1);
    if (paidByHand) {
      // The customer tries to pay the same top-up by hand: the pending card-on-file attempt is
      // asked first, and the gateway had taken it, so nothing is charged twice.
      const open = (await buy(c.token)).body.data;
      const paid = await pay(c.token, {
        chargeNo: open.chargeNo,
        method: 'card',
        token: await sandboxCardToken(t.app),
      });
      expect(errorOf(paid)).toBe('ALREADY_PAID');
    }
    if (stopLine) {
      // Staff stop the line before the gateway answers; the card is then charged on the retry.
      const support = await signInStaff(t.app, 'support');
      await support.call('POST', `/api/admin/customers/${c.id}/line`, { action: 'suspend' });
    } else await postForm(t.app, '/api/line/card/remove', {}, { token: c.token });
    await autoTopupSweep(base, new Date(Date.now() + 60_000));
    const [topup] = await db().select().from(topups).where(eq(topups.lineId, c.lineId));
    const [payment] = await db().select().from(payments).where(eq(payments.targetId, topup!.chargeId));
    const [charge] = await db().select().from(charges).where(eq(charges.id, topup!.chargeId));
    return { topup: topup!, payment: payment!, charge: charge! };
  }

  it('finishes a pending automatic top-up as failed once its card is removed (charge withdrawn, off)', async () => {
    const { topup, payment, charge } = await autoPending('autogone', false);
    expect(topup.status).toBe('failed');
    expect(payment.status).toBe('failed');
    expect(charge.status).toBe('cancelled');
    const [setting] = await db().select().from(autoTopups).where(eq(autoTopups.lineId, topup.lineId));
    expect(setting!.enabled).toBe(false);
  });

  it('applies it when the gateway had taken the money before the card was removed', async () => {
    const { topup, payment } = await autoPending('autotaken', true);
    expect(payment.status).toBe('paid');
    expect(topup.status).toBe('applied');
  });

  it('an automatic top-up charged after its line stopped is refunded and withdrawn, not left waiting', async () => {
    const { topup, payment, charge } = await autoPending('autostopped', false, false, true);
    expect(payment.status).toBe('paid');
    expect(topup.status).toBe('cancelled');
    expect(charge.status).toBe('cancelled');
    const back = await db().select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(back.map((r) => r.amount)).toEqual([payment.amount]);
    expect(
      await db()
        .select()
        .from(carrierRequests)
        .where(like(carrierRequests.requestKey, `topup:${topup.id}%`)),
    ).toEqual([]);
  });

  it('a card-on-file charge the gateway took is found when the customer then pays by hand: one payment, applied once', async () => {
    const { topup } = await autoPending('autoboth', true, true);
    expect(topup.status).toBe('applied');
    const all = await db().select().from(payments).where(eq(payments.targetId, topup.chargeId));
    expect(all.map((p) => [p.scene, p.status])).toEqual([['card', 'paid']]);
  });
});
