import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { transitionOrder } from '../../server/orders/orders';
import { expectAccessible, openPhone, settle, startHarness, type Harness } from './helpers/harness';
import { E2E_BUYER, placeOrder } from './helpers/orders';

describe('a rejected order in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('shows the reason, and the customer fixes the document and resubmits', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    const api = page.request;
    const signup = await api.post(`${h.baseUrl}/api/user/register`, {
      form: { username: 'fixer', email: 'fixer@example.com', password: 'fixer1234', repassword: 'fixer1234' },
    });
    const token = ((await signup.json()).data as { userinfo: { token: string } }).userinfo.token;
    const orderNo = await placeOrder(api, h.baseUrl, token, 'fixer', '1');
    const [row] = await h.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    for (const to of ['paid', 'under_review'] as const) await transitionOrder(h.database.db, row!.id, to, 'system');
    await transitionOrder(h.database.db, row!.id, 'rejected', 'staff:e2e', '', {
      rejections: [{ document: 'passport', reason: 'glare_or_cropped', note: '护照照片反光，看不清号码' }],
    });

    await page.goto(`${h.baseUrl}/h5/`);
    await page.evaluate((t) => localStorage.setItem('token', JSON.stringify(t)), token);
    await page.goto(`${h.baseUrl}/h5/pages/process/pay`);
    await page.locator('.order-status').getByText('资料被驳回').waitFor();
    await settle(page);
    expect(await page.getByText('需要修改的资料：护照照片页').isVisible()).toBe(true);
    expect(await page.getByText('原因：照片反光或没有拍全。护照照片反光，看不清号码').isVisible()).toBe(true);
    await expectAccessible(page);

    await page.getByRole('button', { name: '修改资料重新提交' }).click();
    await page.getByRole('button', { name: '重新提交审核' }).waitFor();
    expect(await page.getByLabel('姓', { exact: true }).inputValue()).toBe(E2E_BUYER.lastName);
    // The refused document says why, the others are kept and named, and sending it back as it
    // was is refused before anything reaches review.
    await page.getByText('此资料被驳回（照片反光或没有拍全。护照照片反光，看不清号码），请重新上传').waitFor();
    expect(await page.getByText('已上传：之前提交的文件').count()).toBe(3);
    expect(await page.getByText(/^已上传：$/).count()).toBe(0);
    await page.getByRole('button', { name: '重新提交审核' }).click();
    await page.getByText('请重新上传被驳回的资料').first().waitFor();
    expect(page.url()).toContain('/pages/process/information');
    await page
      .getByTestId('file-identityDoc')
      .setInputFiles(join(__dirname, '..', 'fixtures', 'documents', 'passport.jpg'));
    await page.getByText('已上传：passport.jpg').waitFor();
    await page.getByRole('button', { name: '重新提交审核' }).click();
    await page.waitForURL(/\/h5\/pages\/process\/pay$/);
    await page.locator('.order-status').getByText('审核中', { exact: true }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
