import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import { planChangeEffectiveDate } from '../../contract/line-rules';
import { outbox, smsCodes } from '../../server/db/schema';
import { billRun, importUsage } from '../../server/staff/operations';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { fixture, multipartBody } from './helpers/multipart';
import { signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';
import { deliverNotification, wechatNotification } from './helpers/signed-notifications';

describe.each(backends)('my line on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let strangerToken: string;
  const month = tokyoDate(new Date()).slice(0, 7);

  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.database.handle.db;
    ({ token } = await signUp(t.app, 'lineowner'));
    ({ token: strangerToken } = await signUp(t.app, 'noline'));
    await activeLine(t.app, token, { msisdn: '080-2222-3333', iccid: '8981100000000000077', planId: '2' });
    await importUsage(db, 'staff:t', `08022223333,${month}-01,5120\n08022223333,${month}-02,5120`);
    await billRun(db, 'staff:t', month);
  });
  afterAll(() => t.close());

  const auth = (tok = token) => ({ token: tok });
  const lastSmsCode = async (to: string) => {
    const [row] = await t.database.handle.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, to), eq(outbox.channel, 'sms')))
      .orderBy(desc(outbox.id))
      .limit(1);
    return /\b(\d{6})\b/.exec(row?.body ?? '')?.[1] ?? '';
  };

  it('shows its owner the package with their number in full, and says the number record was not found without a line', async () => {
    const res = await getJson<{
      msisdn: string;
      planName: string;
      monthlyRent: number;
      currentBill: { status: string };
    }>(t.app, '/api/user/package', auth());
    expect(res.body.data).toMatchObject({
      msisdn: expect.stringMatching(/^080-?2222-?3333$/),
      planName: '畅享 20GB 套餐',
      monthlyRent: 3080,
      currentBill: { status: 'unpaid' },
    });
    const none = await getJson(t.app, '/api/user/package', auth(strangerToken));
    expect(none.body).toMatchObject({ code: 0, msg: '未找到号码记录', data: { error: 'NO_LINE' } });
  });

  it("counts this month's data against the quota", async () => {
    const res = await getJson<{
      usedMb: number;
      quotaMb: number;
      percent: number;
      throttled: boolean;
      daysUntilReset: number;
    }>(t.app, '/api/user/usage', auth());
    expect(res.body.data).toMatchObject({ usedMb: 10240, quotaMb: 20480, percent: 50, throttled: false });
    expect(res.body.data.daysUntilReset).toBeGreaterThan(0);
  });

  it('lists bills and keeps each one to its owner', async () => {
    const list = await getJson<{ bills: { billNo: string; total: number; status: string }[] }>(
      t.app,
      '/api/bill/lists',
      auth(),
    );
    expect(list.body.data.bills).toHaveLength(1);
    const bill = list.body.data.bills[0]!;
    expect(bill).toMatchObject({ total: 3080, status: 'unpaid' });
    expect((await getJson(t.app, `/api/bill/detail?billNo=${bill.billNo}`, auth())).status).toBe(200);
    expect((await getJson(t.app, `/api/bill/detail?billNo=${bill.billNo}`, auth(strangerToken))).status).toBe(404);
  });

  it('pays a bill once even when the notification comes twice, then has no bill to pay', async () => {
    const billNo = (await getJson<{ bills: { billNo: string }[] }>(t.app, '/api/bill/lists', auth())).body.data
      .bills[0]!.billNo;
    const created = await postForm<{ paymentNo: string }>(
      t.app,
      '/api/pay/create',
      { billNo, method: 'wechat', scene: 'jsapi' },
      auth(),
    );
    const note = wechatNotification(t.app, {
      paymentNo: created.body.data.paymentNo,
      transactionId: 'wx-bill',
      notifyId: 'bill-note',
      amount: 3080,
    });
    for (let i = 0; i < 2; i += 1) {
      expect((await deliverNotification(t.app, 'wechat', note)).statusCode).toBe(200);
    }
    const detail = await getJson<{ status: string }>(t.app, `/api/bill/detail?billNo=${billNo}`, auth());
    expect(detail.body.data.status).toBe('paid');
    const again = await postForm(t.app, '/api/pay/create', { billNo, method: 'wechat', scene: 'jsapi' }, auth());
    expect(again.body).toMatchObject({ code: 0, msg: '没有需要支付的账单' });
  });

  it('asks for a bound phone before a plan change', async () => {
    const res = await postForm(t.app, '/api/user/change_setmeal', { planId: '3' }, auth());
    expect(res.body).toMatchObject({ code: 0, msg: '请先绑定手机号', data: { error: 'BIND_PHONE_FIRST' } });
  });

  it('binds a phone with an SMS code that works once and expires', async () => {
    expect((await postForm(t.app, '/api/user/change_setmeal', { planId: '3' }, auth())).body).toMatchObject({
      msg: '请先绑定手机号',
    });
    const bad = await postForm(t.app, '/api/sms/send', { country: '81', mobile: '03-1234-5678' }, auth());
    expect(bad.body.data).toMatchObject({ error: 'MOBILE_INVALID' });
    expect((await postForm(t.app, '/api/sms/send', { country: '81', mobile: '090-5555-6666' }, auth())).body.code).toBe(
      1,
    );
    const tooSoon = await postForm(t.app, '/api/sms/send', { country: '81', mobile: '090-5555-6666' }, auth());
    expect(tooSoon.body.data).toMatchObject({ error: 'CODE_TOO_SOON' });
    const code = await lastSmsCode('+819055556666');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await postForm(
      t.app,
      '/api/user/bind',
      { country: '81', mobile: '090-5555-6666', code: code === '000000' ? '111111' : '000000' },
      auth(),
    );
    expect(wrong.body.data).toMatchObject({ error: 'CODE_WRONG' });
    const bound = await postForm<{ userinfo: { mobile: string } }>(
      t.app,
      '/api/user/bind',
      { country: '81', mobile: '090-5555-6666', code },
      auth(),
    );
    expect(bound.body.data.userinfo.mobile).toBe('+819055556666');
    const reuse = await postForm(t.app, '/api/user/bind', { country: '81', mobile: '090-5555-6666', code }, auth());
    expect(reuse.body.data).toMatchObject({ error: 'CODE_WRONG' });
  });

  it('asks for the password before rebinding, and refuses an expired code', async () => {
    await t.database.handle.db.update(smsCodes).set({ createdAt: new Date(Date.now() - 120_000) });
    expect((await postForm(t.app, '/api/sms/send', { country: '86', mobile: '13812345678' }, auth())).body.code).toBe(
      1,
    );
    const code = await lastSmsCode('+8613812345678');
    const noPassword = await postForm(t.app, '/api/user/bind', { country: '86', mobile: '13812345678', code }, auth());
    expect(noPassword.body.data).toMatchObject({ error: 'PASSWORD_REQUIRED' });
    const wrongPassword = await postForm(
      t.app,
      '/api/user/bind',
      { country: '86', mobile: '13812345678', code, password: 'nottheone1' },
      auth(),
    );
    expect(wrongPassword.body.data).toMatchObject({ error: 'PASSWORD_WRONG' });
    await t.database.handle.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.mobile, '+8613812345678'));
    const expired = await postForm(
      t.app,
      '/api/user/bind',
      { country: '86', mobile: '13812345678', code, password: 'testpass1' },
      auth(),
    );
    expect(expired.body.data).toMatchObject({ error: 'CODE_WRONG' });
  });

  it('limits SMS per address so nobody can pump messages through us', async () => {
    const results: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await postForm(
        t.app,
        '/api/sms/send',
        { country: '81', mobile: `070-7000-${String(1000 + i)}` },
        auth(strangerToken),
      );
      results.push(res.body.code);
    }
    // 20 an hour from one address (this customer sent 2 already from the same address).
    expect(results.filter((c) => c === 0).length).toBeGreaterThanOrEqual(1);
    const last = await postForm(
      t.app,
      '/api/sms/send',
      { country: '81', mobile: '070-7999-0000' },
      auth(strangerToken),
    );
    expect(last.body).toMatchObject({ code: 0, data: { error: 'RATE_LIMITED' } });
  });

  it('schedules one plan change for the 25th of next month, which can be cancelled', async () => {
    const res = await postForm<{ effectiveDate: string; difference: number }>(
      t.app,
      '/api/user/change_setmeal',
      { planId: '3' },
      auth(),
    );
    expect(res.body.data).toMatchObject({
      effectiveDate: planChangeEffectiveDate(tokyoDate(new Date())),
      difference: 4620 - 3080,
    });
    expect((await postForm(t.app, '/api/user/change_setmeal', { planId: '1' }, auth())).body.data).toMatchObject({
      error: 'CHANGE_PENDING',
    });
    const pkg = await getJson<{ pendingChange: { planName: string } | null }>(t.app, '/api/user/package', auth());
    expect(pkg.body.data.pendingChange?.planName).toBe('尊享 50GB 套餐');
    expect((await postForm(t.app, '/api/user/change_setmeal', { action: 'cancel' }, auth())).body.code).toBe(1);
    expect(
      (await getJson<{ pendingChange: unknown }>(t.app, '/api/user/package', auth())).body.data.pendingChange,
    ).toBeNull();
  });

  it('changes the address with the address-proof rule, and says when nothing changed', async () => {
    const current = (await getJson<{ info: Record<string, string> }>(t.app, '/api/user/personal', auth())).body.data
      .info;
    const address = {
      region: current.region!,
      postcode: current.postcode!,
      province: current.province!,
      city: current.city!,
      district: current.district!,
      block: current.block!,
      building: current.building ?? '',
    };
    expect((await postForm(t.app, '/api/user/addr', address, auth())).body).toMatchObject({
      msg: '没有需要修改的数据',
    });
    const moved = {
      ...address,
      postcode: '160-0023',
      province: '東京都',
      city: '新宿区',
      district: '西新宿',
      block: '2-8-1',
    };
    expect((await postForm(t.app, '/api/user/addr', moved, auth())).body.data).toMatchObject({
      error: 'PROOF_REQUIRED',
    });
    const { payload, contentType } = multipartBody(
      { kind: 'address_proof' },
      { name: 'bill.png', type: 'image/png', bytes: fixture('address-proof.png') },
    );
    const proofDoc = (
      await t.app.inject({
        method: 'POST',
        url: '/api/common/upload',
        payload,
        headers: { 'content-type': contentType, token },
      })
    ).json().data.id as string;
    const saved = await postForm<{ info: Record<string, string> }>(
      t.app,
      '/api/user/addr',
      { ...moved, proofType: 'utility_bill', proofDate: tokyoDate(new Date()), proofDoc },
      auth(),
    );
    expect(saved.body.code).toBe(1);
    expect(saved.body.data.info.city).toBe('新宿区');
    const personal = await postForm(
      t.app,
      '/api/user/update',
      {
        lastName: current.lastName!,
        firstName: current.firstName!,
        phone: current.phone!,
        visaType: current.visaType!,
      },
      auth(),
    );
    expect(personal.body.data).toMatchObject({ error: 'NO_CHANGES' });
  });
});
