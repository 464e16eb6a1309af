import { makeAutoObservable } from 'mobx';
import type { StaffLostPanel, StaffReplacement, StaffReplacementList } from '../../../contract/lost-views';
import type { AdminClient } from '../api/client';
import { Action, Loadable } from './loadable';

const enc = encodeURIComponent;

/**
 * The customer page's lost SIM panel (issue 31): report the SIM lost for a caller [customers],
 * post a replacement or keep it for pickup, and activate the new SIM by its ICCID [fulfil].
 * Every answer reloads the panel, so it shows what the server did.
 */
export class LostAdminStore {
  readonly panel = new Loadable<StaffLostPanel>();
  /** The open replacements of every customer (the fulfilment page), once asked for. */
  readonly queue = new Loadable<StaffReplacementList>();
  customerId: number | null = null;
  /** The replacement the last step was taken on: its row shows the answer. */
  target: string | null = null;

  readonly report = new Action(async () => {
    const id = this.customerId;
    if (id === null) return;
    this.panel.set(await this.client.post<StaffLostPanel>(`/api/admin/customers/${id}/lost`, {}));
  });
  readonly order = new Action(async (kind: string) => {
    const id = this.customerId;
    if (id === null) return;
    this.panel.set(await this.client.post<StaffLostPanel>(`/api/admin/customers/${id}/replacement`, { kind }));
  });
  readonly ship = new Action(async (replacementNo: string, trackingNo: string) => {
    this.aim(replacementNo);
    await this.client.post<StaffReplacement>(`/api/admin/replacements/${enc(replacementNo)}/ship`, { trackingNo });
    await this.reload();
  });
  readonly ready = new Action(async (replacementNo: string) => {
    this.aim(replacementNo);
    await this.client.post<StaffReplacement>(`/api/admin/replacements/${enc(replacementNo)}/ready`, {});
    await this.reload();
  });
  readonly activate = new Action(async (replacementNo: string, iccid: string) => {
    this.aim(replacementNo);
    await this.client.post<StaffReplacement>(`/api/admin/replacements/${enc(replacementNo)}/activate`, { iccid });
    await this.reload();
  });

  constructor(private readonly client: AdminClient) {
    makeAutoObservable<LostAdminStore, 'client'>(this, {
      client: false,
      panel: false,
      queue: false,
      report: false,
      order: false,
      ship: false,
      ready: false,
      activate: false,
    });
  }

  open(customerId: number): Promise<void> {
    this.customerId = customerId;
    for (const action of [this.report, this.order, this.ship, this.ready, this.activate]) action.clear();
    return this.panel.load(() => this.client.get<StaffLostPanel>(`/api/admin/customers/${customerId}/replacement`));
  }

  loadQueue(): Promise<void> {
    for (const action of [this.ship, this.ready, this.activate]) action.clear();
    return this.queue.load(() => this.client.get<StaffReplacementList>('/api/admin/replacements'));
  }

  aim(replacementNo: string): void {
    this.target = replacementNo;
  }

  private async reload(): Promise<void> {
    const id = this.customerId;
    if (id !== null)
      await this.panel.load(() => this.client.get<StaffLostPanel>(`/api/admin/customers/${id}/replacement`), true);
    if (this.queue.data) await this.queue.load(undefined, true);
  }

  reset(): void {
    this.customerId = null;
    this.target = null;
    this.panel.reset();
    this.queue.reset();
  }
}
