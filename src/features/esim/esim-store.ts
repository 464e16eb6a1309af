import { makeAutoObservable, runInAction } from 'mobx';
import type { Container } from '../../../contract/containers';
import { esimSupport, type EsimSupport } from '../../../contract/esim-devices';
import { installWay, type InstallWay } from '../../../contract/esim-rules';
import { fetchEsimOrder, postEsimInstalled, type EsimOrderView } from '../../api/esim';
import { postHandoffCreate } from '../../api/handoff';
import type { HttpClient } from '../../api/http-client';
import { toResult, type ActionResult } from '../../lib/action-result';
import { Resource } from '../../lib/resource';

/**
 * One eSIM order's install (issue 30), made by the order's page when it opens: this code stays
 * out of the app's first load. The activation code lives only in `view`, in memory, on this page:
 * never in storage, so nothing of it outlives the page or reaches another customer.
 */
export class EsimStore {
  readonly view: Resource<EsimOrderView | null>;
  readonly support: EsimSupport;
  marking = false;
  /** Why "I've installed it" failed: the server's words, or else its error key. */
  markError: { msg: string; key: string } | null = null;
  handoffLink = '';
  handoffBusy = false;
  handoffError: { msg: string; key: string } | null = null;

  constructor(
    private readonly http: HttpClient,
    readonly orderNo: string,
    private readonly container: Container,
    private readonly userAgent: string,
  ) {
    this.support = esimSupport(userAgent);
    this.view = new Resource(() => fetchEsimOrder(http, orderNo), null);
    makeAutoObservable<EsimStore, 'http' | 'container' | 'userAgent'>(this, {
      http: false,
      userAgent: false,
      container: false,
      view: false,
      support: false,
      orderNo: false,
    });
  }

  /** How this page offers the install: one-tap link, hand-off to the phone's browser, or QR. */
  get way(): InstallWay | null {
    const activation = this.view.data?.activation;
    if (!activation) return null;
    return installWay(this.container, this.support, activation.lpa, this.userAgent);
  }

  /**
   * Waiting on someone else with the customer on the page: the carrier's install notice after
   * "I've installed it", or a profile from stock. The page asks again now and then meanwhile.
   */
  get following(): boolean {
    const view = this.view.data;
    return !!view && ((view.state === 'ready' && !!view.markedInstalledAt) || view.waitingStock);
  }

  load(): Promise<void> {
    return this.view.load();
  }

  /** "I've installed it": the answer says whether the line is open or waits for the carrier. */
  async markInstalled(): Promise<ActionResult<EsimOrderView>> {
    if (this.marking) return { ok: false, msg: '', error: 'BUSY', fields: {} };
    this.marking = true;
    this.markError = null;
    const result = await toResult(
      () => postEsimInstalled(this.http, this.orderNo),
      (d) => d,
    );
    runInAction(() => {
      this.marking = false;
      if (result.ok) this.view.set(result.value);
      else this.markError = { msg: result.msg, key: result.error };
    });
    return result;
  }

  /** The one-time link that opens this order's page in the phone's browser, where the link installs. */
  async makeHandoff(): Promise<void> {
    if (this.handoffBusy) return;
    this.handoffBusy = true;
    this.handoffError = null;
    const made = await toResult(
      () => postHandoffCreate(this.http, this.orderNo, 'esim'),
      (d) => d,
    );
    runInAction(() => {
      this.handoffBusy = false;
      if (made.ok) this.handoffLink = new URL(made.value.path, window.location.origin).href;
      else this.handoffError = { msg: made.msg, key: made.error };
    });
  }
}
