import { makeAutoObservable, runInAction } from 'mobx';
import { CODE_OK, type Envelope } from '../../contract/api';
import { ApiRequestError } from '../api/http-client';

export type ResourceStatus = 'idle' | 'loading' | 'ready' | 'error';

function errorKeyOf(data: unknown): string {
  return typeof data === 'object' && data !== null && 'error' in data ? String(data.error) : '';
}

/**
 * One piece of server data with its loading state. A newer load wins over an older one
 * still in flight, so a quick language switch never shows the previous language's data.
 */
export class Resource<T> {
  status: ResourceStatus = 'idle';
  data: T;
  /** The server's localized message when it answered with a refusal, else ''. */
  message = '';
  /**
   * Why the last load failed: the server's error key (NOT_FOUND, ...) when it answered,
   * NETWORK or TIMEOUT when it did not. Lets a page tell "not there" from "try again".
   */
  error = '';
  private generation = 0;

  constructor(
    private readonly fetcher: () => Promise<Envelope<T>>,
    private readonly initial: T,
  ) {
    this.data = initial;
    makeAutoObservable<Resource<T>, 'fetcher' | 'generation' | 'initial'>(this, {
      fetcher: false,
      generation: false,
      initial: false,
    });
  }

  /** Forgets the data and any load in flight, so the next screen never shows an old answer. */
  reset(): void {
    this.generation += 1;
    this.status = 'idle';
    this.data = this.initial;
    this.message = '';
    this.error = '';
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    this.status = 'loading';
    try {
      const envelope = await this.fetcher();
      if (generation !== this.generation) return;
      runInAction(() => {
        if (envelope.code === CODE_OK) {
          this.data = envelope.data;
          this.status = 'ready';
          this.message = '';
          this.error = '';
        } else {
          this.status = 'error';
          this.message = envelope.msg;
          this.error = errorKeyOf(envelope.data) || 'BAD_REQUEST';
        }
      });
    } catch (failure) {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.status = 'error';
        this.message = '';
        this.error = 'SERVER_ERROR';
        if (failure instanceof ApiRequestError) {
          if (failure.kind === 'network') this.error = 'NETWORK';
          else if (failure.kind === 'timeout') this.error = 'TIMEOUT';
          else this.error = errorKeyOf((failure.data as { data?: unknown } | null)?.data) || 'SERVER_ERROR';
        }
      });
    }
  }
}
