// The server's entry (built by `vite build --ssr` into dist/ssr): draws a public route with
// its data for the HTML the browser gets first. Nothing here runs in the browser.
import { enableStaticRendering } from 'mobx-react-lite';
import { renderToString } from 'react-dom/server';
import { langTag } from '../../contract/api';
import { detectPlatform, isDesktop } from '../../contract/detect';
import type { IsPersonalPage, PageRenderRequest, RenderedPage } from '../../contract/page-render';
import { recordingFetch } from '../api/boot-fetch';
import { setServerSanitizer } from '../components/rich-text';
import { sanitizeRichTextOnServer } from '../components/rich-text-server';
import { loadLocale } from '../features/language/load-locale';
import { setPageBrand } from '../lib/page-brand';
import { memoryStorage, STORAGE_KEYS, writeJson } from '../lib/persistence';
import { App, BASENAME } from './app';
import { RootStore } from './root-store';
import { pageTitle } from './route-frame';
import { PURCHASE_MODULE, pageNeedsPurchase, routeFor } from './routes';
import { shareCardFor } from './share-card';

// Each drawing has stores of its own that live for one request: nothing may observe them.
enableStaticRendering(true);
// Stored rich text (the purchase terms) is drawn here too, sanitized as the browser would.
setServerSanitizer(sanitizeRichTextOnServer);

// The client's first modules besides the entry (see src/main.tsx), by build-manifest key.
const APP_MODULE = 'src/app/start.tsx';

function routeOf(target: string) {
  const url = new URL(target, 'http://server.invalid');
  if (url.pathname !== BASENAME && !url.pathname.startsWith(`${BASENAME}/`)) return null;
  const path = url.pathname.slice(BASENAME.length) || '/';
  const route = routeFor(path);
  const source = route?.page.source;
  return route?.serverRendered && source ? { url, path, route, source, drawn: route.serverRendered } : null;
}

/** The page shell asks this first: a personal page is drawn per customer and never kept. */
export const isPersonalPage: IsPersonalPage = (url) => routeOf(url)?.drawn.personal === true;

export async function renderPage(request: PageRenderRequest): Promise<RenderedPage | null> {
  const found = routeOf(request.url);
  if (!found) return null;
  const { url, path, route, source, drawn } = found;
  // A personal page without a session is the app's to draw: it sends the visitor to sign in.
  if (drawn.personal && !request.token) return null;
  // The server's brand (BRAND_FILE), for the words this drawing loads.
  setPageBrand(request.brand ?? null);

  const api: Record<string, string> = {};
  let failed = false;
  const record = recordingFetch(async (target, headers) => {
    const answer = await request.fetchApi(target, headers);
    if (answer.status !== 200) failed = true;
    return answer;
  }, api);
  const storage = memoryStorage();
  // The session as the customer's phone keeps it: the guard and the API calls use the token.
  if (drawn.personal) writeJson(storage, STORAGE_KEYS.token, request.token);
  // Public pages are kept for every visitor: drawn as for a phone's browser, whatever asked.
  const agent = drawn.personal ? (request.userAgent ?? '') : '';
  const platform = agent ? detectPlatform(agent) : 'browser';
  const desktop = agent ? isDesktop(agent) : false;
  const store = new RootStore({ storage, loadLocale, fetchImpl: record, platform, desktop });
  await store.language.setLang(request.lang);
  // Who the token signs in, asked with the page's data: a revoked or expired token draws
  // nothing of anyone (every answer is then a 401).
  const session = drawn.personal ? store.session.loadUserInfo() : null;
  await Promise.all([store.appConfig.load(), session, route.page.preload(), drawn.load?.(store, url.searchParams)]);
  if (session) {
    if (failed || !store.session.isLogin) return null;
    store.session.markLaunched();
  }
  // A page drawn from a failed answer would not match what the app then loads itself.
  if (failed || !store.appConfig.config) return null;

  const renderedAt = Date.now();
  const t = (key: string, options?: Record<string, string | number>) => store.language.i18n.t(key, options);
  const html = renderToString(<App store={store} location={`${url.pathname}${url.search}`} renderedAt={renderedAt} />);
  return {
    html,
    title: pageTitle((key) => store.language.i18n.t(key), route.titleKey),
    htmlLang: langTag(request.lang),
    // The purchase store's chunk too where the page waits for it, or hydration would wait on the network.
    modules: [
      APP_MODULE,
      source,
      ...(pageNeedsPurchase(source) ? [PURCHASE_MODULE] : []),
      `locales/${request.lang}.json`,
    ],
    boot: { lang: request.lang, path, renderedAt, api, ...(drawn.personal && { personal: true, platform, desktop }) },
    share: shareCardFor(path, '', t, store.content.plans.data, request.origin ?? ''),
  };
}
