import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { freshDatabase, type TestDatabase } from './helpers/databases';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';

const DOCUMENT_KEY = Buffer.alloc(32, 7).toString('base64');
const root = join(__dirname, '..', '..');

/** Every provider live: what a real production site sets. */
const LIVE = {
  NODE_ENV: 'production',
  DOCUMENT_KEY,
  GMO_MODE: 'live',
  GMO_SHOP_ID: 'tshop0001',
  GMO_SHOP_PASS: 'pass',
  GMO_TOKEN_SCRIPT_URL: 'https://static.mul-pay.jp/ext/js/token.js',
  WECHAT_MODE: 'live',
  WECHAT_APP_ID: 'wx1234',
  WECHAT_APP_SECRET: 'secret',
  WECHAT_AUTHORIZE_URL: 'https://open.weixin.qq.com/connect/oauth2/authorize',
  WECHAT_PAY_MCHID: '1900000001',
  WECHAT_PAY_SERIAL: 'serial',
  WECHAT_PAY_PRIVATE_KEY: 'key',
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: 'key',
  WECHAT_PAY_API_V3_KEY: 'k'.repeat(32),
  ALIPAY_MODE: 'live',
  ALIPAY_APP_ID: '2021000000000000',
  ALIPAY_PRIVATE_KEY: 'key',
  ALIPAY_PUBLIC_KEY: 'key',
  SMS_GATEWAY_URL: 'https://sms.example/send',
  SMS_API_KEY: 'k',
  SMTP_URL: 'smtps://user:pass@mail.example:465',
  EKYC_MODE: 'live',
  EKYC_API_TOKEN: 'token',
  EKYC_WEBHOOK_SECRET: 'whsec',
  ESIM_MODE: 'live',
  ESIM_API_TOKEN: 'token',
  LINE_PLATFORM_MODE: 'live',
  LINE_API_TOKEN: 'token',
  ESIM_WEBHOOK_SECRET: 'whsec',
};

const without = (...names: (keyof typeof LIVE)[]) =>
  Object.fromEntries(Object.entries(LIVE).filter(([name]) => !names.includes(name as keyof typeof LIVE)));

/** Runs the real entry point with only `env` (and PATH): its exit code and everything it printed. */
async function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sim-prod-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: '8111', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}

describe('production never runs a stand-in', () => {
  it('refuses production with only DOCUMENT_KEY set, naming every variable to set', () => {
    let problem = '';
    try {
      loadConfig({ NODE_ENV: 'production', DOCUMENT_KEY });
    } catch (error) {
      problem = (error as Error).message;
    }
    expect(problem).toMatch(/^Refusing to start/);
    for (const name of [
      'GMO_MODE',
      'GMO_SHOP_ID',
      'WECHAT_MODE',
      'WECHAT_APP_SECRET',
      'WECHAT_PAY_MCHID',
      'ALIPAY_MODE',
      'ALIPAY_PRIVATE_KEY',
      'SMS_GATEWAY_URL',
      'SMTP_URL',
      'SANDBOX=1',
    ]) {
      expect(problem, name).toContain(name);
    }
  });

  it.each([
    ['card payments', { GMO_MODE: 'sandbox' }, 'GMO_MODE=live'],
    ['WeChat sign-in and Pay', { WECHAT_MODE: 'sandbox' }, 'WECHAT_MODE=live'],
    ['Alipay sign-in and payments', { ALIPAY_MODE: 'sandbox' }, 'ALIPAY_MODE=live'],
    ['identity checks', { EKYC_MODE: 'sandbox' }, 'EKYC_MODE=live'],
    ['eSIM profiles', { ESIM_MODE: 'sandbox' }, 'ESIM_MODE=live'],
    ["the carrier's line platform", { LINE_PLATFORM_MODE: 'sandbox' }, 'LINE_PLATFORM_MODE=live'],
    ['SMS outbox', { SMS_GATEWAY_URL: '' }, 'SMS_GATEWAY_URL'],
    ['mail outbox', { SMTP_URL: '' }, 'SMTP_URL'],
    ['the sandbox consent page', { WECHAT_AUTHORIZE_URL: '/sandbox/wechat/authorize' }, 'WECHAT_AUTHORIZE_URL'],
    ['the sandbox token script', { GMO_TOKEN_SCRIPT_URL: '/sandbox/gmo/token.js' }, 'GMO_TOKEN_SCRIPT_URL'],
  ])('refuses one stand-in among live providers: %s', (_what, change, named) => {
    const env: Record<string, string> = { ...LIVE, ...change };
    for (const [name, value] of Object.entries(change)) if (value === '') delete env[name];
    expect(() => loadConfig(env)).toThrow(named);
  });

  it('starts with every provider live', () => {
    expect(loadConfig(LIVE).NODE_ENV).toBe('production');
    expect(loadConfig(without('SMS_API_KEY')).SANDBOX).toBe(false);
  });

  it('lets a staging site run stand-ins only when it says SANDBOX=1', () => {
    const config = loadConfig({ NODE_ENV: 'production', DOCUMENT_KEY, SANDBOX: '1' });
    expect(config.SANDBOX).toBe(true);
    expect(config.GMO_MODE).toBe('sandbox');
    expect(() => loadConfig({ NODE_ENV: 'production', DOCUMENT_KEY, SANDBOX: '0' })).toThrow(/Refusing to start/);
  });

  it('does not build a production app from a hand-made config with stand-ins', async () => {
    const config = { ...testConfig(), NODE_ENV: 'production' as const, DOCUMENT_KEY };
    const database = await freshDatabase('pglite');
    try {
      await expect(buildApp({ database: database.handle, config })).rejects.toThrow(/GMO_MODE/);
    } finally {
      await database.drop();
    }
  });

  it('stops `server/main.ts` before it listens, with the message', async () => {
    const { code, output } = await runMain({ NODE_ENV: 'production', DOCUMENT_KEY });
    expect(code).not.toBe(0);
    expect(output).toContain('Refusing to start');
    expect(output).toContain('ALIPAY_MODE');
  });

  it.each([
    ['missing, every provider live', without('DOCUMENT_KEY')],
    ['missing on a staging site', { NODE_ENV: 'production', SANDBOX: '1' }],
    ['malformed on a staging site', { NODE_ENV: 'production', SANDBOX: '1', DOCUMENT_KEY: 'not-a-key' }],
    ['31 bytes, every provider live', { ...LIVE, DOCUMENT_KEY: Buffer.alloc(31, 7).toString('base64') }],
  ])('refuses production with the document key %s, in the same list', (_what, env) => {
    expect(() => loadConfig(env)).toThrow(/^Refusing to start[^]* {2}- identity documents at rest: DOCUMENT_KEY/);
  });

  it('names the document key among the stand-ins when both are missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ALIPAY_MODE[^]*DOCUMENT_KEY[^]*SANDBOX=1/);
  });

  it('refuses a malformed document key outside production too, before anything is built', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', DOCUMENT_KEY: 'short' })).toThrow(
      /^Invalid configuration: DOCUMENT_KEY/,
    );
  });

  it.each([
    ['a staging site', { SANDBOX: '1' }],
    ['every provider live', without('DOCUMENT_KEY')],
  ])(
    'stops `server/main.ts` without a document key on %s: the list, no stack',
    async (_what, env) => {
      const { code, output } = await runMain({ ...env, NODE_ENV: 'production', DOCUMENT_KEY: '' });
      expect(code).toBe(1);
      expect(output).toMatch(/^Refusing to start/m);
      expect(output).toContain('  - identity documents at rest: DOCUMENT_KEY');
      expect(output).not.toMatch(/^\s+at /m);
    },
    90_000,
  );

  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
});

describe('a production site with every provider live', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
    app = await buildApp({
      database: database.handle,
      config: loadConfig({ ...LIVE, DATA_DIR: mkdtempSync(join(tmpdir(), 'sim-data-')) }),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('has no sandbox sign-in, cashier, card gateway or outbox', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const tries = [
      { method: 'POST' as const, url: '/sandbox/alipay/auth_code', headers: form, payload: 'uid=2088000000000001' },
      { method: 'GET' as const, url: '/sandbox/wechat/authorize?appid=wx1234&redirect_uri=http://x/&state=s' },
      { method: 'GET' as const, url: '/sandbox/gmo/token.js' },
      { method: 'GET' as const, url: '/dev/outbox.json' },
      { method: 'GET' as const, url: '/dev/outbox' },
    ];
    for (const attempt of tries) expect((await app.inject(attempt)).statusCode, attempt.url).toBe(404);
  });
});

describe('a staging site (production with SANDBOX=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { NODE_ENV: 'production', DOCUMENT_KEY, SANDBOX: '1' } });
  });
  afterAll(() => t.close());

  it('runs the sandbox gateway but never the development outbox', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/gmo/token.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404);
  });
});
