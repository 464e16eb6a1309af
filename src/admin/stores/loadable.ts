import { makeAutoObservable, runInAction } from 'mobx';
import { asClientError, Loadable as SharedLoadable, type LoadStatus } from '../../lib/resource';
import { AdminApiError } from '../api/client';

export type { LoadStatus };

export const asApiError: (failure: unknown) => AdminApiError = asClientError;

/**
 * The shared loadable (src/lib/resource.ts) as the console reads it: no data until the first
 * answer, and `error` for the refusal its views show.
 */
export class Loadable<T> extends SharedLoadable<T | null> {
  constructor() {
    super({ initial: null });
  }

  get error(): AdminApiError | null {
    return this.failure;
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
