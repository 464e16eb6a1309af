import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import { planChangeEffectiveDate } from '../../contract/line-rules';
import { seedDemo } from '../../server/ops/seed-demo';
import { expectAccessible, openPhone, settle, startHarness, type Harness } from './helpers/harness';
import { codeFromOutbox } from './helpers/outbox';

describe('my line in Chromium, with the demo customer', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('shows usage, pays the bill, binds a phone, changes the address and schedules a plan change', async () => {
    const demo = await seedDemo(h.database.db, h.vault);
    const phone = await openPhone(h);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/public/login`);
    await page.getByLabel('邮箱').fill(demo.email);
    await page.getByLabel('密码').fill(demo.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('heading', { name: '演示用户' }).waitFor();

    await page.goto(`${h.baseUrl}/h5/pages/user/taocan`);
    await page.getByRole('heading', { name: '本月流量' }).waitFor();
    await settle(page);
    // The owner sees their own number in full.
    expect(await page.getByText('070-1234-5678').isVisible()).toBe(true);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toMatch(/^\d+$/);
    await expectAccessible(page);

    await page.goto(`${h.baseUrl}/h5/pages/user/pay`);
    await page.getByRole('button', { name: '信用卡支付' }).click();
    await page.getByLabel('卡号').fill('4111111111111111');
    await page.getByLabel('有效期').fill('1230');
    await page.getByLabel('安全码').fill('123');
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.getByRole('heading', { name: '月费支付成功' }).waitFor();
    await page.goto(`${h.baseUrl}/h5/pages/user/pay`);
    await page.getByText('没有需要支付的账单').waitFor();

    // The demo customer's bound phone is the line's number; moving it asks for the password.
    await page.goto(`${h.baseUrl}/h5/pages/user/bind`);
    await page.getByText('070-1234-5678').first().waitFor();
    await page.getByLabel('手机号', { exact: true }).fill('090-3333-4444');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    const code = await codeFromOutbox(page, h.baseUrl, '+819033334444');
    await page.getByLabel('验证码').fill(code);
    await page.getByLabel('密码').fill('demo12345');
    await page.getByRole('button', { name: '绑定' }).click();
    await page.getByText('手机号绑定成功').waitFor();
    await expectAccessible(page);

    await page.goto(`${h.baseUrl}/h5/pages/user/address`);
    await page.getByLabel('邮编').waitFor();
    await settle(page);
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('没有需要修改的数据').waitFor();
    await page.getByLabel('街道门牌（丁目・番地）').fill('3-1-1');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('邮寄地址与在留卡地址不一致时，请补充地址证明').first().waitFor();
    await expectAccessible(page);

    await page.goto(`${h.baseUrl}/h5/pages/change-setmeal/setmeal`);
    await page.getByRole('button', { name: '选择此套餐' }).first().click();
    const expected = planChangeEffectiveDate(tokyoDate(new Date()));
    expect(await page.getByTestId('effective-date').textContent()).toBe(expected);
    await page.getByRole('button', { name: '确认变更' }).click();
    await page.getByText('套餐变更已预约').waitFor();
    await page.waitForURL(/\/h5\/pages\/user\/taocan$/);
    await page.locator('.notice', { hasText: `${expected} 生效` }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
