// The server's entry (built by `vite build --ssr` into dist/ssr): draws a public route with
// its data for the HTML the browser gets first. Nothing here runs in the browser.
import { enableStaticRendering } from 'mobx-react-lite';
import { renderToString } from 'react-dom/server';
import { langTag } from '../../contract/api';
import type { PageRenderRequest, RenderedPage } from '../../contract/page-render';
import { recordingFetch } from '../api/boot-fetch';
import { loadLocale } from '../features/language/load-locale';
import { memoryStorage } from '../lib/persistence';
import { App, BASENAME } from './app';
import { RootStore } from './root-store';
import { pageTitle } from './route-frame';
import { routeFor } from './routes';
import { shareCardFor } from './share-card';

// Each drawing has stores of its own that live for one request: nothing may observe them.
enableStaticRendering(true);

// The client's first modules besides the entry (see src/main.tsx), by build-manifest key.
const APP_MODULE = 'src/app/start.tsx';

export async function renderPage(request: PageRenderRequest): Promise<RenderedPage | null> {
  const url = new URL(request.url, 'http://server.invalid');
  if (url.pathname !== BASENAME && !url.pathname.startsWith(`${BASENAME}/`)) return null;
  const path = url.pathname.slice(BASENAME.length) || '/';
  const route = routeFor(path);
  if (!route?.serverRendered || !route.page.source) return null;

  const api: Record<string, string> = {};
  let failed = false;
  const record = recordingFetch(async (target, headers) => {
    const answer = await request.fetchApi(target, headers);
    if (answer.status !== 200) failed = true;
    return answer;
  }, api);
  const store = new RootStore({ storage: memoryStorage(), loadLocale, fetchImpl: record, platform: 'browser' });
  await store.language.setLang(request.lang);
  await Promise.all([store.appConfig.load(), route.page.preload(), route.serverRendered.load?.(store)]);
  // A page drawn from a failed answer would not match what the app then loads itself.
  if (failed || !store.appConfig.config) return null;

  const renderedAt = Date.now();
  const t = (key: string, options?: Record<string, string | number>) => store.language.i18n.t(key, options);
  const html = renderToString(<App store={store} location={`${url.pathname}${url.search}`} renderedAt={renderedAt} />);
  return {
    html,
    title: pageTitle((key) => store.language.i18n.t(key), route.titleKey),
    htmlLang: langTag(request.lang),
    modules: [APP_MODULE, route.page.source, `locales/${request.lang}.json`],
    boot: { lang: request.lang, path, renderedAt, api },
    share: shareCardFor(path, '', t, store.content.plans.data, request.origin ?? ''),
  };
}
