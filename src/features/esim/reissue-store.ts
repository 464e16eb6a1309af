import { makeAutoObservable, runInAction } from 'mobx';
import type { ReissueReason } from '../../../contract/esim-rules';
import { fetchEsimLine, postReissue, postReissueCancel, type EsimLineView, type ReissueView } from '../../api/esim';
import type { HttpClient } from '../../api/http-client';
import { toResult, type ActionResult } from '../../lib/action-result';
import { Resource } from '../../lib/resource';

/**
 * The line page's reissue card (issue 30): a new profile for a new phone or a deleted eSIM. One
 * open reissue at a time; its fee is a charge paid on the pay page. Made by the line page.
 */
export class ReissueStore {
  readonly line: Resource<EsimLineView | null>;
  busy = false;
  failure: { msg: string; key: string } | null = null;

  constructor(private readonly http: HttpClient) {
    this.line = new Resource(() => fetchEsimLine(http), null);
    makeAutoObservable<ReissueStore, 'http'>(this, { http: false, line: false });
  }

  get open(): ReissueView | null {
    return this.line.data?.openReissue ?? null;
  }

  load(): Promise<void> {
    return this.line.load();
  }

  /** Asks for a new profile; the answer is the open reissue (awaiting payment when there is a fee). */
  request(reason: ReissueReason): Promise<ActionResult<ReissueView>> {
    return this.run(() => postReissue(this.http, reason));
  }

  /** Withdraws a reissue not yet paid: nothing was charged, the old profile stays. */
  cancel(reissueNo: string): Promise<ActionResult<ReissueView>> {
    return this.run(() => postReissueCancel(this.http, reissueNo));
  }

  private async run(send: () => ReturnType<typeof postReissue>): Promise<ActionResult<ReissueView>> {
    if (this.busy) return { ok: false, msg: '', error: 'BUSY', fields: {} };
    this.busy = true;
    this.failure = null;
    const result = await toResult(send, (d) => d);
    runInAction(() => {
      this.busy = false;
      const line = this.line.data;
      if (result.ok && line) {
        const open = result.value.status === 'done' || result.value.status === 'cancelled' ? null : result.value;
        this.line.set({ ...line, openReissue: open });
      } else if (!result.ok) this.failure = { msg: result.msg, key: result.error };
    });
    // Another attempt already open (another device): show it rather than the refusal alone.
    if (!result.ok && result.error === 'REISSUE_OPEN') void this.line.load();
    return result;
  }
}
