import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

// A stand-in build and page renderer, so these tests pin the server's side of the contract
// (contract/page-render.ts) without `vite build`; the real renderer is tried in Chromium.
const TEMPLATE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="theme-color" content="#2f6fde" />
    <link rel="icon" href="/h5/brand/icon.svg" type="image/svg+xml" />
    <title>云路移动</title>
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
export const isPersonalPage = (url) => new URL(url, 'http://x').pathname.startsWith('/h5/pages/user/');
export async function renderPage({ url, lang, fetchApi, token }) {
  const path = new URL(url, 'http://x').pathname;
  if (isPersonalPage(url)) {
    // As the real renderer: the customer's page only for a token the API takes.
    if (!token) return null;
    const me = await fetchApi('/api/user/userinfo', { token, 'accept-language': 'zh-cn' });
    if (me.status !== 200) return null;
    const user = JSON.parse(me.body).data;
    return {
      html: '<main><h1>' + user.username + '</h1><p>' + user.email + '</p></main>',
      title: 'Me',
      htmlLang: 'zh-CN',
      modules: ['src/app/start.tsx'],
      boot: { lang, path: path.slice(3), renderedAt: 1, api: { me: me.body }, personal: true },
    };
  }
  if (path === '/h5/boom') throw new Error('the renderer broke');
  if (path !== '/h5/' && !path.startsWith('/h5/pages/public/')) return null;
  draws += 1;
  // Counted where the test can read it, as every drawing the server asked for.
  globalThis.__pageDraws = (globalThis.__pageDraws ?? 0) + 1;
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

export function bootOf(html: string): Record<string, unknown> {
  const json = /<script id="boot-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no boot data');
  return JSON.parse(json) as Record<string, unknown>;
}

export const drawOf = (html: string) => /draw (\d+)/.exec(html)?.[1];

declare global {
  var __pageDraws: number | undefined;
}
export const drawsSoFar = () => globalThis.__pageDraws ?? 0;

export function makeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'h5-shell-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), TEMPLATE);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(dir, 'assets', 'index-1.css'), 'body{color:#111}');
  writeFileSync(join(dir, 'assets', 'home-1.css'), '.plan{color:#c2185b}');
  for (const f of ['index-1.js', 'start-1.js', 'shared-1.js', 'home-1.js'])
    writeFileSync(join(dir, 'assets', f), 'export {};');
  writeFileSync(join(dir, 'render-page.mjs'), RENDERER);
  return dir;
}

/** A test app serving a fresh build with its page renderer, for the describe block that calls this. */
export function servedBuild(env?: Record<string, string>) {
  const served = {
    t: undefined as unknown as TestApp,
    dir: '',
    get: (url: string, headers: Record<string, string> = {}) => served.t.app.inject({ method: 'GET', url, headers }),
  };
  beforeAll(async () => {
    served.dir = makeBuild();
    const build = { staticDir: served.dir, pageRenderer: join(served.dir, 'render-page.mjs') };
    served.t = await createTestApp('pglite', env ? { ...build, env } : build);
  });
  afterAll(async () => {
    await served.t.close();
    rmSync(served.dir, { recursive: true, force: true });
  });
  return served;
}
