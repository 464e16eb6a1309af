import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import {
  expectAccessible,
  openPhone,
  settle,
  signInWithToken,
  startHarness,
  visit,
  type Harness,
} from './helpers/harness';

/** A new account by e-mail; its token. */
async function register(h: Harness, name: string): Promise<{ token: string; id: number }> {
  const res = await fetch(`${h.baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: name,
      email: `${name}@example.com`,
      password: `${name}12345`,
      repassword: `${name}12345`,
    }),
  });
  const { userinfo } = ((await res.json()) as { data: { userinfo: { token: string; id: number } } }).data;
  return userinfo;
}

describe('notification settings in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('turns SMS off for a shipped order from the personal center, keeps it after a reload, and bills stay on', async () => {
    const { token, id } = await register(h, 'tongzhi');
    // A bound mobile, as the bind page leaves it: SMS is one of this customer's channels.
    await h.database.db.update(users).set({ mobile: '+819011112222' }).where(eq(users.id, id));
    const phone = await openPhone(h);
    const { page } = phone;
    await signInWithToken(h, phone, token);
    await visit(h, phone, '/pages/user/index');
    await page.getByRole('link', { name: '通知设置' }).click();
    await page.waitForURL(/\/pages\/user\/notifications$/);
    await settle(page);
    await page.getByRole('heading', { name: '通知设置', level: 1 }).waitFor();
    await expectAccessible(page);

    // E-mail and SMS are here; WeChat is explained, not offered.
    const shipped = page.getByRole('group', { name: '订单已发货' });
    expect(await shipped.getByRole('switch').count()).toBe(2);
    await page.getByText('在微信中打开本页并登录后，可以接收微信通知。').waitFor();
    const sms = shipped.getByRole('switch', { name: '短信' });
    expect(await sms.isChecked()).toBe(true);
    await sms.click();
    await page.getByRole('status').filter({ hasText: '已关闭「订单已发货」的短信通知' }).waitFor();
    expect(await sms.isChecked()).toBe(false);
    expect(await sms.getAttribute('aria-disabled')).toBeNull();
    expect(await shipped.getByRole('switch', { name: '邮件' }).isChecked()).toBe(true);
    await expectAccessible(page);

    await page.reload();
    await settle(page);
    expect(
      await page.getByRole('group', { name: '订单已发货' }).getByRole('switch', { name: '短信' }).isChecked(),
    ).toBe(false);

    // Bills are on and cannot be switched, and the page says why.
    await page.getByText('账单和安全类消息（如验证码）无法关闭。').waitFor();
    const bill = page.getByRole('group', { name: '账单已出' }).getByRole('switch', { name: '邮件' });
    expect(await bill.isChecked()).toBe(true);
    expect(await bill.isDisabled()).toBe(true);

    // A save that fails puts the switch back and says so; the switch is held meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/notification_settings', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":0,"msg":"","data":{}}' });
    });
    const data = page.getByRole('group', { name: '高速流量已用完' }).getByRole('switch', { name: '邮件' });
    await data.click();
    expect(await data.isChecked()).toBe(false);
    await expect.poll(() => data.getAttribute('aria-disabled')).toBe('true');
    release();
    await page.getByRole('alert').filter({ hasText: '未能更改「高速流量已用完」的邮件通知' }).waitFor();
    expect(await data.isChecked()).toBe(true);
    expect(await data.getAttribute('aria-disabled')).toBeNull();
    await expectAccessible(page);
    await page.unroute('**/api/user/notification_settings');

    expect(phone.errors.filter((e) => !e.includes('500'))).toEqual([]);
    await phone.context.close();
  });

  it('reads in Japanese, and offers to bind a phone for SMS', async () => {
    const { token } = await register(h, 'tsuchi');
    const phone = await openPhone(h);
    const { page } = phone;
    // Before any script of the app runs: a page still starting up would write its own language back.
    await phone.context.addInitScript((t) => {
      localStorage.setItem('token', JSON.stringify(t));
      localStorage.setItem('lang', JSON.stringify('ja'));
    }, token);
    await visit(h, phone, '/pages/user/index');
    await page.getByRole('link', { name: '通知設定' }).click();
    await page.waitForURL(/\/pages\/user\/notifications$/);
    await settle(page);
    await expectAccessible(page);

    const bind = page.getByRole('link', { name: '電話番号を登録' });
    expect(await bind.getAttribute('href')).toBe('/h5/pages/user/bind');
    const shipped = page.getByRole('group', { name: 'SIM の発送' });
    expect(await shipped.getByRole('switch').count()).toBe(1);
    const mail = shipped.getByRole('switch', { name: 'メール' });
    await mail.click();
    await page.getByRole('status').filter({ hasText: '「SIM の発送」のメール通知をオフにしました' }).waitFor();
    await page.reload();
    await settle(page);
    expect(
      await page.getByRole('group', { name: 'SIM の発送' }).getByRole('switch', { name: 'メール' }).isChecked(),
    ).toBe(false);
    const bill = page.getByRole('group', { name: '請求の確定' }).getByRole('switch', { name: 'メール' });
    expect(await bill.isDisabled()).toBe(true);
    await page.getByText('請求とセキュリティに関するメッセージ（確認コードなど）はオフにできません。').waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
