import { use, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../contract/limits';

export interface PageProps {
  titleKey: string;
}

type PageModule = { default: ComponentType<PageProps> };

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
}

/**
 * React.lazy remembers a failed import forever; this one keeps a failure only until the
 * route's retry button calls reset(), so the retry really goes back to the network.
 */
export function lazyPage(loader: () => Promise<PageModule>): LazyPage {
  let pending: Promise<PageModule> | null = null;
  const preload = () => {
    if (!pending) {
      pending = withTimeout(loader(), CHUNK_LOAD_TIMEOUT_MS);
      // The rejection is shown by the route's error boundary; this only silences the console.
      pending.catch(() => undefined);
    }
    return pending;
  };
  function Page(props: PageProps) {
    const Loaded = use(preload()).default;
    return <Loaded {...props} />;
  }
  return { Component: Page, reset: () => (pending = null), preload };
}
