import { makeAutoObservable } from 'mobx';
import type { AuditList, StaffList } from '../../../contract/admin-api';
import type { AdminApi, AuditFilter } from '../api/endpoints';
import { Loadable } from './loadable';

const NO_FILTER: AuditFilter = { actor: '', action: '', target: '', from: '', to: '' };

/** The audit trail, filtered; the CSV export carries the same filters. */
export class AuditStore {
  filter: AuditFilter = { ...NO_FILTER };
  /** The filter of the rows on screen (the export link follows what is shown). */
  shown: AuditFilter = { ...NO_FILTER };
  readonly rows = new Loadable<AuditList>();

  constructor(private readonly api: AdminApi) {
    makeAutoObservable<AuditStore, 'api'>(this, { api: false });
  }

  setFilter(filter: Partial<AuditFilter>): void {
    this.filter = { ...this.filter, ...filter };
  }

  get csvUrl(): string {
    return this.api.auditCsvUrl(this.shown);
  }

  load(): Promise<void> {
    const filter = { ...this.filter };
    this.shown = filter;
    return this.rows.load(() => this.api.audit(filter));
  }

  clearFilter(): Promise<void> {
    this.filter = { ...NO_FILTER };
    return this.load();
  }

  reset(): void {
    this.filter = { ...NO_FILTER };
    this.shown = { ...NO_FILTER };
    this.rows.reset();
  }
}

/** Staff accounts (admin only). */
export class StaffStore {
  readonly list = new Loadable<StaffList>();

  constructor(private readonly api: AdminApi) {
    makeAutoObservable<StaffStore, 'api'>(this, { api: false });
  }

  load(): Promise<void> {
    return this.list.load(() => this.api.staff(), true);
  }

  reset(): void {
    this.list.reset();
  }
}
