import { use, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../contract/limits';

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
}

/**
 * React.lazy remembers a failed import forever; this one keeps a failure only until the
 * route's retry button calls reset(), so the retry really goes back to the network.
 * A page loaded beforehand renders without suspending, which is what lets a server-drawn
 * page be hydrated in one pass.
 */
export function lazyPage(loader: () => Promise<PageModule>, source?: string): LazyPage {
  let pending: Promise<PageModule> | null = null;
  const preload = () => {
    if (!pending) {
      const promise: Promise<PageModule> = withTimeout(loader(), CHUNK_LOAD_TIMEOUT_MS).then((module) => {
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
    return <Loaded {...props} />;
  }
  return { Component: Page, reset: () => (pending = null), preload, source };
}
