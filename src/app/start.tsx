import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { BootData } from '../../contract/page-render';
import { bootFetch } from '../api/boot-fetch';
import { postPageSession } from '../api/user';
import { loadLocale } from '../features/language/load-locale';
import { nextTask } from '../lib/after-first-paint';
import { holdDrawnData } from '../lib/resource';
import { memoryStorage, type KeyValueStorage } from '../lib/persistence';
import { App, BASENAME } from './app';
import { RootStore } from './root-store';
import { routeFor } from './routes';

function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage {
  try {
    const probe = '__probe__';
    window[kind].setItem(probe, probe);
    window[kind].removeItem(probe);
    return window[kind];
  } catch {
    return memoryStorage();
  }
}

/**
 * Marks the stylesheets the server put inline as there: a page chunk's loader (Vite's) asks
 * for the chunk's CSS and finds it only as a <link>. Without the marks a drawn page fetched
 * its whole CSS again as it hydrated, waited for it, and styled the page twice over. Disabled,
 * a link is never fetched.
 */
function markInlineStyles(hrefs: readonly string[]): void {
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.disabled = true;
    link.href = href;
    document.head.appendChild(link);
  }
}

/**
 * Builds the stores and draws the app: hydrating the server's page when it drew this one.
 * Each step ends its task (nextTask): on a slow phone, opening the phone's storage, building
 * the stores, launching them (i18next's set-up, the first requests) and hydrating would
 * otherwise hold the page frozen in one long task.
 */
export async function start(boot: BootData | null): Promise<void> {
  markInlineStyles(boot?.styles ?? []);
  const network = () => globalThis.fetch.bind(globalThis);
  // The first touch of localStorage reads the site's whole store from disk.
  const storage = browserStorage('localStorage');
  const sessionStorage = browserStorage('sessionStorage');
  await nextTask();
  const store = new RootStore({
    storage,
    sessionStorage,
    loadLocale,
    fetchImpl: boot ? bootFetch(boot.api, network) : undefined,
  });
  await nextTask();
  const { languageReady, configReady, done } = store.launch();
  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from index.html');
  const path = window.location.pathname.slice(BASENAME.length) || '/';
  const query = new URLSearchParams(window.location.search);
  const drawable = routeFor(path)?.serverRendered;
  // Signed in from before pages were drawn with a session: the next personal page will be.
  if (drawable?.personal && !boot?.personal)
    void done.then(() => {
      if (store.session.isLogin) postPageSession(store.http).catch(() => undefined);
    });
  // The server drew this page in the language it was asked for (a cookie, or Chinese); a
  // phone that reads the other one draws the page itself. A personal page needs the session
  // this phone keeps, confirmed by the answer the server drew with.
  const route = boot && boot.path === path && boot.lang === store.language.lang ? routeFor(path) : undefined;
  const sameScreen = !boot?.personal || (boot.platform === store.bridge.platform && boot.desktop === store.desktop);
  if (boot && route?.serverRendered && (!boot.personal || store.session.token) && sameScreen) {
    try {
      // All of it comes from the page itself or the chunks it preloaded: no waiting on the network.
      await Promise.all([
        languageReady,
        configReady,
        boot.personal && done,
        route.page.preload(),
        route.serverRendered.load?.(store, query),
      ]);
      if (!boot.personal || store.session.isLogin) {
        await nextTask();
        // As a transition, hydration yields to the browser every few milliseconds instead of
        // running to the end in one task; a tap meanwhile hydrates what it touched first.
        holdDrawnData();
        startTransition(() => {
          hydrateRoot(container, <App store={store} renderedAt={boot.renderedAt} />);
        });
        return;
      }
    } catch {
      // A chunk that failed to load: draw the page afresh, with its retry.
    }
  }
  // Drawing before the dictionary arrives would flash raw keys; wait for it, but not for the API.
  await languageReady.catch(() => undefined);
  createRoot(container).render(<App store={store} />);
}
