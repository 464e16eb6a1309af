import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLang, type Lang } from '../../contract/api.js';
import { BOOT_DATA_ELEMENT_ID, LANG_COOKIE, type RenderedPage, type RenderPage } from '../../contract/page-render.js';
import { chunkClosure, readManifest, type Manifest } from '../lib/build-manifest.js';
import { BASE_PATH } from './static-app.js';

// Drawn pages come from public data only; they are kept until one of these tables changes.
const PAGE_TABLES = ['plans', 'banners', 'stores'] as const;
const PAGE_TTL_MS = 30_000;

export interface PageShell {
  /** Answers a page URL (history-mode routing): the drawn page when it can, else the app shell. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// Inside <script type="application/json"> only "<" can end the element early.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const LANG_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([a-z]+)`);

/** The language a visitor reads, as the app last told us in a cookie; Chinese by default. */
export function langFromCookie(header: string | undefined): Lang {
  const match = LANG_COOKIE_PATTERN.exec(header ?? '');
  return match && isLang(match[1]) ? match[1] : 'cn';
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
    /<html lang="[^"]*">/.test(html) && /<title>[^<]*<\/title>/.test(html) && html.includes('<meta charset="UTF-8" />') && html.includes('<div id="root"></div>');
  if (!shaped) return null;
  const entryCss = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].map((m) => m[1]!.slice(BASE_PATH.length));
  const loaded = new Set([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!.slice(BASE_PATH.length)));
  return { html, entryCss, loaded };
}

/**
 * index.html for every page URL. Where the page renderer (dist/ssr) draws the route, the
 * page arrives drawn, with its CSS inline (nothing blocks the first paint), the list of its
 * scripts, and the data it was drawn from for the app to hydrate it with.
 */
export async function createPageShell(app: FastifyInstance, staticDir: string, rendererPath: string | null): Promise<PageShell> {
  const template = readTemplate(staticDir);
  let render: RenderPage | null = null;
  let manifest: Manifest | null = null;
  if (!template) {
    app.log.warn('index.html is not shaped as expected; pages are not drawn on the server');
  } else if (rendererPath && existsSync(rendererPath)) {
    try {
      manifest = readManifest(staticDir);
      render = ((await import(pathToFileURL(rendererPath).href)) as { renderPage: RenderPage }).renderPage;
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
    const { style, preload } = assetsFor(page.modules);
    const html = template!.html
      // Replacements by function: a "$" in a title must stay a "$".
      .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(page.htmlLang)}">`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace('<meta charset="UTF-8" />', (charset) => `${charset}${hoisted}`)
      .replace(/<link rel="stylesheet"[^>]*>\s*/g, '')
      .replace('</head>', () => `${style}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
      .replace('</body>', () => `<script id="${BOOT_DATA_ELEMENT_ID}" type="application/json">${scriptJson({ ...page.boot, preload })}</script></body>`);
    return html;
  };

  const fetchApi = async (url: string, headers: Record<string, string>) => {
    if (!url.startsWith('/api/')) return { status: 404, body: '' };
    const res = await app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.body };
  };

  const drawn = async (url: string, lang: Lang): Promise<string | null> => {
    if (!render) return null;
    try {
      return await app.contentCache.get(
        `page:${lang}:${url}`,
        PAGE_TABLES,
        async () => {
          const page = await render!({ url, lang, fetchApi });
          return page ? compose(page) : null;
        },
        PAGE_TTL_MS,
      );
    } catch (error) {
      app.log.error({ err: error, url }, 'drawing the page failed; sending the app shell');
      return null;
    }
  };

  return {
    async send(request, reply) {
      reply.header('cache-control', 'no-cache');
      reply.header('vary', 'Cookie');
      const html = await drawn(request.url, langFromCookie(request.headers.cookie));
      if (html === null) return reply.sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(html);
    },
  };
}
