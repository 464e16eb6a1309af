import { makeAutoObservable, runInAction } from 'mobx';
import { CODE_OK, type Envelope } from '../../contract/api';

export type ResourceStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * One piece of server data with its loading state. A newer load wins over an older one
 * still in flight, so a quick language switch never shows the previous language's data.
 */
export class Resource<T> {
  status: ResourceStatus = 'idle';
  data: T;
  message = '';
  private generation = 0;

  constructor(
    private readonly fetcher: () => Promise<Envelope<T>>,
    initial: T,
  ) {
    this.data = initial;
    makeAutoObservable<Resource<T>, 'fetcher' | 'generation'>(this, { fetcher: false, generation: false });
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
        } else {
          this.status = 'error';
          this.message = envelope.msg;
        }
      });
    } catch {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.status = 'error';
        this.message = '';
      });
    }
  }
}
