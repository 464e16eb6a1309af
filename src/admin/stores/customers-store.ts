import { makeAutoObservable } from 'mobx';
import type { AddressChangeBody, AdminCustomer, CustomerSearch } from '../../../contract/admin-api';
import type { AdminApi } from '../api/endpoints';
import { Action, Loadable } from './loadable';

/** Finding a customer, their page, and the support actions on it. */
export class CustomersStore {
  query = '';
  readonly results = new Loadable<CustomerSearch>();
  readonly customer = new Loadable<AdminCustomer>();
  readonly resend = new Action(async () => {
    const id = this.customer.data?.customer.id;
    if (id !== undefined) await this.api.resendActivation(id);
  });
  readonly address = new Action(async (body: AddressChangeBody) => {
    const id = this.customer.data?.customer.id;
    if (id === undefined) return;
    this.customer.set(await this.api.changeAddress(id, body));
  });

  constructor(private readonly api: AdminApi) {
    makeAutoObservable<CustomersStore, 'api'>(this, { api: false });
  }

  setQuery(query: string): void {
    this.query = query;
  }

  search(): Promise<void> {
    const q = this.query.trim();
    return this.results.load(() => this.api.searchCustomers(q));
  }

  open(id: number): Promise<void> {
    this.resend.clear();
    this.address.clear();
    return this.customer.load(() => this.api.customer(id));
  }

  reset(): void {
    this.query = '';
    this.results.reset();
    this.customer.reset();
  }
}
