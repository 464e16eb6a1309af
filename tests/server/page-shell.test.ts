import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../../server/db/schema';
import { eventually } from './helpers/eventually';
import { createTestApp, type TestApp } from './helpers/test-app';

// A stand-in build and page renderer, so these tests pin the server's side of the contract
// (contract/page-render.ts) without `vite build`; the real renderer is tried in Chromium.
const TEMPLATE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>樱花移动</title>
    <script type="module" crossorigin src="/h5/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/h5/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
  'src/app/start.tsx': { file: 'assets/start-1.js', imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  'src/pages/home.tsx': { file: 'assets/home-1.js', imports: ['_shared-1.js'], css: ['assets/home-1.css'] },
};

const RENDERER = `
let draws = 0;
export async function renderPage({ url, lang, fetchApi }) {
  const path = new URL(url, 'http://x').pathname;
  if (path === '/h5/boom') throw new Error('the renderer broke');
  if (path !== '/h5/' && !path.startsWith('/h5/pages/public/')) return null;
  draws += 1;
  const answer = await fetchApi('/api/setmeal/lists', { 'accept-language': lang === 'ja' ? 'ja' : 'zh-cn' });
  const outside = await fetchApi('/h5/assets/index-1.js', {});
  const plans = JSON.parse(answer.body).data;
  return {
    html: '<link rel="preload" as="image" href="/h5/hero.svg" fetchPriority="high"/><main><h1>' + plans[0].name + '</h1><p>draw ' + draws + '</p><p>outside ' + outside.status + '</p></main>',
    title: 'Plans $& </title><script>alert(1)</script>',
    htmlLang: lang === 'ja' ? 'ja' : 'zh-CN',
    modules: ['src/app/start.tsx', 'src/pages/home.tsx'],
    boot: { lang, path: '/', renderedAt: 1, api: { answer: '</script><script>alert(1)</script>' } },
  };
}
`;

function bootOf(html: string): Record<string, unknown> {
  const json = /<script id="boot-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no boot data');
  return JSON.parse(json) as Record<string, unknown>;
}

const drawOf = (html: string) => /draw (\d+)/.exec(html)?.[1];

describe('pages drawn on the server', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'h5-shell-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), TEMPLATE);
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(dir, 'assets', 'index-1.css'), 'body{color:#111}');
    writeFileSync(join(dir, 'assets', 'home-1.css'), '.plan{color:#c2185b}');
    for (const f of ['index-1.js', 'start-1.js', 'shared-1.js', 'home-1.js']) writeFileSync(join(dir, 'assets', f), 'export {};');
    writeFileSync(join(dir, 'render-page.mjs'), RENDERER);
    t = await createTestApp('pglite', { staticDir: dir, pageRenderer: join(dir, 'render-page.mjs') });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

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
    const template = readFileSync(join(dir, 'index.html'), 'utf8');
    for (const url of ['/h5/pages/user/index', '/h5/boom']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(template);
    }
  });

  it('draws a page once, and again after the plans changed', async () => {
    const first = drawOf((await get('/h5/pages/public/faq')).body);
    expect(drawOf((await get('/h5/pages/public/faq')).body)).toBe(first);
    await t.database.handle.db.update(plans).set({ nameCn: '换了名字的套餐' }).where(eq(plans.code, 'lite-5'));
    await eventually(async () => {
      const html = (await get('/h5/pages/public/faq')).body;
      expect(html).toContain('换了名字的套餐');
      expect(drawOf(html)).not.toBe(first);
    });
  });
});
