import { makeAutoObservable } from 'mobx';
import type { AdminTopups } from '../../../contract/topup-views';
import type { AdminApi } from '../api/endpoints';
import { Action, Loadable } from './loadable';

/** The customer page's top-up panel (issue 31): loaded per customer; support may turn automatic top-up off. */
export class TopupAdminStore {
  customerId: number | null = null;
  /** Null data while loading; `{ panel: null }` when the customer has no line. */
  readonly panel = new Loadable<{ panel: AdminTopups | null }>();
  readonly turnOff = new Action(async () => {
    if (this.customerId === null) return;
    this.panel.set({ panel: await this.api.autoTopupOff(this.customerId) });
  });

  constructor(private readonly api: AdminApi) {
    makeAutoObservable<TopupAdminStore, 'api'>(this, { api: false });
  }

  open(customerId: number): Promise<void> {
    this.customerId = customerId;
    this.turnOff.clear();
    return this.panel.load(async () => ({ panel: await this.api.customerTopups(customerId) }));
  }

  reset(): void {
    this.customerId = null;
    this.panel.reset();
    this.turnOff.clear();
  }
}
