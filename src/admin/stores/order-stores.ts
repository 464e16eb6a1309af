import { makeAutoObservable } from 'mobx';
import type {
  ActivateBody,
  AdminOrder,
  ApproveBody,
  CounterCheckBody,
  FulfilmentQueue,
  RejectBody,
  ReviewNext,
  ReviewQueue,
  ShipBody,
} from '../../../contract/admin-api';
import type { ReissueReason } from '../../../contract/esim-rules';
import type { AdminApi } from '../api/endpoints';
import { Action, Loadable } from './loadable';

/** The review queue: orders under review, oldest paid first. */
export class ReviewStore {
  readonly queue = new Loadable<ReviewQueue>();

  constructor(private readonly api: AdminApi) {
    makeAutoObservable<ReviewStore, 'api'>(this, { api: false });
  }

  load(): Promise<void> {
    return this.queue.load(() => this.api.reviewQueue(), true);
  }

  reset(): void {
    this.queue.reset();
  }
}

/** Orders to ship or hand over, and orders waiting for their line. */
export class FulfilmentStore {
  readonly queue = new Loadable<FulfilmentQueue>();

  constructor(private readonly api: AdminApi) {
    makeAutoObservable<FulfilmentStore, 'api'>(this, { api: false });
  }

  load(): Promise<void> {
    return this.queue.load(() => this.api.fulfilment(), true);
  }

  reset(): void {
    this.queue.reset();
  }
}

/**
 * One order as staff see it, and what may be done to it: approve or reject (review), ship,
 * hand over, record the counter's IC chip check or activate (fulfilment). Each change answers
 * with the order as it now is.
 */
export class OrderStore {
  readonly order = new Loadable<AdminOrder>();
  /** After a review decision: the order waiting next (null when the queue is empty). */
  readonly next = new Loadable<ReviewNext>();
  readonly approve = new Action((body: ApproveBody) => this.decide((no) => this.api.approve(no, body)));
  readonly reject = new Action((body: RejectBody) => this.decide((no) => this.api.reject(no, body)));
  readonly ship = new Action((body: ShipBody) => this.change((no) => this.api.ship(no, body)));
  readonly pickup = new Action(() => this.change((no) => this.api.pickup(no)));
  readonly activate = new Action((body: ActivateBody) => this.change((no) => this.api.activate(no, body)));
  /** The IC chip read face to face at the store (a pickup order checked at the counter). */
  readonly counterCheck = new Action((body: CounterCheckBody) => this.change((no) => this.api.counterCheck(no, body)));
  /**
   * A new eSIM profile for the order's line (free when staff ask; the old one is released). The
   * server answers the reissue alone: the order is read again for its profiles and reissues.
   */
  readonly esimReissue = new Action((reason: ReissueReason) =>
    this.change(async (no) => {
      await this.api.esimReissue(no, reason);
      return this.api.order(no);
    }),
  );

  constructor(private readonly api: AdminApi) {
    makeAutoObservable<OrderStore, 'api'>(this, { api: false });
  }

  get orderNo(): string {
    return this.order.data?.order.orderNo ?? '';
  }

  open(orderNo: string): Promise<void> {
    const actions = [this.approve, this.reject, this.ship, this.pickup, this.activate, this.counterCheck];
    for (const action of [...actions, this.esimReissue]) action.clear();
    this.next.reset();
    return this.order.load(() => this.api.order(orderNo));
  }

  /** A document's image, watermarked by the server; each look is on the audit trail. */
  document(id: string): Promise<Blob> {
    // Asked for this order, so the audit trail says which order the look was for.
    return this.api.document(id, this.orderNo);
  }

  reset(): void {
    this.order.reset();
    this.next.reset();
  }

  /** A decision, then the next order of the queue, so the reviewer goes on without the list. */
  private async decide(call: (orderNo: string) => Promise<AdminOrder>): Promise<AdminOrder> {
    const updated = await this.change(call);
    void this.next.load(() => this.api.reviewNext(updated.order.orderNo));
    return updated;
  }

  private async change(call: (orderNo: string) => Promise<AdminOrder>): Promise<AdminOrder> {
    const updated = await call(this.orderNo);
    this.order.set(updated);
    return updated;
  }
}
