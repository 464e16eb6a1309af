import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  openPhone,
  settle,
  signInWithToken,
  startHarness,
  visit,
  type Harness,
} from './helpers/harness';
import { sign } from './helpers/signature';

const doc = (name: string) => join(__dirname, '..', 'fixtures', 'documents', name);

async function upload(page: Page, field: string, file: string) {
  await page.getByTestId(`file-${field}`).setInputFiles(doc(file));
  await page
    .locator(`[data-testid="file-${field}"]`)
    .locator('xpath=ancestor::div[contains(@class,"upload-field")]')
    .getByText(/已上传/)
    .waitFor();
}

describe('buying a SIM in Chromium at phone size, in Chinese', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('goes from plan to placed order, surviving a reload in step 2 and redoing the signature', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/');
    await page.getByRole('link', { name: '立即购买电话卡' }).click();
    await page.getByRole('heading', { name: '套餐说明' }).waitFor();
    await settle(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('请选择套餐').waitFor();
    await page.getByRole('button', { name: '选择此套餐' }).nth(1).click();
    await page.getByRole('button', { name: '下一步' }).click();

    await page.getByRole('heading', { name: '个人信息', exact: true }).waitFor();
    await page.getByLabel('姓', { exact: true }).fill('李');
    await page.getByLabel('名', { exact: true }).fill('华');
    await page.getByLabel('邮箱').fill('buyer.flow@example.com');
    await page.getByLabel('出生日期').fill('1999-04-12');
    await page.getByLabel('邮编').fill('171-0021');
    await expect.poll(() => page.getByLabel('都道府县').inputValue()).toBe('東京都');
    expect(await page.getByLabel('市区町村').inputValue()).toBe('豊島区');
    await page.getByLabel('街道门牌（丁目・番地）').fill('1-2-3');
    await page.getByLabel('收件人手机号').fill('090-1234-5678');
    await expectAccessible(page);

    // Upload buttons are off before there is an account, and each says why.
    expect(await page.getByText('登录或用上面填写的邮箱继续后即可上传').count()).toBeGreaterThanOrEqual(3);
    // Not signed in: continue with the e-mail just given.
    await page.getByRole('button', { name: '用此邮箱继续' }).click();
    await page.getByRole('button', { name: '用此邮箱继续' }).waitFor({ state: 'detached' });
    await upload(page, 'residenceFront', 'residence-front.jpg');
    await upload(page, 'residenceBack', 'residence-back.jpg');

    await page.reload();
    await settle(page);
    await page.getByRole('heading', { name: '个人信息', exact: true }).waitFor();
    expect(await page.getByLabel('姓', { exact: true }).inputValue()).toBe('李');
    expect(await page.getByLabel('邮编').inputValue()).toBe('171-0021');
    expect(await page.getByLabel('街道门牌（丁目・番地）').inputValue()).toBe('1-2-3');
    await page.getByText('已上传：residence-back.jpg').waitFor();
    await page.locator('.upload-preview img').first().waitFor();

    await upload(page, 'identityDoc', 'passport.jpg');
    // A different mailing address demands the proof.
    await page.getByText('不一致', { exact: true }).click();
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('邮寄地址与在留卡地址不一致时，请补充地址证明').first().waitFor();
    await expectAccessible(page);
    await page.getByText('一致', { exact: true }).click();
    await page.getByRole('button', { name: '下一步' }).click();

    await page.getByRole('heading', { name: '服务条款' }).waitFor();
    await page.getByText('一、服务内容').waitFor();
    await settle(page);
    await page.getByRole('button', { name: '同意条款并提交订单' }).click();
    await page.getByText('请先签名').waitFor();
    await sign(page);
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('purchase') ?? '{}').image?.length ?? 0))
      .toBeGreaterThan(100);
    await page.getByRole('button', { name: '重新签名' }).click();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('purchase') ?? '{}').image)).toBe('');
    await sign(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: '同意条款并提交订单' }).click();

    await page.waitForURL(/\/h5\/pages\/process\/pay$/);
    await page.locator('.order-status').getByText('待支付').waitFor();
    await settle(page);
    expect(await page.locator('.order-total').textContent()).toContain('3,080 日元');
    expect(await page.getByText('请在以下时间内完成支付').isVisible()).toBe(true);
    expect(await page.locator('.countdown-time').textContent()).toMatch(/^(29|30):\d\d$/);
    expect(await page.getByRole('button', { name: '信用卡支付' }).isVisible()).toBe(true);
    await expectAccessible(page);
    // The draft is gone once the order is placed.
    expect(await page.evaluate(() => localStorage.getItem('purchase'))).toBeNull();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('shows the size message for an 11 MB file and sends nothing', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    const signup = await page.request.post(`${h.baseUrl}/api/user/register`, {
      form: { username: 'bigfile', email: 'bigfile@example.com', password: 'bigfile123', repassword: 'bigfile123' },
    });
    const { userinfo } = (await signup.json()).data as { userinfo: { token: string } };
    await signInWithToken(h, phone, userinfo.token);
    await visit(h, phone, '/pages/process/information');
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/common/upload')) uploads += 1;
    });
    const jpeg = readFileSync(doc('residence-front.jpg'));
    // A path, not a buffer: Playwright hands a local browser the path, where a buffer would
    // cross the DevTools pipe as 15 MB of base64.
    const big = join(mkdtempSync(join(tmpdir(), 'sim-big-')), 'huge.jpg');
    writeFileSync(big, Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024 - jpeg.length)]));
    await page.getByTestId('file-residenceFront').setInputFiles(big);
    await page.getByText('文件不能超过 10M').first().waitFor();
    // Said once, under the field it belongs to (it was said four times).
    expect(await page.getByText('文件不能超过 10M').count()).toBe(1);
    rmSync(dirname(big), { recursive: true, force: true });
    expect(uploads).toBe(0);
    // A file the server refuses (not an image at all) is also said once, in the server's words.
    const fake = join(mkdtempSync(join(tmpdir(), 'sim-fake-')), 'fake.jpg');
    writeFileSync(fake, 'this is not a photo of a residence card');
    await page.getByTestId('file-residenceBack').setInputFiles(fake);
    const refusal = page.locator('.upload-field').nth(1).locator('.field-error');
    await refusal.waitFor();
    const words = (await refusal.textContent()) ?? '';
    expect(words.length).toBeGreaterThan(0);
    expect(await page.getByText(words, { exact: true }).count()).toBe(1);
    rmSync(dirname(fake), { recursive: true, force: true });
    await expectAccessible(page);
    await phone.context.close();
  });
});
