import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { isLang, langTag, type Lang } from '../../contract/api.js';
import { brandPage } from '../../contract/brand-html.js';
import {
  BOOT_DATA_ELEMENT_ID,
  LANG_COOKIE,
  PAGE_SESSION_COOKIE,
  type IsPersonalPage,
  type RenderedPage,
  type RenderPage,
} from '../../contract/page-render.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { chunkClosure, readManifest, type Manifest } from '../lib/build-manifest.js';
import { escapeHtml } from '../lib/html.js';
import { message } from '../lib/messages.js';
import { clearPageSession } from '../lib/page-session.js';
import { packPage, sendPacked, type PackedPage } from './packed-page.js';
import { BASE_PATH } from './static-app.js';

// Drawn pages come from public data only; they are kept until one of these tables changes.
const PAGE_TABLES: readonly string[] = ['plans', 'banners', 'stores', 'pages'];
const PAGE_TTL_MS = 30_000;
/** Far above the drawn routes times languages; a ceiling, not a working size. */
export const PAGE_CACHE_LIMIT = 64;
/**
 * Query parameters a drawn page shows (login and register carry `redirect` into their links).
 * A URL with one gets the app shell and the browser draws it: drawing it here per value would
 * let anyone make the server draw a page per request.
 */
const DRAWN_PARAMS = ['redirect'];

export interface PageShell {
  /** Answers a page URL (history-mode routing): the drawn page when it can, else the app shell. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

// Inside <script type="application/json"> only "<" can end the element early.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The language a visitor reads, as the app last told us in a cookie; Chinese by default. */
export function langFromCookies(cookies: Partial<Record<string, string>> | undefined): Lang {
  const lang = cookies?.[LANG_COOKIE];
  return isLang(lang) ? lang : 'cn';
}

/**
 * Drawn pages by route and language. Pages the renderer does not draw are not kept, and the
 * number kept has a ceiling, so no URL a stranger makes up can grow it.
 */
export class PageCache<T = string> {
  private readonly entries: LRUCache<string, { html: Promise<T | null> }>;

  constructor(
    private readonly feed: Pick<ChangeFeed, 'live' | 'subscribe'>,
    limit = PAGE_CACHE_LIMIT,
    ttlMs = PAGE_TTL_MS,
  ) {
    this.entries = new LRUCache({ max: limit, ttl: ttlMs });
    feed.subscribe((change) => {
      if (change.kind === 'reset' || (change.kind === 'table' && PAGE_TABLES.includes(change.table)))
        this.entries.clear();
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Concurrent misses share one drawing; while the change feed is not live, every call draws. */
  get(key: string, draw: () => Promise<T | null>): Promise<T | null> {
    if (!this.feed.live) return draw();
    const hit = this.entries.get(key);
    if (hit) return hit.html;
    const html = draw();
    const entry = { html };
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
    };
    html.then((drawn) => drawn === null && forget(), forget);
    return html;
  }
}

/**
 * The page a URL shows, as the renderer is asked for it: the path alone (trailing slashes
 * folded, as the app's router does), or null when it carries a parameter the page shows.
 */
export function pageUrl(url: string): string | null {
  const [path = '', query = ''] = url.split('#', 1)[0]!.split('?', 2);
  if (query) {
    const params = new URLSearchParams(query);
    if (DRAWN_PARAMS.some((name) => params.has(name))) return null;
  }
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' || `${trimmed}/` === BASE_PATH ? BASE_PATH : trimmed;
}

/** The staging ribbon, outside the app's root so React never redraws it; the app keeps its language. */
function testRibbon(lang: Lang): string {
  const text = escapeHtml(message(lang, 'app.testMode'));
  const height = '24px';
  const style =
    `.test-ribbon{position:fixed;top:0;left:0;right:0;z-index:2000;height:${height};line-height:${height};padding:0 8px;` +
    'overflow:hidden;white-space:nowrap;text-overflow:ellipsis;text-align:center;font-size:12px;font-weight:600;' +
    'background:#ffe066;color:#1a1a1a;pointer-events:none}' +
    // Its height is kept free at the top, sticky headers stop below it: it covers nothing.
    `.test-ribbon~#root{padding-top:${height}}` +
    `.test-ribbon~#root .page-header,.test-ribbon~#root .home-header,.test-ribbon~#root .preview{top:${height}}`;
  return `<style>${style}</style><div id="test-ribbon" class="test-ribbon" role="note" lang="${langTag(lang)}">${text}</div>`;
}

/** Open Graph and Twitter card tags: what WeChat, LINE and others show for a shared link. */
function shareTags(page: RenderedPage, siteName: string): string {
  if (!page.share) return '';
  const { title, description, link, imageUrl } = page.share;
  const locale = page.htmlLang === 'ja' ? 'ja_JP' : 'zh_CN';
  const tags: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', siteName],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', link],
    ['property', 'og:image', imageUrl],
    ['property', 'og:locale', locale],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', imageUrl],
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`).join('');
}

interface Template {
  html: string;
  /** The entry's stylesheets, linked in index.html: drawn pages carry them inline. */
  entryCss: string[];
  /** Files index.html already loads or preloads. */
  loaded: Set<string>;
}

function readTemplate(staticDir: string): Template | null {
  const html = readFileSync(join(staticDir, 'index.html'), 'utf8');
  const shaped =
    /<html lang="[^"]*">/.test(html) &&
    /<title>[^<]*<\/title>/.test(html) &&
    html.includes('<meta charset="UTF-8" />') &&
    html.includes('<div id="root"></div>');
  if (!shaped) return null;
  const entryCss = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].map((m) =>
    m[1]!.slice(BASE_PATH.length),
  );
  const loaded = new Set([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!.slice(BASE_PATH.length)));
  return { html, entryCss, loaded };
}

/**
 * index.html for every page URL. Where the page renderer (dist/ssr) draws the route, the
 * page arrives drawn, with its CSS inline (nothing blocks the first paint), the list of its
 * scripts, and the data it was drawn from for the app to hydrate it with.
 */
export interface PageShellOptions {
  /** The built page renderer; null: pages are drawn in the browser only. */
  rendererPath: string | null;
  /** Tells drawn pages apart from stale ones. */
  changes: Pick<ChangeFeed, 'live' | 'subscribe'>;
  /** A staging site's stand-ins: every page shows the test-mode ribbon. */
  testMode: boolean;
  /** PUBLIC_URL: link previews need absolute addresses. */
  origin?: string;
}

export async function createPageShell(
  app: FastifyInstance,
  staticDir: string,
  options: PageShellOptions,
): Promise<PageShell> {
  const { rendererPath, testMode } = options;
  // The operator's (BRAND_FILE): every page's title, theme colour, icon and words.
  const brand = app.config.BRAND;
  const template = readTemplate(staticDir);
  let render: RenderPage | null = null;
  let isPersonal: IsPersonalPage = () => false;
  let manifest: Manifest | null = null;
  if (!template) {
    app.log.warn('index.html is not shaped as expected; pages are not drawn on the server');
  } else if (rendererPath && existsSync(rendererPath)) {
    try {
      manifest = readManifest(staticDir);
      const renderer = (await import(pathToFileURL(rendererPath).href)) as {
        renderPage: RenderPage;
        isPersonalPage?: IsPersonalPage;
      };
      render = renderer.renderPage;
      isPersonal = renderer.isPersonalPage ?? isPersonal;
    } catch (error) {
      app.log.warn({ err: error }, 'page renderer could not be loaded; pages are not drawn on the server');
    }
  }

  const fileText = new Map<string, string>();
  const cssOf = (file: string) => {
    let text = fileText.get(file);
    if (text === undefined) {
      text = readFileSync(join(staticDir, file), 'utf8');
      fileText.set(file, text);
    }
    return text;
  };

  interface PageAssets {
    /** Inline <style>: the entry's stylesheets and the page's, so nothing blocks the first paint. */
    style: string;
    /** Scripts for the entry to fetch after the first paint; none is linked in <head>, where
     * they would take the bandwidth the first paint and the hero image need. */
    preload: string[];
    /** The inline stylesheets' URLs (BootData.styles). */
    styles: string[];
  }
  const assets = new Map<string, PageAssets>();
  const assetsFor = (modules: string[]): PageAssets => {
    const key = modules.join('|');
    let known = assets.get(key);
    if (!known) {
      const { js, css } = chunkClosure(manifest!, modules);
      const inline = [...new Set([...template!.entryCss, ...css])];
      known = {
        style: `<style>${inline.map(cssOf).join('\n')}</style>`,
        preload: js.filter((f) => !template!.loaded.has(f)).map((f) => `${BASE_PATH}${f}`),
        styles: inline.map((f) => `${BASE_PATH}${f}`),
      };
      assets.set(key, known);
    }
    return known;
  };

  const compose = (page: RenderedPage): string => {
    // React puts preloads (the hero image) at the start of what it drew; they go first in
    // <head>, so the browser asks for the hero before any script takes a connection.
    const hoisted = /^(?:<link [^>]*>)+/.exec(page.html)?.[0] ?? '';
    const body = page.html.slice(hoisted.length);
    const { style, preload, styles } = assetsFor(page.modules);
    const html = brandPage(template!.html, brand, { lang: page.boot.lang, title: page.title })
      // Replacements by function: a "$" in a title must stay a "$".
      .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(page.htmlLang)}">`)
      .replace(/<title>[^<]*<\/title>/, (title) => `${title}${shareTags(page, brand.name[page.boot.lang])}`)
      .replace('<meta charset="UTF-8" />', (charset) => `${charset}${hoisted}`)
      .replace(/<link rel="stylesheet"[^>]*>\s*/g, '')
      .replace('</head>', () => `${style}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
      .replace(
        '</body>',
        () =>
          `<script id="${BOOT_DATA_ELEMENT_ID}" type="application/json">${scriptJson({ ...page.boot, preload, styles })}</script></body>`,
      );
    return html;
  };

  // Every drawing asks this server's API as the browser would; `rejected` notes a 401 (the
  // page-session token no longer signs anyone in).
  const apiFor = (seen: { rejected: boolean }) => async (url: string, headers: Record<string, string>) => {
    if (!url.startsWith('/api/')) return { status: 404, body: '' };
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode === 401) seen.rejected = true;
    return { status: res.statusCode, body: res.body };
  };

  const withRibbon = (html: string, lang: Lang) =>
    testMode ? html.replace(/<body[^>]*>/, (body) => `${body}${testRibbon(lang)}`) : html;

  // Public drawings, kept compressed (with the ribbon, which is per language like the key).
  const cache = new PageCache<PackedPage>(options.changes);
  const drawn = async (url: string, lang: Lang): Promise<PackedPage | null> => {
    if (!render) return null;
    const draw = render;
    try {
      return await cache.get(`${lang}:${url}`, async () => {
        const page = await draw({ url, lang, fetchApi: apiFor({ rejected: false }), origin: options.origin, brand });
        return page ? packPage(withRibbon(compose(page), lang)) : null;
      });
    } catch (error) {
      app.log.error({ err: error, url }, 'drawing the page failed; sending the app shell');
      return null;
    }
  };

  /** A personal page for the page-session token: drawn for this request only. */
  const personal = async (request: FastifyRequest, reply: FastifyReply, token: string): Promise<string | null> => {
    const seen = { rejected: false };
    const url = request.url.split('#', 1)[0]!;
    const lang = langFromCookies(request.cookies);
    const userAgent = request.headers['user-agent'] ?? '';
    try {
      const page = await render!({
        url,
        lang,
        token,
        userAgent,
        fetchApi: apiFor(seen),
        origin: options.origin,
        brand,
      });
      if (seen.rejected) clearPageSession(reply);
      return page ? withRibbon(compose(page), lang) : null;
    } catch (error) {
      app.log.error({ err: error, url }, 'drawing the personal page failed; sending the app shell');
      return null;
    }
  };

  // The app shell (index.html) for pages not drawn, read once and kept compressed per language
  // (the brand's name in the title and the ribbon say the visitor's): no file is looked for per request.
  const shellHtml = readFileSync(join(staticDir, 'index.html'), 'utf8');
  const shells = new Map<Lang, Promise<PackedPage>>();
  const shellFor = (lang: Lang) => {
    let packed = shells.get(lang);
    if (!packed) {
      packed = packPage(withRibbon(brandPage(shellHtml, brand, { lang }), lang));
      shells.set(lang, packed);
    }
    return packed;
  };

  return {
    async send(request, reply) {
      reply.header('vary', 'Cookie');
      const lang = langFromCookies(request.cookies);
      const token = request.cookies?.[PAGE_SESSION_COOKIE];
      const target = request.url.split('#', 1)[0]!;
      if (render && token && isPersonal(target)) {
        // The customer's own data: never kept by the browser, a proxy or this server.
        reply.header('cache-control', 'private, no-store');
        const html = await personal(request, reply, token);
        if (html !== null) return reply.type('text/html; charset=utf-8').send(html);
      } else {
        reply.header('cache-control', 'no-cache');
      }
      const url = pageUrl(request.url);
      const page = (url === null ? null : await drawn(url, lang)) ?? (await shellFor(lang));
      return sendPacked(request, reply, page);
    },
  };
}
