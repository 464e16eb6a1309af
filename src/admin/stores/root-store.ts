import { createAdminClient, type AdminClient } from '../api/client';
import { adminApi } from '../api/endpoints';
import { LeavingStore } from './leaving-store';
import { AuditStore, StaffStore } from './audit-store';
import { CustomersStore } from './customers-store';
import { LostAdminStore } from './lost-store';
import { EsimStore } from './esim-store';
import { LanguageStore } from './language-store';
import { MoneyStore } from './money-store';
import { FulfilmentStore, OrderStore, ReviewStore } from './order-stores';
import { SessionStore } from './session-store';
import { TopupAdminStore } from './topup-store';

/** The console's stores, one per area, built once at start and reached through useAdmin(). */
export class RootStore {
  readonly language = new LanguageStore();
  readonly session: SessionStore;
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
  /** The staff API's client, for a panel that keeps its own small store (the line panel). */
  readonly client: AdminClient;
  readonly topups: TopupAdminStore;

  constructor(fetchImpl?: typeof fetch) {
    this.client = createAdminClient({
      getLang: () => this.language.lang,
      getCsrf: () => this.session.csrf,
      onUnauthorized: () => this.session.expire(),
      fetchImpl,
    });
    const api = adminApi(this.client);
    this.session = new SessionStore(api, () => this.forget());
    this.review = new ReviewStore(api);
    this.orders = new OrderStore(api);
    this.fulfilment = new FulfilmentStore(api);
    this.esim = new EsimStore(api);
    this.customers = new CustomersStore(api);
    this.money = new MoneyStore(api);
    this.audit = new AuditStore(api);
    this.staff = new StaffStore(api);
    this.lost = new LostAdminStore(this.client);
    this.leaving = new LeavingStore(this.client);
    this.topups = new TopupAdminStore(api);
  }

  /** Nothing one staff member saw stays in the page for the next to sign in. */
  private forget(): void {
    const stores = [this.review, this.orders, this.fulfilment, this.esim, this.customers, this.money, this.audit];
    for (const store of [...stores, this.staff, this.lost, this.leaving, this.topups]) store.reset();
  }
}
