import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, refunds, sandboxTrades } from '../../server/db/schema';
import { runCommand } from '../../server/ops/cli';
import { transitionOrder } from '../../server/orders/orders';
import { expectAccessible, openPhone, settle, startHarness, type Harness, type PhonePage } from './helpers/harness';
import { placeOrder } from './helpers/orders';

// Issue 19: the staff console at /admin/ in Chromium at desktop size, axe on every page it
// shows. A reviewer sets up TOTP and sends an order back with a template reason; the customer
// reads it in Japanese and resubmits; the reviewer approves; fulfilment ships; finance refunds
// a duplicate payment. No customer page ever asks for a console file.

/** ADMIN_SCREENSHOTS=<folder> keeps pictures of the sign-in set-up and the review page. */
const shots = process.env.ADMIN_SCREENSHOTS ?? '';
const documents = join(__dirname, '..', 'fixtures', 'documents');

interface Desk {
  context: BrowserContext;
  page: Page;
  errors: string[];
  /** Every URL the console asked for (to check the watcher sees console files at all). */
  requests: string[];
}

/** A console file: the page, its scripts and styles, or its API. */
const isConsoleUrl = (url: string) => /^\/admin(\/|$)|\/assets\/admin\/|^\/api\/admin\//.test(new URL(url).pathname);

describe('the staff console in Chromium at 1366x768', () => {
  let h: Harness;
  /** Console files any customer page asked for: must stay empty. */
  const fromCustomers: string[] = [];
  const desks: Desk[] = [];

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    for (const desk of desks) await desk.context.close().catch(() => undefined);
    await h?.close();
  });

  /** A customer's phone whose every request is watched for console files. */
  async function customerPhone(): Promise<PhonePage> {
    const phone = await openPhone(h);
    phone.page.on('request', (request) => {
      if (isConsoleUrl(request.url())) fromCustomers.push(request.url());
    });
    return phone;
  }

  async function openDesk(): Promise<Desk> {
    const context = await h.browser.newContext({
      viewport: { width: 1366, height: 768 },
      deviceScaleFactor: 1,
      locale: 'zh-CN',
      timezoneId: 'Asia/Tokyo',
    });
    const page = await context.newPage();
    const desk: Desk = { context, page, errors: [], requests: [] };
    page.on('console', (message) => {
      // The console asks who is signed in at start (401 before sign-in) and shows a 403 as
      // "your role cannot do this": Chromium logs both answers, which are expected here.
      if (message.type() === 'error' && !/status of 40[13]/.test(message.text())) desk.errors.push(message.text());
    });
    page.on('pageerror', (error) => desk.errors.push(error.message));
    page.on('request', (request) => desk.requests.push(request.url()));
    desks.push(desk);
    return desk;
  }

  /** The console's page is drawn and nothing on it is loading. */
  async function settled(page: Page): Promise<void> {
    await page.waitForSelector('main');
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
  }

  async function check(page: Page): Promise<void> {
    await settled(page);
    await expectAccessible(page);
  }

  async function addStaff(role: string, login: string, name: string): Promise<string> {
    const out = await runCommand(['staff', 'add', login, '--role', role, '--name', name], {
      db: h.database.db,
      vault: h.vault,
      actor: 'e2e',
    });
    const password = /one-time password: (\S+)/.exec(out)?.[1];
    if (!password) throw new Error(`no one-time password in: ${out}`);
    return password;
  }

  /**
   * The first sign-in as a new staff member would do it: the one-time password, the
   * authenticator set up from the QR page's secret, a password of their own.
   */
  async function firstSignIn(desk: Desk, login: string, password: string, screenshots = false): Promise<void> {
    const { page } = desk;
    await page.goto(`${h.baseUrl}/admin/`);
    await page.getByRole('heading', { name: '员工登录' }).waitFor();
    await check(page);
    await page.getByLabel('员工账号').fill(login);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录' }).click();

    await page.getByRole('heading', { name: '设置两步验证' }).waitFor();
    await page.getByAltText('身份验证器设置二维码').waitFor();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await check(page);
    if (screenshots && shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: join(shots, 'sign-in-totp-setup-cn.png') });
      await page.getByRole('button', { name: '日本語' }).click();
      await page.getByRole('heading', { name: '2 段階認証の設定' }).waitFor();
      await check(page);
      await page.screenshot({ path: join(shots, 'sign-in-totp-setup-ja.png') });
      await page.getByRole('button', { name: '中文' }).click();
      await page.getByRole('heading', { name: '设置两步验证' }).waitFor();
    }
    // A wrong code is refused beside the field, and the page stays.
    await page.getByLabel('6 位验证码').fill('000000');
    await page.getByRole('button', { name: '确认并继续' }).click();
    await page.locator('.field-error, .form-error').first().waitFor();
    await check(page);
    await page.getByLabel('6 位验证码').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
    await page.getByRole('button', { name: '确认并继续' }).click();

    await page.getByRole('heading', { name: '设置您的密码' }).waitFor();
    await check(page);
    await page.getByLabel('新密码', { exact: true }).fill(`${login}-own-password-2026`);
    await page.getByLabel('再次输入新密码').fill(`${login}-own-password-2026`);
    await page.getByRole('button', { name: '保存密码并进入后台' }).click();
    await page.getByRole('navigation', { name: '后台菜单' }).waitFor();
    await check(page);
  }

  /** The left nav's entries: what the role may use, and only that. */
  const navOf = async (page: Page) =>
    (await page.getByRole('navigation', { name: '后台菜单' }).getByRole('link').allTextContents()).map((s) => s.trim());

  // Whole journeys across four roles and a customer: documents are drawn one decode slot at a
  // time, so on a loaded 2-core machine they outlast the project's 60 s per test.
  const JOURNEY_MS = 180_000;

  it(
    'a reviewer rejects with a template, the customer resubmits in Japanese, approval, shipping, a refund',
    async () => {
      // A customer's order waiting for review.
      const phone = await customerPhone();
      const api = phone.page.request;
      const signup = await api.post(`${h.baseUrl}/api/user/register`, {
        form: { username: 'deskbuyer', email: 'deskbuyer@example.com', password: 'buyer1234', repassword: 'buyer1234' },
      });
      const token = ((await signup.json()).data as { userinfo: { token: string } }).userinfo.token;
      const orderNo = await placeOrder(api, h.baseUrl, token, 'deskbuyer', '1');
      const db = h.database.db;
      const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
      for (const to of ['paid', 'under_review'] as const) await transitionOrder(db, row!.id, to, 'system');

      // The reviewer signs in for the first time and finds the order in the queue.
      const reviewer = await openDesk();
      await firstSignIn(reviewer, 'rev1', await addStaff('reviewer', 'rev1', '审核 花子'), true);
      const { page } = reviewer;
      expect(await navOf(page)).toEqual(['资料审核', 'eSIM 库存', '操作记录']);
      await page.getByRole('heading', { name: '待审核订单' }).waitFor();
      await page.getByRole('link', { name: orderNo }).click();

      // The documents beside the customer's data, zoomed and turned.
      await page.getByRole('heading', { name: `订单 ${orderNo}` }).waitFor();
      await page.getByRole('img', { name: /护照照片页/ }).waitFor();
      await check(page);
      expect(await page.locator('.customer-data').getByText('王', { exact: true }).count()).toBeGreaterThan(0);
      const passport = page.locator('section.document', { has: page.getByRole('heading', { name: /护照照片页/ }) });
      await passport.getByRole('button', { name: '放大' }).click();
      await passport.getByRole('button', { name: '向右旋转' }).click();
      await expect.poll(() => passport.getByRole('img').getAttribute('data-rotation')).toBe('90');
      await passport.getByRole('button', { name: '复原' }).click();
      if (shots) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(shots, 'review-cn.png') });
        await page.screenshot({ path: join(shots, 'review-cn-full.png'), fullPage: true });
        await page.getByRole('button', { name: '日本語' }).click();
        await page.getByRole('heading', { name: `注文 ${orderNo}` }).waitFor();
        await check(page);
        await page.mouse.move(0, 400);
        await page.screenshot({ path: join(shots, 'review-ja.png') });
        await page.getByRole('button', { name: '中文' }).click();
        await page.getByRole('heading', { name: `订单 ${orderNo}` }).waitFor();
      }

      // Sent back: the passport, with a template reason; both languages' wording is on screen.
      await page.getByLabel('退回护照照片页').check();
      await page.getByLabel('原因（模板）').selectOption('glare_or_cropped');
      const wording = page.locator('.customer-wording');
      await wording.getByText('照片反光或没有拍全').waitFor();
      await wording.getByText('光の反射があるか、全体が写っていません').waitFor();
      await check(page);
      await page.getByRole('button', { name: '退回给客户' }).click();
      await page.getByText('已保存，订单状态：资料被驳回。').waitFor();
      // Nothing else waits for review: the console says so instead of offering a next order.
      await page.getByText('待审核队列已清空。').waitFor();
      await check(page);

      // The customer reads why in Japanese, replaces the passport and sends it back.
      await phone.page.goto(`${h.baseUrl}/h5/`);
      await phone.page.evaluate((t) => {
        localStorage.setItem('token', JSON.stringify(t));
        localStorage.setItem('lang', JSON.stringify('ja'));
      }, token);
      await phone.page.goto(`${h.baseUrl}/h5/pages/process/pay`);
      await phone.page.locator('.order-status').getByText('差し戻し').waitFor();
      await settle(phone.page);
      await phone.page.getByText('修正が必要な書類：パスポート顔写真ページ').waitFor();
      await phone.page.getByText('理由：光の反射があるか、全体が写っていません').waitFor();
      await expectAccessible(phone.page);
      await phone.page.getByRole('button', { name: '修正して再提出' }).click();
      await phone.page.getByRole('button', { name: '再審査に提出' }).waitFor();
      await phone.page.getByTestId('file-identityDoc').setInputFiles(join(documents, 'passport.jpg'));
      await phone.page.getByText('アップロード済み：passport.jpg').waitFor();
      await phone.page.getByRole('button', { name: '再審査に提出' }).click();
      await phone.page.waitForURL(/\/h5\/pages\/process\/pay$/);
      await phone.page.locator('.order-status').getByText('審査中', { exact: true }).waitFor();
      expect(phone.errors).toEqual([]);

      // Back in the queue, marked as resubmitted; the reviewer ticks the checklist and approves.
      await page.getByRole('link', { name: '资料审核' }).click();
      const queued = page.getByRole('row', { name: new RegExp(orderNo) });
      await queued.getByText('重新提交').waitFor();
      await check(page);
      await queued.getByRole('link', { name: orderNo }).click();
      await page.getByRole('img', { name: /护照照片页/ }).waitFor();
      // Approving with the checklist unticked is refused by the server, and says so.
      await page.getByRole('button', { name: '审核通过' }).click();
      await page.getByText('请先完成全部核对项目再批准').waitFor();
      for (const item of [
        '姓名和出生日期与在留卡一致',
        '在留卡在有效期内',
        '地址与在留卡一致，或有 3 个月内的地址证明',
        '签证类型与填写的一致',
      ])
        await page.getByLabel(item).check();
      await page.getByRole('button', { name: '审核通过' }).click();
      await page.getByText('已保存，订单状态：审核通过。').waitFor();
      await check(page);
      // The reviewer finds the approval, and each look at a document, on their audit page.
      await page.getByRole('navigation', { name: '后台菜单' }).getByRole('link', { name: '操作记录' }).click();
      await page.getByText('只显示您本人的操作；完整的审计日志仅管理员可见。').waitFor();
      // Actions in words (admin.audit.actions), not the codes the trail stores.
      await page.getByRole('row', { name: new RegExp(`审核通过.*${orderNo}`) }).waitFor();
      await page
        .getByRole('row', { name: /查看证件/ })
        .first()
        .waitFor();
      await check(page);

      // Fulfilment ships it; the review queue is not theirs, whatever the address bar says.
      const fulfilment = await openDesk();
      await firstSignIn(fulfilment, 'ful1', await addStaff('fulfilment', 'ful1', '发货 太郎'));
      const desk = fulfilment.page;
      expect(await navOf(desk)).toEqual(['发货与开通', 'eSIM 库存', '操作记录']);
      await desk.getByRole('heading', { name: '发货与开通' }).waitFor();
      await desk.getByRole('link', { name: orderNo }).click();
      await desk.getByRole('heading', { name: `订单 ${orderNo}` }).waitFor();
      await desk.getByText('您的角色不能查看证件资料。').waitFor();
      await check(desk);
      await desk.getByLabel('快递公司').selectOption('japanpost');
      await desk.getByLabel('运单号').fill('EJ123456789JP');
      await desk.getByRole('button', { name: '登记发货' }).click();
      await desk.getByText('已保存，订单状态：已发货。').waitFor();
      await desk.getByRole('heading', { name: '开通线路' }).waitFor();
      await check(desk);
      await desk.goto(`${h.baseUrl}/admin/review`);
      await desk.getByText('您的角色不能执行此操作').waitFor();
      await check(desk);

      // The order was paid twice: the surplus payment's refund failed five times and waits for staff.
      const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
      const paid = {
        userId: order!.userId,
        targetType: 'order',
        targetId: order!.id,
        amount: order!.total,
        status: 'paid',
        paidAt: new Date(),
      };
      await db.insert(payments).values({ ...paid, paymentNo: 'PDESK1', method: 'card', scene: 'card' });
      const [surplus] = await db
        .insert(payments)
        .values({ ...paid, paymentNo: 'PDESK2', method: 'wechat', scene: 'h5', closedAt: new Date() })
        .returning();
      await db.insert(sandboxTrades).values({
        tradeNo: 'wx-desk-2',
        provider: 'wechat',
        paymentNo: 'PDESK2',
        amount: order!.total,
        status: 'paid',
      });
      await db.insert(refunds).values({
        refundNo: 'RDESK1',
        paymentId: surplus!.id,
        amount: order!.total,
        reason: 'duplicate',
        status: 'failed',
        attempts: 5,
        lastError: 'SYSTEMERROR',
      });

      // Finance pushes it again from the refunds page; the provider pays it back.
      const finance = await openDesk();
      await firstSignIn(finance, 'fin1', await addStaff('finance', 'fin1', '财务 次郎'));
      const money = finance.page;
      expect(await navOf(money)).toEqual(['eSIM 库存', '支付记录', '退款', '账单', '流量导入', '操作记录']);
      await money.getByRole('link', { name: '退款', exact: true }).click();
      await money.getByRole('heading', { name: '退款' }).waitFor();
      const waiting = money.getByRole('row', { name: /RDESK1/ });
      await waiting.getByText('失败，等待处理').waitFor();
      await waiting.getByText('重复支付').waitFor();
      await check(money);
      // It asks first, naming what goes back; the dialog passes axe too.
      await waiting.getByRole('button', { name: '重试退款 RDESK1' }).click();
      const retry = money.getByRole('dialog', { name: '确认重试退款' });
      await retry.getByText(/RDESK1/).waitFor();
      await check(money);
      await retry.getByRole('button', { name: '重试退款', exact: true }).click();
      await waiting.getByText('已退款').waitFor();
      await money
        .getByRole('status')
        .getByText(/退款 RDESK1（¥[\d,]+）已重新提交/)
        .waitFor();
      await check(money);
      await waiting.getByRole('link', { name: 'PDESK2' }).click();
      await money.getByRole('heading', { name: '支付 PDESK2' }).waitFor();
      await check(money);

      // The customer's pages asked for no console file; the console's did (the watch works).
      expect(fromCustomers).toEqual([]);
      expect(reviewer.requests.some((url) => url.includes('/h5/assets/admin/'))).toBe(true);
      for (const d of [reviewer, fulfilment, finance]) expect(d.errors).toEqual([]);
      await phone.context.close();
    },
    JOURNEY_MS,
  );

  it(
    'an admin reaches every area, each page passes axe, and a lost session returns to sign-in',
    async () => {
      const admin = await openDesk();
      await firstSignIn(admin, 'adm1', await addStaff('admin', 'adm1', '管理 三郎'));
      const { page } = admin;
      expect(await navOf(page)).toEqual([
        '资料审核',
        '发货与开通',
        'eSIM 库存',
        '客户',
        '支付记录',
        '退款',
        '账单',
        '流量导入',
        '操作记录',
        '员工账号',
      ]);
      const open = async (link: string, heading: string) => {
        await page.getByRole('navigation', { name: '后台菜单' }).getByRole('link', { name: link, exact: true }).click();
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        await check(page);
      };
      await open('发货与开通', '发货与开通');
      await open('eSIM 库存', 'eSIM 库存');

      // A customer found by e-mail, their page, a support action refused with the server's reason,
      // and an address change whose missing fields are named beside each field.
      const signup = await page.request.post(`${h.baseUrl}/api/user/register`, {
        form: { username: 'findme', email: 'findme@example.com', password: 'buyer1234', repassword: 'buyer1234' },
      });
      expect(signup.status()).toBe(200);
      await open('客户', '查找客户');
      await page.getByLabel('邮箱、手机号、订单号或账单号').fill('findme@example.com');
      await page.getByRole('button', { name: '查找' }).click();
      await page.getByRole('link', { name: 'findme' }).click();
      await page.getByRole('heading', { name: '客户 findme' }).waitFor();
      await check(page);
      await page.getByRole('button', { name: '重新发送激活邮件' }).click();
      await page.getByText('该账户已设置密码或没有邮箱，无需激活').waitFor();
      await page.getByRole('button', { name: '变更地址' }).click();
      await page.locator('.field-error').first().waitFor();
      await check(page);

      await open('支付记录', '支付记录');
      await open('退款', '退款');
      await open('账单', '账单');
      await page.getByRole('button', { name: '生成账单' }).click();
      const run = page.getByRole('dialog', { name: '确认生成账单' });
      await run.getByText(/将为 \d{4}年\d{1,2}月 生成 \d+ 张账单/).waitFor();
      await check(page);
      await run.getByRole('button', { name: '生成账单', exact: true }).click();
      await page.getByText(/已为 \d{4}年\d{1,2}月 生成 \d+ 张账单/).waitFor();
      await check(page);

      // The usage file's dry run shows what is wrong before anything is written.
      await open('流量导入', '导入流量数据');
      await page.getByLabel('文件内容（可直接粘贴）').fill('070-9999-0000,2026-11-01,100\n');
      await page.getByRole('button', { name: '试运行' }).click();
      await page.getByRole('heading', { name: '试运行结果（尚未写入）' }).waitFor();
      expect(await page.getByRole('button', { name: '正式导入' }).isDisabled()).toBe(true);
      await check(page);

      // The audit trail, filtered, and the same filter as CSV.
      await open('操作记录', '操作记录');
      await page.getByLabel('操作', { exact: true }).fill('staff-add');
      await page.getByRole('button', { name: '筛选', exact: true }).click();
      await page.getByRole('cell', { name: 'adm1', exact: true }).waitFor();
      await check(page);
      const csvHref = await page.getByRole('link', { name: '导出 CSV' }).getAttribute('href');
      expect(csvHref).toBe('/api/admin/audit.csv?action=staff-add');
      const csv = await page.request.get(`${h.baseUrl}${csvHref}`);
      expect(csv.status()).toBe(200);
      expect(await csv.text()).toContain('adm1');

      await open('员工账号', '员工账号');
      await page.getByRole('cell', { name: 'adm1', exact: true }).waitFor();

      // The session is gone (expired, or ended elsewhere): the next call returns to sign-in.
      await admin.context.clearCookies();
      await page.getByRole('navigation', { name: '后台菜单' }).getByRole('link', { name: '资料审核' }).click();
      await page.getByText('登录已过期，请重新登录。').waitFor();
      await page.getByRole('heading', { name: '员工登录' }).waitFor();
      await check(page);
      expect(admin.errors).toEqual([]);
    },
    JOURNEY_MS,
  );
});
