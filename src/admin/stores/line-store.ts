import { makeAutoObservable } from 'mobx';
import type { AdminLine } from '../../../contract/pause-views';
import type { AdminClient } from '../api/client';
import { Action, Loadable } from './loadable';

export type LineActionName = NonNullable<AdminLine['line']>['actions'][number];

/** The customer page's line panel: the line, its history, and one action at a time. */
export class LineStore {
  readonly line = new Loadable<AdminLine>();
  readonly action = new Action(async (action: LineActionName, pause?: { start: string; resumeOn?: string }) => {
    this.line.set(await this.client.post<AdminLine>(this.url(), { action, ...pause }));
  });

  constructor(
    private readonly client: AdminClient,
    private readonly customerId: number,
  ) {
    makeAutoObservable<LineStore, 'client' | 'customerId'>(this, { client: false, customerId: false });
  }

  private url(): string {
    return `/api/admin/customers/${this.customerId}/line`;
  }

  load(): Promise<void> {
    return this.line.load(() => this.client.get<AdminLine>(this.url()));
  }
}
