import { makeAutoObservable, runInAction } from 'mobx';
import { AdminApiError } from '../api/client';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export function asApiError(failure: unknown): AdminApiError {
  return failure instanceof AdminApiError ? failure : new AdminApiError(0, 'SERVER_ERROR', '');
}

/**
 * One piece of server data and how its load went. A newer load wins over one still in flight,
 * so switching from one order to the next never shows the previous order.
 */
export class Loadable<T> {
  status: LoadStatus = 'idle';
  data: T | null = null;
  error: AdminApiError | null = null;
  private fetcher: (() => Promise<T>) | null = null;
  private generation = 0;

  constructor() {
    makeAutoObservable<Loadable<T>, 'fetcher' | 'generation'>(this, { fetcher: false, generation: false });
  }

  /** Loads with `fetcher` (kept for retry); `keep` leaves the current data on screen meanwhile. */
  async load(fetcher: () => Promise<T>, keep = false): Promise<void> {
    this.fetcher = fetcher;
    const generation = ++this.generation;
    this.status = 'loading';
    this.error = null;
    if (!keep) this.data = null;
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
          this.error = asApiError(failure);
          this.status = 'error';
        });
    }
  }

  retry(): Promise<void> {
    return this.fetcher ? this.load(this.fetcher) : Promise.resolve();
  }

  /** A change answered with the new state (an approved order, a refunded payment). */
  set(data: T): void {
    this.data = data;
    this.status = 'ready';
    this.error = null;
  }

  reset(): void {
    this.generation += 1;
    this.fetcher = null;
    this.status = 'idle';
    this.data = null;
    this.error = null;
  }
}

/**
 * A change a staff member asks for: whether it is running (its button is disabled meanwhile),
 * and the server's refusal with the fields it names.
 */
export class Action<A extends unknown[], R> {
  running = false;
  error: AdminApiError | null = null;
  /** The last run succeeded (for a short confirmation next to the button). */
  done = false;

  constructor(private readonly perform: (...args: A) => Promise<R>) {
    makeAutoObservable<Action<A, R>, 'perform'>(this, { perform: false });
  }

  async run(...args: A): Promise<R | undefined> {
    if (this.running) return undefined;
    this.running = true;
    this.error = null;
    this.done = false;
    try {
      const result = await this.perform(...args);
      runInAction(() => {
        this.running = false;
        this.done = true;
      });
      return result;
    } catch (failure) {
      runInAction(() => {
        this.running = false;
        this.error = asApiError(failure);
      });
      return undefined;
    }
  }

  /** A refusal found before asking the server (a field left empty). */
  refuse(key: string, text: string, fields: Record<string, string> = {}): void {
    this.error = new AdminApiError(200, key, text, fields);
    this.done = false;
  }

  clear(): void {
    this.error = null;
    this.done = false;
  }
}
