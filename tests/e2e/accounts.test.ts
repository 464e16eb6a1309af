import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPhone, settle, startHarness, visit, type Harness } from './helpers/harness';
import { codeFromOutbox } from './helpers/outbox';

describe('accounts in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('registers, edits the profile, logs out and logs back in', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/pages/public/register');
    await page.getByLabel('用户名').fill('李华');
    await page.getByLabel('邮箱').fill('lihua@example.com');
    await page.getByLabel('密码', { exact: true }).fill('sakura123');
    await page.getByLabel('确认密码').fill('sakura123');
    await page.getByRole('button', { name: '注册' }).click();
    // Not agreed to the privacy policy yet: nothing is sent.
    await page.getByText('请先阅读并同意隐私协议').waitFor();
    await expectAccessible(page);
    await page.getByLabel('我已阅读并同意').check();
    await page.getByRole('button', { name: '注册' }).click();
    await page.waitForURL(/\/h5\/pages\/user\/index$/);
    await settle(page);
    await page.getByRole('heading', { name: '李华' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: '用户名与邮箱' }).click();
    await settle(page);
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('没有需要修改的数据').waitFor();
    await page.getByLabel('用户名').fill('李华华');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('保存成功').waitFor();
    await expectAccessible(page);
    await page.goBack();
    await settle(page);
    await page.getByRole('heading', { name: '李华华' }).waitFor();

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(/\/h5\/?$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await settle(page);
    await page.getByRole('link', { name: '登录' }).click();
    await settle(page);
    await page.getByLabel('邮箱').fill('lihua@example.com');
    await page.getByLabel('密码').fill('wrong1234');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('邮箱或密码错误').waitFor();
    await page.getByLabel('密码').fill('sakura123');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/h5\/pages\/user\/index$/);
    await settle(page);
    await page.getByRole('heading', { name: '李华华' }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('shows the exact message for mismatched passwords', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/pages/public/register');
    await page.getByLabel('用户名').fill('小王');
    await page.getByLabel('邮箱').fill('xw@example.com');
    await page.getByLabel('密码', { exact: true }).fill('abc12345');
    await page.getByLabel('确认密码').fill('abc12346');
    await page.getByLabel('我已阅读并同意').check();
    await page.getByRole('button', { name: '注册' }).click();
    const error = page.locator('.field-error');
    await error.first().waitFor();
    expect(await error.allTextContents()).toEqual(['两次密码输入不一致']);
    expect(await page.getByLabel('确认密码').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);
    await phone.context.close();
  });

  it('retrieves the password with the code read from the outbox', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    const signup = await page.request.post(`${h.baseUrl}/api/user/register`, {
      form: { username: 'forgetful', email: 'forget@example.com', password: 'oldpass123', repassword: 'oldpass123' },
    });
    expect((await signup.json()).code).toBe(1);
    await visit(h, phone, '/pages/public/retrieve');
    await page.getByLabel('邮箱').fill('forget@example.com');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    const code = await codeFromOutbox(page, h.baseUrl, 'forget@example.com');
    await page.getByLabel('验证码').fill(code);
    await page.getByLabel('新密码').fill('newpass456');
    await page.getByLabel('确认密码').fill('newpass456');
    await page.getByRole('button', { name: '重置密码' }).click();
    await page.waitForURL(/\/h5\/pages\/user\/index$/);
    await settle(page);
    await page.getByRole('heading', { name: 'forgetful' }).waitFor();
    const relogin = await page.request.post(`${h.baseUrl}/api/user/login`, {
      form: { email: 'forget@example.com', password: 'newpass456' },
    });
    expect((await relogin.json()).code).toBe(1);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it("activates a card buyer's account with the mailed code", async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    const fast = await page.request.post(`${h.baseUrl}/api/user/fast_register`, {
      form: { email: 'buyer@example.com' },
    });
    expect((await fast.json()).code).toBe(1);
    // The welcome mail holds the first code; the screen can also ask for one after a minute.
    const code = await codeFromOutbox(page, h.baseUrl, 'buyer@example.com');
    await visit(h, phone, `/pages/public/activate?email=${encodeURIComponent('buyer@example.com')}`);
    expect(await page.getByLabel('邮箱').inputValue()).toBe('buyer@example.com');
    await page.getByLabel('验证码').fill(code);
    await page.getByLabel('新密码').fill('buyer1234');
    await page.getByLabel('确认密码').fill('buyer1234');
    await page.getByRole('button', { name: '激活并登录' }).click();
    await page.waitForURL(/\/h5\/pages\/user\/index$/);
    await settle(page);
    await page.getByText('buyer@example.com').waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('sends a visitor from a guarded deep link to login and back to that page', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/pages/user/edit`);
    await page.waitForURL(/\/h5\/pages\/public\/login\?redirect=/);
    await settle(page);
    await expectAccessible(page);
    await page.getByLabel('邮箱').fill('lihua@example.com');
    await page.getByLabel('密码').fill('sakura123');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/h5\/pages\/user\/edit$/);
    await settle(page);
    expect(await page.getByLabel('用户名').inputValue()).toBe('李华华');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
