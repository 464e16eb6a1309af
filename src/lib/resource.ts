import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { CODE_OK, type Envelope } from '../../contract/api';
import { ClientError, refusalOf } from './http-core';

// A server-drawn page arrives with the answers it was drawn from (api/boot-fetch.ts), and the
// route's load puts them in the stores before hydration. The page's own effects then ask for
// the same data again as they mount: until those effects have run, a load of data that is
// already on screen is skipped, so a drawn page neither asks twice nor renders again with what
// it already shows. Both apps share Loadable; only the customer app's start holds this.
let held = false;

/** Far longer than a slow phone hydrates in: only a page that never hydrates waits this long. */
const HOLD_LIMIT_MS = 10_000;

/** From just before hydration… */
export function holdDrawnData(): void {
  held = true;
  setTimeout(releaseDrawnData, HOLD_LIMIT_MS);
}

/**
 * …until the drawn page's own effects have run: its wrapper's effect (app/lazy-page.tsx) runs
 * after them. Not the App's: the page sits in a Suspense boundary, which hydrates after the root.
 */
export function releaseDrawnData(): void {
  held = false;
}

export function drawnDataHeld(): boolean {
  return held;
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
export type ResourceStatus = LoadStatus;

/** Turns whatever a failed load threw into the client error both apps show. */
export function asClientError(failure: unknown): ClientError {
  return failure instanceof ClientError ? failure : new ClientError(0, 'SERVER_ERROR', '');
}

export interface LoadableOptions<T> {
  /** What `data` holds before the first answer and after a reset. */
  initial: T;
  /** A fetcher kept for every load and retry; without it each load brings its own. */
  fetcher?: () => Promise<T>;
}

/**
 * One piece of server data and how its load went, for both apps (issue 28). A newer load wins
 * over one still in flight, so a quick language switch, or the next order, never shows the
 * previous answer.
 */
export class Loadable<T> {
  status: LoadStatus = 'idle';
  data: T;
  failure: ClientError | null = null;
  private fetcher: (() => Promise<T>) | null;
  private generation = 0;
  private readonly initial: T;
  private readonly bound: (() => Promise<T>) | null;

  constructor(options: LoadableOptions<T>) {
    this.initial = options.initial;
    this.data = options.initial;
    this.bound = options.fetcher ?? null;
    this.fetcher = this.bound;
    makeObservable(this, {
      status: observable,
      data: observable,
      failure: observableRef,
      load: action,
      set: action,
      reset: action,
    });
  }

  /** Loads with `fetcher` (kept for retry); `keep` leaves the current data on screen meanwhile. */
  async load(fetcher: (() => Promise<T>) | null = this.fetcher, keep = false): Promise<void> {
    if (!fetcher) return;
    if (fetcher === this.fetcher && drawnDataHeld() && this.answered) return;
    this.fetcher = fetcher;
    const generation = ++this.generation;
    this.status = 'loading';
    this.failure = null;
    if (!keep) this.data = this.initial;
    try {
      const data = await fetcher();
      if (generation === this.generation)
        runInAction(() => {
          this.data = data;
          this.status = 'ready';
        });
    } catch (failure) {
      if (generation === this.generation)
        runInAction(() => {
          this.failure = asClientError(failure);
          this.status = 'error';
        });
    }
  }

  /** The failed request's id for support ('' when there is none: no answer, or data on screen). */
  get reference(): string {
    return this.failure?.requestId ?? '';
  }

  /** The server answered the last load: with data, or with a refusal (not a network failure). */
  private get answered(): boolean {
    return this.status === 'ready' || (this.status === 'error' && this.failure?.status === 200);
  }

  retry(): Promise<void> {
    return this.load();
  }

  /** A change answered with the new state (an approved order, a refunded payment). */
  set(data: T): void {
    this.data = data;
    this.status = 'ready';
    this.failure = null;
  }

  /** Forgets the data and any load in flight, so the next screen never shows an old answer. */
  reset(): void {
    this.generation += 1;
    this.fetcher = this.bound;
    this.status = 'idle';
    this.data = this.initial;
    this.failure = null;
  }
}

/** A 200 answer whose envelope refuses: its key names why, its message says it. */
function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.code === CODE_OK) return envelope.data;
  throw new ClientError(200, refusalOf(envelope, 'BAD_REQUEST').key, envelope.msg);
}

/**
 * The customer app's resource: one fetcher of an envelope, and the data on screen while it
 * reloads. `error` and `message` are the failure's key and text as the customer pages read them.
 */
export class Resource<T> extends Loadable<T> {
  constructor(fetcher: () => Promise<Envelope<T>>, initial: T) {
    super({ initial, fetcher: async () => unwrap(await fetcher()) });
  }

  override load(): Promise<void> {
    return super.load(undefined, true);
  }

  /**
   * Why the last load failed: the server's error key (NOT_FOUND, ...) when it answered,
   * NETWORK or TIMEOUT when it did not. Lets a page tell "not there" from "try again".
   */
  get error(): string {
    return this.failure?.key ?? '';
  }

  /** The server's localized message when it answered with a refusal (HTTP 200), else ''. */
  get message(): string {
    return this.failure?.status === 200 ? this.failure.text : '';
  }
}
