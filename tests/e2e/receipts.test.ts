import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../../contract/brand';
import {
  expectAccessible,
  openPhone,
  settle,
  signInWithToken,
  startHarness,
  visit,
  type Harness,
} from './helpers/harness';
import { customerWithOrder } from './helpers/orders';

// Issue 33: a customer who paid an order opens its receipt from the order's page, sets the
// addressee, and gets a PDF that carries the qualified-invoice items.

const pdfText = (bytes: Buffer) => {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  return doc.loadPage(0).toStructuredText('preserve-whitespace').asText();
};

describe('a receipt in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('pays an order, opens the receipt from its page and gets the PDF', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    const { token, orderNo } = await customerWithOrder(page.request, h.baseUrl, 'receipter');
    // Paid by the sandbox card, as the card page would.
    const tokenRes = await page.request.post(`${h.baseUrl}/sandbox/gmo/token`, {
      data: {
        shopId: 'tshop00000001',
        cardno: '4111111111111111',
        expire: '2812',
        securitycode: '123',
        holdername: 'WANG FANG',
      },
    });
    const cardToken = ((await tokenRes.json()) as { tokenObject: { token: string[] } }).tokenObject.token[0]!;
    const paid = await page.request.post(`${h.baseUrl}/api/pay/create`, {
      headers: { token },
      form: { orderNo, method: 'card', token: cardToken },
    });
    expect(((await paid.json()) as { data: { outcome: { kind: string } } }).data.outcome.kind).toBe('paid');

    await signInWithToken(h, phone, token);
    await visit(h, phone, `/pages/order/detail?orderNo=${orderNo}`);
    const button = page.getByRole('button', { name: '收据 / 領収書' });
    await button.waitFor();
    const box = await button.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(24);
    await button.click();
    const sheet = page.getByRole('dialog', { name: '收据' });
    await sheet.waitFor();
    await expectAccessible(page);
    await sheet.getByLabel('抬头（宛名）').fill('云路测试有限公司');

    // The PDF opens in the same view (Chromium draws it in its viewer, as WeChat does).
    expect(phone.errors).toEqual([]);
    const opened = page.waitForResponse((r) => r.url().includes('/api/receipt/file'));
    await sheet.getByRole('button', { name: '下载收据 PDF' }).click();
    const response = await opened;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['cache-control']).toBe('no-store');
    // The viewer keeps the bytes to itself; the link gives the same copy again for a few
    // minutes (a viewer that fetches twice makes no reissue), without any session.
    const again = await h.browser.newContext().then((c) => c.request.get(response.url()));
    expect(again.headers()['content-type']).toBe('application/pdf');
    const bytes = await again.body();
    const text = pdfText(bytes);
    for (const item of ['收据', '云路测试有限公司', DEFAULT_BRAND.company.invoiceNumber, '10% 对象'])
      expect(text, item).toContain(item);
    expect(text).not.toContain('再发行');

    // Chromium's PDF viewer logs a 404 of its own there (none of the app's responses is one):
    // the app's errors are counted from here on.
    phone.errors.length = 0;
    // Back on the order's page: the addressee is fixed and the next copy says it is a reissue.
    await visit(h, phone, `/pages/order/detail?orderNo=${orderNo}`);
    await page.getByRole('button', { name: '收据 / 領収書' }).click();
    await page.getByText('抬头：云路测试有限公司（已确定，不能修改）').waitFor();
    await page.getByText('已下载过 1 次').waitFor();
    await settle(page);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
