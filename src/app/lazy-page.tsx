import { use, useEffect, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../contract/limits';
import { LANGS } from '../../contract/api';
import { loadPageLocale, wantedLangNow } from '../features/language/load-locale';
import { NAMESPACES_OF_PAGE } from '../features/language/page-namespaces';
import { releaseDrawnData } from '../lib/resource';
import { useStores } from './store-context';

export interface PageProps {
  titleKey: string;
}

export type PageModule = { default: ComponentType<PageProps> };

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('page chunk failed to load', { cause });
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

export interface LazyPage {
  Component: ComponentType<PageProps>;
  /** Forgets a failed load so the next render tries the network again. */
  reset(): void;
  preload(): Promise<PageModule>;
  /** The page's source module, as the build manifest names it (for preload links). */
  source?: string;
  /** The parts of the dictionary only some pages speak that this one needs (page-namespaces.ts). */
  namespaces: readonly string[];
}

/**
 * The page's words that the first dictionary leaves out, fetched beside its chunk: in the
 * language being read, or in each language on the server, which draws both.
 */
function preloadWords(namespaces: readonly string[]): Promise<unknown> {
  if (namespaces.length === 0) return Promise.resolve();
  const wanted = wantedLangNow();
  const langs = import.meta.env.SSR || !wanted ? LANGS : [wanted];
  return Promise.all(langs.map((lang) => loadPageLocale(lang, namespaces)));
}

/**
 * React.lazy remembers a failed import forever; this one keeps a failure only until the
 * route's retry button calls reset(), so the retry really goes back to the network.
 * A page loaded beforehand renders without suspending, which is what lets a server-drawn
 * page be hydrated in one pass.
 */
export function lazyPage(loader: () => Promise<PageModule>, source?: string): LazyPage {
  const namespaces = (source && NAMESPACES_OF_PAGE[source]) || [];
  let pending: Promise<PageModule> | null = null;
  const preload = () => {
    if (!pending) {
      const both = Promise.all([loader(), preloadWords(namespaces)]).then(([module]) => module);
      const promise: Promise<PageModule> = withTimeout(both, CHUNK_LOAD_TIMEOUT_MS).then((module) => {
        // React's use() returns a promise's value without suspending when the promise says it
        // is fulfilled; calling use() on every render (hooks may not be conditional) then
        // costs nothing once the page is here.
        const settled = promise as Promise<PageModule> & { status?: string; value?: PageModule };
        settled.status = 'fulfilled';
        settled.value = module;
        return module;
      });
      // The rejection is shown by the route's error boundary; this only silences the console.
      promise.catch(() => undefined);
      pending = promise;
    }
    return pending;
  };
  function Page(props: PageProps) {
    const Loaded = use(preload()).default;
    useEffect(releaseDrawnData, []);
    return <Loaded {...props} />;
  }
  function PageWithWords(props: PageProps) {
    const Loaded = use(preload()).default;
    useEffect(releaseDrawnData, []);
    // Never draws raw keys: waits (only when they have not arrived) for the words it needs.
    const words = useStores().language.pageReady(namespaces);
    if (words) use(words);
    return <Loaded {...props} />;
  }
  const Component = namespaces.length > 0 ? PageWithWords : Page;
  return { Component, reset: () => (pending = null), preload, source, namespaces };
}
