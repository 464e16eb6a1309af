import { makeAutoObservable, runInAction } from 'mobx';
import type { Envelope } from '../../../contract/api';
import type { ReplacementKind } from '../../../contract/lifecycle-rules';
import type { HttpClient } from '../../api/http-client';
import { fetchLostLine, postLost, postReplacement, postReplacementCancel, type LostLineView } from '../../api/lost';
import { toResult, type ActionResult } from '../../lib/action-result';
import { Resource } from '../../lib/resource';

/**
 * The lost page (issue 31): the report that stops the SIM, then the replacement and its
 * progress. Every answer is the page's whole state, so the page shows what the server says.
 */
export class LostStore {
  readonly line: Resource<LostLineView | null>;
  busy = false;
  failure: { msg: string; key: string } | null = null;

  constructor(private readonly http: HttpClient) {
    this.line = new Resource(() => fetchLostLine(http), null);
    makeAutoObservable<LostStore, 'http'>(this, { http: false, line: false });
  }

  load(): Promise<void> {
    return this.line.load();
  }

  report(): Promise<ActionResult<LostLineView>> {
    return this.run(() => postLost(this.http));
  }

  order(kind: ReplacementKind): Promise<ActionResult<LostLineView>> {
    return this.run(() => postReplacement(this.http, kind));
  }

  cancel(): Promise<ActionResult<LostLineView>> {
    return this.run(() => postReplacementCancel(this.http));
  }

  private async run(send: () => Promise<Envelope<LostLineView>>): Promise<ActionResult<LostLineView>> {
    if (this.busy) return { ok: false, msg: '', error: 'BUSY', fields: {} };
    this.busy = true;
    this.failure = null;
    const result = await toResult(send, (d) => d);
    runInAction(() => {
      this.busy = false;
      if (result.ok) this.line.set(result.value);
      else this.failure = { msg: result.msg, key: result.error };
    });
    // Done meanwhile elsewhere (another device, staff): show what is, beside the refusal.
    if (!result.ok && ['REPLACEMENT_OPEN', 'REPLACEMENT_NOT_LOST', 'NO_REPLACEMENT'].includes(result.error))
      void this.line.load();
    return result;
  }
}
