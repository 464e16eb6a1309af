import type { AdminClient } from '../api/client';
import { adminApi } from '../api/endpoints';
import { AuditStore, StaffStore } from './audit-store';
import { CustomersStore } from './customers-store';
import { EsimStore } from './esim-store';
import { LeavingStore } from './leaving-store';
import { LostAdminStore } from './lost-store';
import { MoneyStore } from './money-store';
import { FulfilmentStore, OrderStore, ReviewStore } from './order-stores';
import { TopupAdminStore } from './topup-store';

/**
 * The stores of the console's areas. They come with the console's chunk (console.tsx builds
 * them at the first sign-in), so the sign-in screen loads neither them nor the API calls only
 * they make; RootStore hands them to the pages.
 */
export class ConsoleStores {
  readonly review: ReviewStore;
  readonly orders: OrderStore;
  readonly fulfilment: FulfilmentStore;
  readonly esim: EsimStore;
  readonly customers: CustomersStore;
  readonly money: MoneyStore;
  readonly audit: AuditStore;
  readonly staff: StaffStore;
  readonly lost: LostAdminStore;
  readonly leaving: LeavingStore;
  readonly topups: TopupAdminStore;

  constructor(client: AdminClient) {
    const api = adminApi(client);
    this.review = new ReviewStore(api);
    this.orders = new OrderStore(api);
    this.fulfilment = new FulfilmentStore(api);
    this.esim = new EsimStore(api);
    this.customers = new CustomersStore(api);
    this.money = new MoneyStore(api);
    this.audit = new AuditStore(api);
    this.staff = new StaffStore(api);
    this.lost = new LostAdminStore(client);
    this.leaving = new LeavingStore(client);
    this.topups = new TopupAdminStore(api);
  }

  /** Nothing one staff member saw stays in the page for the next to sign in. */
  reset(): void {
    const stores = [this.review, this.orders, this.fulfilment, this.esim, this.customers, this.money, this.audit];
    for (const store of [...stores, this.staff, this.lost, this.leaving, this.topups]) store.reset();
  }
}
