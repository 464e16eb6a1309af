import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { brandPage } from '../../contract/brand-html';
import { DEFAULT_BRAND } from '../../contract/brand-words';
import { plans } from '../../server/db/schema';
import { PAGE_CACHE_LIMIT, PageCache, pageUrl } from '../../server/plugins/page-shell';
import { bootOf, drawOf, drawsSoFar, servedBuild } from './helpers/page-build';

describe('pages drawn on the server', () => {
  const served = servedBuild();
  const { get } = served;

  it('sends the home page drawn, with its CSS inline and the hero asked for first', async () => {
    const res = await get('/h5/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    const html = res.body;
    expect(html).toMatch(/<div id="root"><main><h1>轻享 5GB 套餐<\/h1>/);
    expect(html).toContain('<style>body{color:#111}\n.plan{color:#c2185b}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    // Before any script: the browser's first request after the page is the hero image.
    expect(html.indexOf('href="/h5/hero.svg"')).toBeLessThan(html.indexOf('<script'));
    expect(html).not.toContain('<link rel="preload" as="image" href="/h5/hero.svg" fetchPriority="high"/><main>');
    // Only this server's API is there to draw from.
    expect(html).toContain('outside 404');
  });

  it('lists the scripts to fetch after the first paint, and carries the data safely', async () => {
    const html = (await get('/h5/')).body;
    expect(html).not.toContain('modulepreload');
    const boot = bootOf(html);
    expect(boot.preload).toEqual(['/h5/assets/shared-1.js', '/h5/assets/start-1.js', '/h5/assets/home-1.js']);
    // The stylesheets it carries inline, which the app marks as there before a chunk asks for them.
    expect(boot.styles).toEqual(['/h5/assets/index-1.css', '/h5/assets/home-1.css']);
    expect(boot.api).toEqual({ answer: '</script><script>alert(1)</script>' });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<title>Plans $&amp; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
  });

  it('draws in the language the lang cookie names', async () => {
    const html = (await get('/h5/pages/public/login', { cookie: 'theme=x; lang=ja' })).body;
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<h1>ライト 5GB プラン</h1>');
    expect((await get('/h5/pages/public/login', { cookie: 'lang=xx' })).body).toContain('<html lang="zh-CN">');
  });

  it('sends the plain app for pages it does not draw, and when drawing fails', async () => {
    // index.html as built, with the brand the server puts in every page it serves.
    const template = brandPage(readFileSync(join(served.dir, 'index.html'), 'utf8'), DEFAULT_BRAND, { lang: 'cn' });
    for (const url of ['/h5/pages/user/index', '/h5/boom']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(template);
    }
  });

  it('draws a page once, and again after the plans changed', async () => {
    const first = drawOf((await get('/h5/pages/public/faq')).body);
    expect(drawOf((await get('/h5/pages/public/faq')).body)).toBe(first);
    await served.t.database.handle.db.update(plans).set({ nameCn: '换了名字的套餐' }).where(eq(plans.code, 'lite-5'));
    await vi.waitFor(
      async () => {
        const html = (await get('/h5/pages/public/faq')).body;
        expect(html).toContain('换了名字的套餐');
        expect(drawOf(html)).not.toBe(first);
      },
      { timeout: 5000, interval: 25 },
    );
  });
});

describe('drawn pages kept by route and language', () => {
  const served = servedBuild();
  const { get } = served;
  const random = () => Math.random().toString(36).slice(2);

  it('draws each route once per language however many query strings strangers make up', async () => {
    const before = drawsSoFar();
    const routes = ['/h5/', '/h5/pages/public/login', '/h5/pages/public/register/'];
    const langs: Record<string, string>[] = [{}, { cookie: 'lang=ja' }];
    const seen = new Map<string, Set<string | undefined>>();
    for (let i = 0; i < 1000; i += 1) {
      const route = routes[i % routes.length]!;
      const headers = langs[Math.floor(i / routes.length) % 2]!;
      const res = await get(`${route}?r=${random()}&utm_source=${random()}&code=${random()}`, headers);
      expect(res.statusCode).toBe(200);
      const key = `${route} ${JSON.stringify(headers)}`;
      seen.set(key, (seen.get(key) ?? new Set()).add(drawOf(res.body)));
    }
    expect(drawsSoFar() - before).toBeLessThanOrEqual(routes.length * langs.length);
    for (const [key, draws] of seen) expect(draws.size, key).toBe(1);
  });

  it('draws the page without the query it came with, trailing slashes folded', async () => {
    expect(pageUrl('/h5/?r=1')).toBe('/h5/');
    expect(pageUrl('/h5//')).toBe('/h5/');
    expect(pageUrl('/h5/pages/public/login///?x=1&y=2')).toBe('/h5/pages/public/login');
    const html = (await get('/h5/pages/public/login?email=li%40example.com')).body;
    expect(html).not.toContain('example.com');
  });

  it('sends the app shell for a parameter the page shows, so no value is drawn or kept here', async () => {
    // index.html as built, with the brand the server puts in every page it serves.
    const template = brandPage(readFileSync(join(served.dir, 'index.html'), 'utf8'), DEFAULT_BRAND, { lang: 'cn' });
    const before = drawsSoFar();
    for (let i = 0; i < 20; i += 1) {
      const res = await get(`/h5/pages/public/login?redirect=${encodeURIComponent(`/pages/user/${random()}`)}`);
      expect(res.body).toBe(template);
    }
    expect(drawsSoFar()).toBe(before);
    expect(pageUrl('/h5/pages/public/register?redirect=%2Fpages%2Fuser%2Findex')).toBeNull();
  });

  it('keeps at most a fixed number of pages, and none the renderer does not draw', async () => {
    const feed = { live: true, subscribe: () => () => undefined };
    const cache = new PageCache(feed);
    for (let i = 0; i < 1000; i += 1) await cache.get(`cn:/h5/pages/public/${i}`, async () => `<p>${i}</p>`);
    expect(cache.size).toBe(PAGE_CACHE_LIMIT);
    const nothing = new PageCache(feed);
    for (let i = 0; i < 1000; i += 1) await nothing.get(`cn:/h5/x${i}`, async () => null);
    expect(nothing.size).toBe(0);
  });
});

describe('a staging site (SANDBOX=1)', () => {
  const staging = servedBuild({ SANDBOX: '1' });
  const plain = servedBuild();

  const ribbonOf = (html: string) =>
    /<div id="test-ribbon" class="test-ribbon" role="note" lang="([^"]+)">([^<]+)<\/div>/.exec(html);

  it('shows the test-mode ribbon on drawn pages and app-drawn pages, in the visitor language', async () => {
    for (const url of [
      '/h5/',
      '/h5/pages/public/login',
      '/h5/pages/user/index',
      '/h5/pages/public/login?redirect=%2Fx',
    ]) {
      const cn = ribbonOf((await staging.get(url)).body);
      expect(cn?.slice(1), url).toEqual(['zh-CN', '测试环境：付款为模拟，不会真实扣款']);
      const ja = ribbonOf((await staging.get(url, { cookie: 'lang=ja' })).body);
      expect(ja?.slice(1), url).toEqual(['ja', 'テスト環境：支払いは模擬で、請求はありません']);
    }
  });

  it('puts the ribbon before the app root, so the app never draws over it', async () => {
    const html = (await staging.get('/h5/')).body;
    expect(html.indexOf('id="test-ribbon"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toContain('.test-ribbon~#root{padding-top:24px}');
  });

  it('shows no ribbon where SANDBOX is not set', async () => {
    for (const url of ['/h5/', '/h5/pages/user/index'])
      expect((await plain.get(url)).body, url).not.toContain('test-ribbon');
  });
});
