import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../../contract/brand';
import { auditLog, outbox, receipts } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { placeOrder, signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { pdfFonts, pdfText, savePdfPicture } from './helpers/receipt-pdf';
import { sandboxCardToken } from './helpers/sandbox-card';
import { signInStaff, type StaffClient } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 33: a paid order has a receipt (qualified invoice) the customer downloads as a PDF,
// with the addressee set once, a reissue marked as such, and a credit note per refund.

interface Summary {
  receipt: null | {
    receiptNo: string;
    total: number;
    addressee: string;
    addresseeFixed: boolean;
    downloads: number;
    creditNotes: { creditNoteNo: string; amount: number }[];
  };
}

const PICTURES = '/tmp/w33/receipts';

describe.each(backends)('receipts on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let other: string;
  let finance: StaffClient;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ token } = await signUp(t.app, 'receipted'));
    ({ token: other } = await signUp(t.app, 'stranger'));
    finance = await signInStaff(t.app, 'finance');
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  /** An order placed and paid by sandbox card (plan 1: ¥1,980 with tax). */
  const paidOrder = async () => {
    const orderNo = await placeOrder(t.app, token);
    const res = await postForm<{ paymentNo: string }>(
      t.app,
      '/api/pay/create',
      { orderNo, method: 'card', token: await sandboxCardToken(t.app) },
      { token },
    );
    expect(res.body.code).toBe(1);
    return { orderNo, paymentNo: res.body.data.paymentNo };
  };
  /** An order paid in the Alipay app (which refunds in part, where a card refunds only in full). */
  const paidByAlipay = async () => {
    const orderNo = await placeOrder(t.app, token);
    const created = (
      await postForm<{ paymentNo: string; outcome: { params?: Record<string, string> } }>(
        t.app,
        '/api/pay/create',
        { orderNo, method: 'alipay', scene: 'app' },
        { token },
      )
    ).body.data;
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/alipay/confirm',
      payload: { trade: created.outcome.params!.tradeNO, result: 'ok' },
    });
    await getJson(t.app, `/api/pay/status?paymentNo=${created.paymentNo}`, { token });
    return { orderNo, paymentNo: created.paymentNo };
  };
  const summary = (orderNo: string, as = token, lang = 'zh-cn') =>
    getJson<Summary>(t.app, `/api/receipt/summary?kind=order&no=${orderNo}`, { token: as, 'accept-language': lang });
  const setAddressee = (orderNo: string, addressee: string, as = token, lang = 'ja') =>
    postForm<Summary>(
      t.app,
      '/api/receipt/addressee',
      { kind: 'order', no: orderNo, addressee },
      {
        token: as,
        'accept-language': lang,
      },
    );
  /** A copy as the app gets it: a link first, then the link's PDF (no token header). */
  const download = async (orderNo: string, lang = 'ja', creditNoteNo?: string) => {
    const form: Record<string, string> = { kind: 'order', no: orderNo, ...(creditNoteNo ? { creditNoteNo } : {}) };
    const link = await postForm<{ url: string }>(t.app, '/api/receipt/link', form, { token, 'accept-language': lang });
    expect(link.body.code).toBe(1);
    const res = await t.app.inject({ method: 'GET', url: link.body.data.url });
    return res;
  };

  it('makes the receipt of a paid order with every qualified-invoice item on its PDF', async () => {
    const { orderNo } = await paidOrder();
    const first = await summary(orderNo);
    expect(first.body.data.receipt).toMatchObject({ total: 1980, addressee: '', addresseeFixed: false, downloads: 0 });
    const receiptNo = first.body.data.receipt!.receiptNo;
    expect(receiptNo).toMatch(/^R-20\d\d-\d{6}$/);

    expect((await setAddressee(orderNo, '  株式会社テスト商事  ')).body.code).toBe(1);
    const res = await download(orderNo, 'ja');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${receiptNo}.pdf"`);
    const text = pdfText(res.rawPayload);
    for (const item of [
      '領収書',
      '適格請求書',
      receiptNo,
      '株式会社テスト商事',
      '様',
      DEFAULT_BRAND.company.legalName.ja,
      DEFAULT_BRAND.company.address.ja,
      DEFAULT_BRAND.company.invoiceNumber,
      '取引日',
      '10%対象',
      '¥1,980',
      // The tax in ¥1,980 at 10 %: 1980 × 10 / 110 = 180.
      '¥180',
      'クレジットカード',
    ])
      expect(text, item).toContain(item);
    expect(text).not.toContain('再発行');
    // The CJK font travels with the file, cut down to the glyphs used.
    const fonts = pdfFonts(res.rawPayload);
    expect(fonts.some((f) => /^[A-Z]{6}\+/.test(f.name) && f.embedded)).toBe(true);
    expect(res.rawPayload.length).toBeLessThan(120_000);
    savePdfPicture(res.rawPayload, PICTURES, `receipt-ja-${backend}`);

    // The second copy says so, and the addressee is fixed from the first.
    const again = await download(orderNo, 'ja');
    expect(pdfText(again.rawPayload)).toContain('再発行');
    savePdfPicture(again.rawPayload, PICTURES, `receipt-ja-reissue-${backend}`);
    const after = await summary(orderNo);
    expect(after.body.data.receipt).toMatchObject({
      addressee: '株式会社テスト商事',
      addresseeFixed: true,
      downloads: 2,
    });
  });

  it('speaks Chinese when asked in Chinese, with a blank addressee line when none was set', async () => {
    const { orderNo } = await paidOrder();
    await summary(orderNo);
    const res = await download(orderNo, 'cn');
    const text = pdfText(res.rawPayload);
    for (const item of [
      '收据',
      DEFAULT_BRAND.company.legalName.cn,
      DEFAULT_BRAND.company.invoiceNumber,
      '¥180',
      '交易日期',
    ])
      expect(text, item).toContain(item);
    savePdfPicture(res.rawPayload, PICTURES, `receipt-cn-${backend}`);
    // Fixed by the first copy even though it was left blank.
    const late = await setAddressee(orderNo, '王小明', token, 'zh-cn');
    expect(late.body).toMatchObject({ code: 0, data: { error: 'ADDRESSEE_FIXED' } });
    expect(late.body.msg).toBe('抬头已确定，不能再修改');
  });

  it('takes the addressee once, refuses odd text with a localized field error', async () => {
    const { orderNo } = await paidOrder();
    for (const [value, error] of [
      ['', 'REQUIRED'],
      ['x'.repeat(61), 'TOO_LONG'],
      ['ACME\u202Egnp.exe', 'ADDRESSEE_INVALID'],
      ['bell\u0007', 'ADDRESSEE_INVALID'],
      ['zero\u200Bwidth', 'ADDRESSEE_INVALID'],
      // Letters the receipt's font cannot draw would print as gaps: an emoji, a rare ideograph.
      ['Smile 😀', 'ADDRESSEE_INVALID'],
      ['\u{20BB7}野家', 'ADDRESSEE_INVALID'],
    ] as const) {
      const res = await setAddressee(orderNo, value);
      expect(res.status, JSON.stringify(value)).toBeLessThan(500);
      expect(res.body.code, JSON.stringify(value)).toBe(0);
      if (res.status === 200) expect(res.body.data).toMatchObject({ error, fields: { addressee: error } });
    }
    expect((await setAddressee(orderNo, '宛名の字', token, 'ja')).body.code).toBe(1);
    const second = await setAddressee(orderNo, '別の宛名', token, 'ja');
    expect(second.body).toMatchObject({ code: 0, data: { error: 'ADDRESSEE_FIXED' } });
    expect(second.body.msg).toBe('宛名は確定済みのため変更できません');
    expect((await summary(orderNo)).body.data.receipt!.addressee).toBe('宛名の字');
  });

  it('answers another customer as if there were nothing: no receipt, no link, no PDF', async () => {
    const { orderNo } = await paidOrder();
    await summary(orderNo);
    expect((await summary(orderNo, other)).body.data.receipt).toBeNull();
    const link = await postForm(t.app, '/api/receipt/link', { kind: 'order', no: orderNo }, { token: other });
    expect(link.status).toBe(404);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/receipt/pdf?kind=order&no=${orderNo}`,
      headers: { token: other },
    });
    expect(pdf.statusCode).toBe(404);
    expect((await setAddressee(orderNo, 'Mallory', other)).status).toBe(404);
    // Without a session, only a link opens a PDF, and a made-up link is nothing.
    expect((await t.app.inject({ method: 'GET', url: `/api/receipt/pdf?kind=order&no=${orderNo}` })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/receipt/file?t=forged' })).statusCode).toBe(404);
    // The owner's own call with the token header is an attachment.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/receipt/pdf?kind=order&no=${orderNo}`,
      headers: { token },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="R-\d{4}-\d{6}\.pdf"$/);
  });

  it('makes one receipt for 60 first opens at once', async () => {
    const { orderNo } = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 60 }, () => summary(orderNo)));
    const numbers = new Set(answers.map((a) => a.body.data.receipt?.receiptNo));
    expect(numbers.size).toBe(1);
    const rows = await db().select().from(receipts).where(eq(receipts.subjectNo, orderNo));
    expect(rows).toHaveLength(1);
    // The racers waited for the first: the next receipt takes the next number, none was wasted.
    const next = await paidOrder();
    const nextNo = (await summary(next.orderNo)).body.data.receipt!.receiptNo;
    const serial = (no: string) => Number(no.slice(-6));
    expect(serial(nextNo)).toBe(serial(rows[0]!.receiptNo) + 1);
  });

  it('gives a credit note for a refund, for the refunded amount with its tax', async () => {
    const { orderNo, paymentNo } = await paidByAlipay();
    const receiptNo = (await summary(orderNo)).body.data.receipt!.receiptNo;
    const refund = await finance.call('POST', `/api/admin/payments/${paymentNo}/refund`, {
      amount: 500,
      reason: 'partial',
    });
    expect(refund.body, JSON.stringify(refund.body)).toMatchObject({ code: 1 });
    const notes = (await summary(orderNo)).body.data.receipt!.creditNotes;
    expect(notes).toEqual([expect.objectContaining({ amount: 500 })]);
    expect(notes[0]!.creditNoteNo).toMatch(/^C-20\d\d-\d{6}$/);
    const res = await download(orderNo, 'ja', notes[0]!.creditNoteNo);
    const text = pdfText(res.rawPayload);
    // ¥500 at 10 %: 500 × 10 / 110 = 45.45…, truncated once to 45.
    for (const item of [
      '返還インボイス',
      '適格返還請求書',
      notes[0]!.creditNoteNo,
      receiptNo,
      '¥500',
      '¥45',
      '10%対象',
    ])
      expect(text, item).toContain(item);
    savePdfPicture(res.rawPayload, PICTURES, `credit-note-ja-${backend}`);
    // Asked again, the same note: one per refund.
    expect((await summary(orderNo)).body.data.receipt!.creditNotes).toHaveLength(1);
  });

  it('lets [money] staff open any receipt and resend it, on record; others are refused', async () => {
    const { orderNo } = await paidOrder();
    const support = await signInStaff(t.app, 'support');
    const denied = await support.call('GET', `/api/admin/receipts/pdf?kind=order&no=${orderNo}`);
    expect(denied.status).toBe(403);
    const found = await finance.call<Summary>('GET', `/api/admin/receipts?kind=order&no=${orderNo}`);
    expect(found.body.data.receipt).toMatchObject({ total: 1980, downloads: 0 });
    expect((await support.call('GET', `/api/admin/receipts?kind=order&no=${orderNo}`)).status).toBe(403);
    const opened = await finance.call('GET', `/api/admin/receipts/pdf?kind=order&no=${orderNo}`);
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    // Staff's copy is never a second original, and the customer's count is untouched.
    expect(pdfText(opened.rawPayload)).toContain('再发行');
    expect((await summary(orderNo)).body.data.receipt!.downloads).toBe(0);
    const resent = await finance.call<{ sentTo: string }>('POST', '/api/admin/receipts/resend', {
      kind: 'order',
      no: orderNo,
    });
    expect(resent.body).toMatchObject({ code: 1, data: { sentTo: 'receipted@example.com' } });
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'receipted@example.com'))
      .orderBy(outbox.id);
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, 'receipted@example.com'));
    const last = mails.at(-1)!;
    expect(mail).toBeDefined();
    expect(last.body).toContain(`http://sim.test/h5/pages/order/detail?orderNo=${orderNo}`);
    expect(last.subject).toContain('R-');
    const actions = (await db().select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['receipt-open', 'receipt-resend', 'denied']));
  });

  it('has no receipt before the order is paid', async () => {
    const orderNo = await placeOrder(t.app, token);
    expect((await summary(orderNo)).body).toMatchObject({ code: 1, data: { receipt: null } });
    expect((await postForm(t.app, '/api/receipt/link', { kind: 'order', no: orderNo }, { token })).status).toBe(404);
    // The console's payment page says "none" for it, not a failed load.
    const staffView = await finance.call<Summary>('GET', `/api/admin/receipts?kind=order&no=${orderNo}`);
    expect(staffView.status).toBe(200);
    expect(staffView.body.data.receipt).toBeNull();
  });
});
