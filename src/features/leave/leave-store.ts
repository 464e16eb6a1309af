import { makeAutoObservable, runInAction } from 'mobx';
import type { Envelope } from '../../../contract/api';
import {
  fetchCancellation,
  fetchPortOut,
  postCancellation,
  postPortOut,
  postPortOutCancel,
  postWithdrawCancellation,
  type CancellationView,
  type PortOutView,
} from '../../api/leave';
import type { HttpClient } from '../../api/http-client';
import { toResult, type ActionResult } from '../../lib/action-result';
import { Resource } from '../../lib/resource';

/**
 * The cancel page (issue 31): a last day picked, its quote (the rule and the final bill) read
 * before confirming, the booking and its withdrawal; and the port-out of a voice line. Made by
 * the page, so none of it is in the app's first load.
 */
export class LeaveStore {
  readonly view: Resource<CancellationView | null>;
  readonly port: Resource<PortOutView | null>;
  /** The last day the quote is for ('' before one is asked). */
  lastDay = '';
  busy = false;
  failure: { msg: string; key: string } | null = null;

  constructor(private readonly http: HttpClient) {
    this.view = new Resource(() => fetchCancellation(http, this.lastDay || undefined), null);
    this.port = new Resource(() => fetchPortOut(http), null);
    makeAutoObservable<LeaveStore, 'http'>(this, { http: false, view: false, port: false });
  }

  load(): Promise<void> {
    return Promise.all([this.view.load(), this.port.load()]).then(() => undefined);
  }

  /** The rule and the final bill for a last day, before anything is booked. */
  quote(lastDay: string): Promise<void> {
    this.lastDay = lastDay;
    this.failure = null;
    return this.view.load();
  }

  /** Back to picking a day (the quote is dropped). */
  clearQuote(): void {
    this.lastDay = '';
    const view = this.view.data;
    if (view) this.view.set({ ...view, quote: null });
  }

  book(): Promise<ActionResult<CancellationView>> {
    const lastDay = this.lastDay;
    return this.run(this.view, () => postCancellation(this.http, lastDay));
  }

  withdraw(): Promise<ActionResult<CancellationView>> {
    this.lastDay = '';
    return this.run(this.view, () => postWithdrawCancellation(this.http));
  }

  askPortOut(): Promise<ActionResult<PortOutView>> {
    return this.run(this.port, () => postPortOut(this.http));
  }

  cancelPortOut(): Promise<ActionResult<PortOutView>> {
    return this.run(this.port, () => postPortOutCancel(this.http));
  }

  private async run<T>(target: Resource<T | null>, send: () => Promise<Envelope<T>>): Promise<ActionResult<T>> {
    if (this.busy) return { ok: false, msg: '', error: 'BUSY', fields: {} };
    this.busy = true;
    this.failure = null;
    const result = await toResult(send, (d) => d);
    runInAction(() => {
      this.busy = false;
      if (result.ok) target.set(result.value);
      else this.failure = { msg: result.msg, key: result.error };
    });
    // Booked or withdrawn elsewhere meanwhile (another device, staff): show what is true now.
    if (!result.ok) void target.load();
    return result;
  }
}
