import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { DEMO_PURCHASE_INFORMATION } from '../../server/ops/demo-purchase';
import { transitionOrder } from '../../server/orders/orders';
import { expectAccessible, openPhone, settle, startHarness, visit, type Harness } from './helpers/harness';
import { sign } from './helpers/signature';
import { E2E_BUYER, placeOrder } from './helpers/orders';

describe('a second order in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('opens filled from the last order, changeable, and is placed with the same documents', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    const api = page.request;
    const signup = await api.post(`${h.baseUrl}/api/user/register`, {
      form: { username: 'again', email: 'again@example.com', password: 'again1234', repassword: 'again1234' },
    });
    const token = ((await signup.json()).data as { userinfo: { token: string } }).userinfo.token;
    const firstNo = await placeOrder(api, h.baseUrl, token, 'again', '1');
    const [first] = await h.database.db.select().from(orders).where(eq(orders.orderNo, firstNo));
    for (const to of ['paid', 'under_review'] as const) await transitionOrder(h.database.db, first!.id, to, 'system');

    await page.goto(`${h.baseUrl}/h5/`);
    await page.evaluate((t) => localStorage.setItem('token', JSON.stringify(t)), token);
    await visit(h, phone, '/pages/process/setmeal');
    await page.getByRole('button', { name: '选择此套餐' }).nth(1).click();
    await page.getByRole('button', { name: '下一步' }).click();

    await page.getByRole('heading', { name: '个人信息', exact: true }).waitFor();
    await page.getByText('已按您上一笔订单填好姓名、联系方式、地址和仍可使用的证件，都可以修改。').waitFor();
    await settle(page);
    expect(await page.getByLabel('姓', { exact: true }).inputValue()).toBe(E2E_BUYER.lastName);
    expect(await page.getByLabel('名', { exact: true }).inputValue()).toBe(E2E_BUYER.firstName);
    expect(await page.getByLabel('邮编').inputValue()).toBe(DEMO_PURCHASE_INFORMATION.postcode);
    expect(await page.getByLabel('收件人手机号').inputValue()).toBe(DEMO_PURCHASE_INFORMATION.phone);
    // Each re-used document shows as sent before, with a way to replace it.
    expect(await page.getByText('已上传：之前提交的文件').count()).toBe(3);
    expect(await page.getByText('重新上传').count()).toBeGreaterThanOrEqual(3);
    await expectAccessible(page);

    // Anything may change: a new address line goes with the order.
    await page.getByLabel('街道门牌（丁目・番地）').fill('3-1-1');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByRole('heading', { name: '服务条款' }).waitFor();
    await settle(page);
    await sign(page);
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('purchase') ?? '{}').image?.length ?? 0))
      .toBeGreaterThan(100);
    await page.getByRole('button', { name: '同意条款并提交订单' }).click();
    await page.waitForURL(/\/h5\/pages\/process\/pay$/);
    await page.locator('.order-status').getByText('待支付').waitFor();

    const mine = await h.database.db.select().from(orders).where(eq(orders.userId, first!.userId));
    const second = mine.find((o) => o.orderNo !== firstNo)!;
    expect(second.info).toMatchObject({
      lastName: E2E_BUYER.lastName,
      block: '3-1-1',
      residenceFront: first!.info.residenceFront,
      identityDoc: first!.info.identityDoc,
    });
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
