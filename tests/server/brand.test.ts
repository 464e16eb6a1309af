import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../contract/api';
import { DEFAULT_BRAND, type Brand } from '../../contract/brand';
import { BRAND_ELEMENT_ID } from '../../contract/page-render';
import { message } from '../../server/lib/messages';
import { runCommand } from '../../server/ops/cli';
import cn from '../../locales/cn.json';
import { makeBuild } from './helpers/page-build';
import { lastMail, postForm, type SignedInBody } from './helpers/requests';
import { oneTimePasswordIn } from './helpers/staff';
import { createTestApp, ja as jaHeaders, zh, type TestApp } from './helpers/test-app';
import { SECOND_BRAND_FILE, traces } from './helpers/brand-traces';

// Issue 33: an operator's BRAND_FILE reaches everything a customer or staff member reads. With
// a second brand configured, nothing served or sent names the default brand or the old one.

const root = join(__dirname, '..', '..');

describe('with a second brand configured (BRAND_FILE)', () => {
  let t: TestApp;
  let dir: string;
  let brand: Brand;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    dir = makeBuild();
    copyFileSync(join(root, 'admin.html'), join(dir, 'admin.html'));
    t = await createTestApp('pglite', {
      staticDir: dir,
      pageRenderer: join(dir, 'render-page.mjs'),
      env: { BRAND_FILE: SECOND_BRAND_FILE },
    });
    brand = t.app.config.BRAND;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads it', () => {
    expect(brand.latinName).toBe('Test Tel');
    expect(t.app.config.MAIL_FROM).toBe('Test Tel <mail@testtel.example>');
  });

  it("/api/common/init names it, with the brand's contact and service hours", async () => {
    for (const [headers, name] of [
      [zh, '测试通信'],
      [jaHeaders, 'テストテル'],
    ] as const) {
      const res = await get('/api/common/init', headers);
      const data = res.json<Envelope<Record<string, unknown>>>().data;
      expect(data.siteName).toBe(name);
      expect(data.contact).toEqual({ phone: '03-0000-1111', email: 'help@testtel.example', wechatId: 'testtel_help' });
      expect(data.serviceHours).toEqual({
        timeZone: 'Asia/Tokyo',
        open: '10:00',
        close: '19:00',
        weekdays: [1, 2, 3, 4, 5, 6],
      });
      expect(traces(res.body)).toEqual([]);
    }
  });

  it('the app shell and a drawn page carry its title, colour, icon and data, in both languages', async () => {
    for (const lang of ['cn', 'ja'] as const) {
      const cookie = `lang=${lang}`;
      for (const url of ['/h5/', '/h5/pages/user/index']) {
        const res = await get(url, { cookie });
        const html = res.body;
        expect(traces(html), url).toEqual([]);
        const data = new RegExp(`<script id="${BRAND_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html);
        expect(JSON.parse(data![1]!)).toEqual(brand);
        expect(html).toContain('<meta name="theme-color" content="#117755"');
        expect(html).toContain('<link rel="icon" href="https://cdn.testtel.example/icon.svg"');
        if (url === '/h5/pages/user/index') expect(html).toContain(`<title>${brand.name[lang]}</title>`);
        // The icon is on the operator's CDN: the page may load it.
        expect(String(res.headers['content-security-policy'])).toMatch(
          /img-src 'self' data: blob: https:\/\/cdn\.testtel\.example[;\s]/,
        );
      }
    }
  });

  it('the staff console page shows it in its title and sign-in frame', async () => {
    const html = (await get('/admin/')).body;
    expect(html).toContain('<title>测试通信 · 员工后台</title>');
    expect(html).toContain('<span class="brand">测试通信 员工后台</span>');
    expect(html).not.toContain('{{brand');
    expect(traces(html)).toEqual([]);
  });

  it('mails and texts say it: registration, activation, password reset and a phone code', async () => {
    const email = 'brand.reader@example.com';
    const res = await postForm<SignedInBody>(t.app, '/api/user/fast_register', { email }, jaHeaders);
    expect(res.body.code).toBe(1);
    const token = res.body.data.userinfo.token;
    // Code mails go out after the answer.
    const mail = await vi.waitFor(
      async () => {
        const sent = await lastMail(t.database.handle.db, email);
        if (!sent) throw new Error('no mail yet');
        return sent;
      },
      { timeout: 5000, interval: 25 },
    );
    expect(mail.subject).toBe('【テストテル】アカウントの有効化');
    expect(traces(`${mail.subject}\n${mail.body}`)).toEqual([]);
    const sms = await postForm(t.app, '/api/sms/send', { country: '81', mobile: '090-7777-4321' }, { ...zh, token });
    expect(sms.body.code).toBe(1);
    const rows = await t.database.handle.db.query.outbox.findMany();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const text = rows.find((row) => row.channel === 'sms');
    expect(text?.body).toMatch(/^【(测试通信|テストテル)】/);
    for (const row of rows) expect(traces(`${row.subject ?? ''}\n${row.body}`), row.body).toEqual([]);
  });

  it('every mail, SMS and WeChat template the server sends names it, with its short name in 【】', () => {
    const keys: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node === 'string') keys.push(path);
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
    };
    walk(cn, '');
    expect(keys.length).toBeGreaterThan(1000);
    for (const lang of ['cn', 'ja'] as const) {
      const said = keys.map((key) => message(lang, key)).join('\n');
      expect(traces(said)).toEqual([]);
      expect(said).not.toMatch(/\{\{brand/);
      expect(message(lang, 'notify.order_approved.subject')).toMatch(
        lang === 'cn' ? /^【测试通信】/ : /^【テストテル】/,
      );
    }
  });

  it('the terms page names the company', async () => {
    const res = await get('/api/page/detail?name=terms', zh);
    expect(res.body).toContain('测试通信股份公司（以下简称“本公司”）');
    expect(traces(res.body)).toEqual([]);
  });

  it("an authenticator lists the staff sign-in under the brand's Latin name", async () => {
    const out = await runCommand(['staff', 'add', 'brandcheck', '--role', 'reviewer', '--name', 'B'], {
      db: t.app.db,
      vault: t.app.documents,
      actor: 'test',
    });
    const headers = { 'content-type': 'application/json', 'accept-language': 'zh-cn' };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers,
      payload: { login: 'brandcheck', password: oneTimePasswordIn(out) },
    });
    const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const setup = await get('/api/admin/totp/setup', { cookie });
    const uri = setup.json<Envelope<{ uri: string }>>().data.uri;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Test(%20| )Tel:brandcheck\?/);
    expect(uri).toContain('issuer=Test');
    expect(traces(decodeURIComponent(uri))).toEqual([]);
  });
});

describe('the default brand', () => {
  it('is invented, and is what a site without BRAND_FILE shows', async () => {
    const t = await createTestApp('pglite');
    try {
      expect(t.app.config.BRAND).toEqual(DEFAULT_BRAND);
      const res = await t.app.inject({ method: 'GET', url: '/api/common/init', headers: zh });
      expect(res.json<Envelope<{ siteName: string }>>().data.siteName).toBe('云路移动');
      expect(message('ja', 'notify.order_approved.subject')).toBe('【くもじ】ご注文の審査が完了しました');
    } finally {
      await t.close();
    }
  });
});
