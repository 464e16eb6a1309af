// Proves `npm run dev` is a working development setup, not just a page server: in a real
// browser on the Vite origin it registers, reads a code from the outbox, pays by card (also
// through 3-D Secure), signs in through the sandbox WeChat consent page, and then checks that
// stopping npm leaves no process behind. By hand: `npx tsx scripts/dev-smoke.ts`
// (PORT and VITE_PORT choose the ports; Debian's Chromium at /usr/bin/chromium).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { placeOrder } from '../tests/e2e/helpers/orders';
import { chromium, type Browser, type Page } from 'playwright-core';

const root = join(import.meta.dirname, '..');
const apiPort = Number(process.env.PORT ?? 4401);
const vitePort = Number(process.env.VITE_PORT ?? 4402);
const origin = `http://localhost:${vitePort}`;
const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const agents = JSON.parse(readFileSync(join(root, 'tests/fixtures/user-agents.json'), 'utf8')) as {
  cases: { ua: string; expect: string }[];
};
const wechatUa = agents.cases.find((c) => c.expect === 'wechat')?.ua ?? '';

const log = (line: string) => console.log(`[smoke] ${line}`);

/** Every step must end on the hot-reloading app, not on the API's own port. */
function onVite(page: Page): string {
  if (!page.url().startsWith(`${origin}/`)) throw new Error(`left the Vite origin: ${page.url()}`);
  return page.url();
}

function groupMembers(pgid: number): string[] {
  const ps = spawnSync('ps', ['-o', 'pid=,args=', '-g', String(pgid)], { encoding: 'utf8' });
  return ps.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

async function waitFor(url: string, seconds: number): Promise<void> {
  for (let i = 0; i < seconds * 2; i += 1) {
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** Opens an app page and waits until React has taken it over. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${origin}/h5${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
}

async function payByCard(page: Page, card: string): Promise<void> {
  await open(page, '/pages/process/pay');
  await page.getByRole('button', { name: '信用卡支付' }).click();
  await page.getByLabel('卡号').fill(card);
  await page.getByLabel('有效期').fill('1230');
  await page.getByLabel('安全码').fill('123');
  await page.getByLabel('持卡人姓名').fill('wang fang');
  await page.getByRole('button', { name: '确认支付' }).click();
}

async function customerFlows(browser: Browser): Promise<void> {
  const name = `dev${Date.now().toString(36)}`;
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: iphoneSafari,
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') log(`console error on ${page.url()}: ${m.text().split('\n')[0]}`);
  });
  const viteClient: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/@vite/client')) viteClient.push(r.url());
  });

  await open(page, '/pages/public/register');
  await page.getByLabel('用户名').fill(name);
  await page.getByLabel('邮箱').fill(`${name}@example.com`);
  await page.getByLabel('密码', { exact: true }).fill('sakura123');
  await page.getByLabel('确认密码').fill('sakura123');
  await page.getByLabel('我已阅读并同意').check();
  await page.getByRole('button', { name: '注册' }).click();
  await page.waitForURL(/\/h5\/pages\/user\/index$/);
  await page.getByRole('heading', { name }).waitFor();
  log(
    `registered ${name} in the app served by Vite (${page.url()}); Vite's HMR client loaded: ${viteClient.length > 0}`,
  );

  await open(page, '/pages/public/retrieve');
  await page.getByLabel('邮箱').fill(`${name}@example.com`);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const outbox = await context.newPage();
  let code = '';
  for (let i = 0; i < 40 && !code; i += 1) {
    await outbox.goto(`${origin}/dev/outbox?to=${encodeURIComponent(`${name}@example.com`)}`);
    code = /\b(\d{6})\b/.exec((await outbox.locator('tbody tr').first().textContent()) ?? '')?.[1] ?? '';
    if (!code) await outbox.waitForTimeout(250);
  }
  if (!code) throw new Error('no code in the outbox');
  log(`read the password-reset code ${code} from ${outbox.url()}`);
  await outbox.close();

  const token = JSON.parse((await page.evaluate(() => localStorage.getItem('token'))) ?? '""') as string;
  const orderNo = await placeOrder(page.request, origin, token, name);
  const tokenScript = page.waitForResponse((r) => r.url().includes('/sandbox/gmo/token.js'));
  await payByCard(page, '4111111111111111');
  log(`card token script: ${(await tokenScript).status()} from ${(await tokenScript).url()}`);
  await page.getByRole('heading', { name: '购卡订单支付成功' }).waitFor();
  log(`order ${orderNo} paid by card 4111 1111 1111 1111; success page at ${onVite(page)}`);

  const secondOrder = await placeOrder(page.request, origin, token, name);
  await payByCard(page, '4000000000003220');
  await page.waitForURL(/\/sandbox\/gmo\/3ds/);
  log(`3-D Secure challenge page at ${onVite(page).split('?')[0]}`);
  await page.getByRole('button').first().click();
  await page.getByRole('heading', { name: '购卡订单支付成功' }).waitFor();
  log(`order ${secondOrder} paid through 3-D Secure; came back to ${onVite(page)}`);
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  await context.close();
}

async function wechatSignIn(browser: Browser): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: wechatUa,
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  await open(page, '/');
  await page.goto(`${origin}/h5/pages/user/index`);
  await page.waitForURL(/\/sandbox\/wechat\/authorize\?/);
  log(`WeChat consent page at ${onVite(page).split('?')[0]}`);
  await page.getByLabel('沙箱微信昵称').fill('开发小李');
  await page.getByRole('button', { name: '允许' }).click();
  await page.waitForURL((url) => url.pathname === '/h5/pages/user/index' && !url.searchParams.has('code'));
  await page.getByRole('heading', { name: '开发小李' }).waitFor();
  log(`signed in through WeChat consent as 开发小李, back on ${onVite(page)}`);
  await context.close();
}

const dataDir = mkdtempSync(join(tmpdir(), 'dev-smoke-'));
const dev = spawn('npm', ['run', 'dev'], {
  cwd: root,
  detached: true,
  env: { ...process.env, PORT: String(apiPort), VITE_PORT: String(vitePort), DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
dev.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
dev.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
const pgid = dev.pid ?? 0;

let failed = false;
let browser: Browser | undefined;
try {
  await waitFor(`${origin}/healthz`, 180);
  log(`npm run dev is up: Vite ${origin}, API 127.0.0.1:${apiPort}, data in ${dataDir}`);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });
  await customerFlows(browser);
  await wechatSignIn(browser);
} catch (error) {
  failed = true;
  console.error(error);
  console.error(output.split('\n').slice(-40).join('\n'));
} finally {
  await browser?.close();
  // Stop npm as a terminal or a process manager would, then look for anything it left behind.
  process.kill(pgid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 8000));
  const left = groupMembers(pgid);
  if (left.length) {
    failed = true;
    log(`left running after npm run dev got SIGTERM:\n${left.join('\n')}`);
    process.kill(-pgid, 'SIGKILL');
  } else log('SIGTERM to npm run dev: no process of it is left');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
