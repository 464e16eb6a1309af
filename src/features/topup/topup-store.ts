import { makeAutoObservable, runInAction } from 'mobx';
import type { CardInput } from '../../../contract/card-rules';
import type { HttpClient } from '../../api/http-client';
import {
  fetchTopups,
  postAutoTopup,
  postCard,
  postCardRemove,
  postTopup,
  postTopupCancel,
  type TopupsPage,
  type TopupView,
} from '../../api/topup';
import { toResult, type ActionResult } from '../../lib/action-result';
import type { Clearable } from '../../lib/clearable';
import { Resource } from '../../lib/resource';

type Failure = { msg: string; key: string } | null;

/** The card form's tokenizer (the payment feature's tokenizeCard, handed over by the page). */
export type Tokenize = (
  card: CardInput,
  working: () => void,
) => Promise<
  | { problems: Partial<Record<keyof CardInput, string>> }
  | { failed: { reasonKey: string } }
  | { token: string | undefined }
>;

/**
 * The top-up page (issue 31): add-ons and the quota now, buying one (paid on the pay page), the
 * card kept at the gateway and the automatic top-up's settings. Made by the page, so none of it
 * is in the app's first load; clear() drops the customer's data all the same.
 */
export class TopupStore implements Clearable {
  readonly page: Resource<TopupsPage | null>;
  busy = false;
  failure: Failure = null;
  cardBusy = false;
  cardFailure: Failure = null;
  cardProblems: Partial<Record<keyof CardInput, string>> = {};

  constructor(
    private readonly http: HttpClient,
    private readonly tokenize: Tokenize,
  ) {
    this.page = new Resource(() => fetchTopups(http), null);
    makeAutoObservable<TopupStore, 'http' | 'tokenize'>(this, { http: false, tokenize: false, page: false });
  }

  load(): Promise<void> {
    return this.page.load();
  }

  clear(): void {
    this.page.set(null);
    this.failure = null;
    this.cardFailure = null;
    this.cardProblems = {};
  }

  /** Opens a top-up; the answer carries the charge to pay. */
  async buy(addonId: string): Promise<ActionResult<TopupView>> {
    const result = await this.run(() =>
      toResult(
        () => postTopup(this.http, addonId),
        (d) => d,
      ),
    );
    if (result.ok) void this.load();
    return result;
  }

  async withdraw(): Promise<void> {
    const result = await this.run(() =>
      toResult(
        () => postTopupCancel(this.http),
        (d) => d,
      ),
    );
    if (result.ok) await this.load();
  }

  async saveAuto(settings: { enabled: boolean; addonId: string; monthlyCap: number }): Promise<boolean> {
    const result = await this.run(() =>
      toResult(
        () => postAutoTopup(this.http, settings),
        (d) => d,
      ),
    );
    if (result.ok) this.patch({ auto: result.value });
    return result.ok;
  }

  /** The card typed here goes to the gateway's token script; only the token reaches the server. */
  async addCard(card: CardInput): Promise<boolean> {
    if (this.cardBusy) return false;
    this.cardFailure = null;
    this.cardProblems = {};
    const tokenized = await this.tokenize(card, () => runInAction(() => (this.cardBusy = true)));
    if ('problems' in tokenized) {
      runInAction(() => (this.cardProblems = tokenized.problems));
      return false;
    }
    if ('failed' in tokenized || !tokenized.token) {
      const key = 'failed' in tokenized ? tokenized.failed.reasonKey : 'api.errors.CARD_ON_FILE_FAILED';
      runInAction(() => {
        this.cardBusy = false;
        this.cardFailure = { msg: '', key };
      });
      return false;
    }
    const token = tokenized.token;
    const result = await toResult(
      () => postCard(this.http, token),
      (d) => d,
    );
    runInAction(() => {
      this.cardBusy = false;
      if (result.ok) this.patch({ card: result.value });
      else this.cardFailure = { msg: result.msg, key: `api.errors.${result.error}` };
    });
    return result.ok;
  }

  async removeCard(): Promise<void> {
    const result = await this.run(() =>
      toResult(
        () => postCardRemove(this.http),
        (d) => d,
      ),
    );
    if (result.ok) this.patch({ card: null, auto: result.value });
  }

  private patch(part: Partial<TopupsPage>) {
    const data = this.page.data;
    if (data) this.page.set({ ...data, ...part });
  }

  private async run<T>(send: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
    if (this.busy) return { ok: false, msg: '', error: 'BUSY', fields: {} };
    this.busy = true;
    this.failure = null;
    const result = await send();
    runInAction(() => {
      this.busy = false;
      if (!result.ok) this.failure = { msg: result.msg, key: result.error };
    });
    return result;
  }
}
