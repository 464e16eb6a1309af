import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCharge } from '../../server/billing/index';
import { charges } from '../../server/db/schema';
import { billRun } from '../../server/staff/operations';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { pdfText, savePdfPicture } from './helpers/receipt-pdf';
import { sandboxCardToken } from './helpers/sandbox-card';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 33: a paid monthly bill and a paid charge (a top-up, a fee) have receipts too, with
// what was charged then, whatever prices say later.

interface Summary {
  receipt: null | { receiptNo: string; total: number };
}

describe.each(backends)('receipts of bills and charges on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ token, id: userId } = await signUp(t.app, 'billreceipt'));
    await activeLine(t.app, token, { msisdn: '080-4444-6666', iccid: '8981100000000000093', planId: '2' });
    await billRun(t.database.handle.db, 'staff:t', '2026-11');
  });
  afterAll(() => t.close());

  const payByCard = async (form: Record<string, string>) => {
    const res = await postForm(
      t.app,
      '/api/pay/create',
      { ...form, method: 'card', token: await sandboxCardToken(t.app) },
      {
        token,
      },
    );
    expect(res.body.code).toBe(1);
  };
  const pdfOf = async (kind: string, no: string, lang: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/receipt/pdf?kind=${kind}&no=${no}`,
      headers: { token, 'accept-language': lang },
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  it("receipts a paid monthly bill with the month's rent and its tax", async () => {
    const list = await getJson<{ bills: { billNo: string; total: number }[] }>(t.app, '/api/bill/lists', { token });
    const bill = list.body.data.bills[0]!;
    const before = await getJson<Summary>(t.app, `/api/receipt/summary?kind=bill&no=${bill.billNo}`, { token });
    expect(before.body.data.receipt).toBeNull();
    await payByCard({ billNo: bill.billNo });
    const after = await getJson<Summary>(t.app, `/api/receipt/summary?kind=bill&no=${bill.billNo}`, { token });
    expect(after.body.data.receipt).toMatchObject({ total: bill.total });
    const pdf = await pdfOf('bill', bill.billNo, 'ja');
    const text = pdfText(pdf);
    // Plan 2's rent: ¥2,800 + 10 % = ¥3,080, of which tax 3080 × 10 / 110 = 280.
    for (const item of ['2026-11 月額料金', '¥3,080', '¥280', '請求番号', bill.billNo])
      expect(text, item).toContain(item);
    savePdfPicture(pdf, '/tmp/w33/receipts', `bill-ja-${backend}`);
    const cn = pdfText(await pdfOf('bill', bill.billNo, 'zh-cn'));
    expect(cn).toContain('2026-11 月租');
    expect(cn).toContain('再发行');
  });

  it('receipts a top-up charge and an eSIM reissue fee, with what was charged', async () => {
    const db = t.database.handle.db;
    const topup = await createCharge(db, {
      userId,
      kind: 'topup',
      amountExTax: 1200,
      items: [{ code: 'topup_3gb', amount: 1200 }],
    });
    // Paid as if its payment had settled (a top-up's charge is payable only with its top-up open).
    await db.update(charges).set({ status: 'paid', paidAt: new Date() }).where(eq(charges.id, topup.id));
    const text = pdfText(await pdfOf('charge', topup.chargeNo, 'ja'));
    // ¥1,200 + 10 % = ¥1,320, tax 120.
    for (const item of ['データ追加 3GB', '¥1,320', '¥120', '料金番号']) expect(text, item).toContain(item);

    const fee = await createCharge(db, { userId, kind: 'esim_reissue', amountExTax: 455 });
    await payByCard({ chargeNo: fee.chargeNo });
    const feePdf = await pdfOf('charge', fee.chargeNo, 'zh-cn');
    const feeText = pdfText(feePdf);
    // ¥455 + 10 % = ¥500 (45.5 dropped), and the tax in ¥500 is 45 (45.45… truncated).
    for (const item of ['eSIM 重新发行费', '¥500', '¥45']) expect(feeText, item).toContain(item);
    savePdfPicture(feePdf, '/tmp/w33/receipts', `fee-cn-${backend}`);
  });
});
