import { makeAutoObservable } from 'mobx';
import type { AdminLeaving } from '../../../contract/leave-views';
import type { AdminClient } from '../api/client';
import { Action, Loadable } from './loadable';

const base = (id: number) => `/api/admin/customers/${id}`;

/**
 * The customer page's leaving panel: the booked cancellation with its final bill, booking or
 * withdrawing it for the customer, and the port-out (issue the number, mark it completed).
 * Each answer is the panel's whole state again.
 */
export class LeavingStore {
  customerId = 0;
  readonly panel = new Loadable<AdminLeaving>();
  readonly book = new Action((lastDay: string) => this.send('cancellation', { lastDay }));
  readonly withdraw = new Action(() => this.send('cancellation/withdraw'));
  readonly endNow = new Action(() => this.send('cancellation/end-now'));
  readonly issue = new Action(() => this.send('port-out/issue'));
  readonly complete = new Action(() => this.send('port-out/complete'));

  constructor(private readonly client: AdminClient) {
    makeAutoObservable<LeavingStore, 'client'>(this, { client: false });
  }

  open(customerId: number): Promise<void> {
    this.customerId = customerId;
    for (const action of [this.book, this.withdraw, this.endNow, this.issue, this.complete]) action.clear();
    return this.panel.load(() => this.client.get<AdminLeaving>(`${base(customerId)}/leaving`));
  }

  reset(): void {
    this.customerId = 0;
    this.panel.reset();
  }

  private async send(path: string, body: Record<string, string> = {}): Promise<void> {
    this.panel.set(await this.client.post<AdminLeaving>(`${base(this.customerId)}/${path}`, body));
  }
}
