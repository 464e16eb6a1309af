import { makeAutoObservable, runInAction } from 'mobx';
import type { HttpClient } from '../../api/http-client';
import { toResult, type ActionResult } from '../../lib/action-result';
import { Resource } from '../../lib/resource';
import {
  fetchLineHistory,
  fetchPause,
  postPause,
  postPauseCancel,
  postResume,
  type LineHistory,
  type PauseView,
} from './pause-api';

/**
 * The pause page and the line page's pause card (issue 31): what may be booked and the open
 * pause, the line's history, and the three requests. One request at a time; each answer is the
 * page's new state.
 */
export class PauseStore {
  readonly view: Resource<PauseView | null>;
  readonly history: Resource<LineHistory | null>;
  busy = false;
  failure: { msg: string; key: string } | null = null;

  constructor(private readonly http: HttpClient) {
    this.view = new Resource(() => fetchPause(http), null);
    this.history = new Resource(() => fetchLineHistory(http), null);
    makeAutoObservable<PauseStore, 'http'>(this, { http: false, view: false, history: false });
  }

  load(): Promise<void> {
    return this.view.load();
  }

  book(start: string, resumeOn: string): Promise<ActionResult<PauseView>> {
    return this.run(() => postPause(this.http, start, resumeOn));
  }

  cancel(): Promise<ActionResult<PauseView>> {
    return this.run(() => postPauseCancel(this.http));
  }

  resume(): Promise<ActionResult<PauseView>> {
    return this.run(() => postResume(this.http));
  }

  clearFailure(): void {
    this.failure = null;
  }

  private async run(send: () => ReturnType<typeof postPause>): Promise<ActionResult<PauseView>> {
    if (this.busy) return { ok: false, msg: '', error: 'BUSY', fields: {} };
    this.busy = true;
    this.failure = null;
    const result = await toResult(send, (d) => d);
    runInAction(() => {
      this.busy = false;
      if (result.ok) this.view.set(result.value);
      else this.failure = { msg: result.msg, key: result.error };
    });
    // Booked elsewhere meanwhile (another device): show what is there now.
    if (!result.ok && ['PAUSE_OPEN', 'NO_PAUSE', 'LINE_NOT_ACTIVE'].includes(result.error)) void this.view.load();
    if (result.ok) void this.history.load();
    return result;
  }
}
