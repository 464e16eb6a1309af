import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPhone, settle, startHarness, visit, type Harness } from './helpers/harness';

// A limit answers HTTP 429 with its envelope: the customer reads why and for how long,
// never a generic network error.
describe('limits in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const onlyRefusals = (errors: string[]) => errors.filter((e) => !/status of 429/.test(e));

  it('says how long to wait after too many wrong passwords', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/pages/public/login');
    await page.getByLabel('邮箱').fill('nobody-e2e@example.com');
    for (let i = 0; i < 5; i += 1) {
      await page.getByLabel('密码').fill(`wrong${i}pass`);
      await page.getByRole('button', { name: '登录' }).click();
      await page.getByText('邮箱或密码错误').waitFor();
      await page.getByLabel('密码').fill('');
    }
    await page.getByLabel('密码').fill('wrong9pass');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText(/登录失败次数过多，请 \d+ 分钟后再试/).waitFor();
    expect(onlyRefusals(phone.errors)).toEqual([]);
    await phone.context.close();
  });

  it('says a code was sent too soon and counts the button down', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/pages/public/retrieve');
    await settle(page);
    await page.getByLabel('邮箱').fill('nobody-e2e@example.com');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    // A second tab (or a reload) asks again at once.
    await page.reload();
    await settle(page);
    await page.getByLabel('邮箱').fill('nobody-e2e@example.com');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/发送过于频繁，请 \d+ 秒后再试/).waitFor();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    expect(onlyRefusals(phone.errors)).toEqual([]);
    await phone.context.close();
  });
});
