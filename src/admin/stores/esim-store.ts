import { makeAutoObservable, runInAction } from 'mobx';
import type { ProfileStatus } from '../../../contract/esim-rules';
import type { StockImportResult, StockView } from '../../../contract/esim-views';
import type { AdminApi } from '../api/endpoints';
import { Action, Loadable } from './loadable';

/**
 * eSIM profiles in stock (issue 30): the counts, the low-stock flag, a search by ICCID or order
 * number, and the carrier's CSV import (all rows or none; the server says which rows are bad).
 */
export class EsimStore {
  filter: { q: string; status: ProfileStatus | '' } = { q: '', status: '' };
  readonly stock = new Loadable<StockView>();
  /**
   * The counts and flag alone, for the fulfilment page's banner: loaded on its own so the stock
   * page's search does not change what another page says.
   */
  readonly summary = new Loadable<StockView>();

  /** The text to import, as read from the file or pasted. */
  csv = '';
  fileName = '';
  /** What the last import said: counts, or the bad rows (then nothing was imported). */
  result: StockImportResult | null = null;
  readonly importCsv = new Action(async () => {
    runInAction(() => (this.result = null));
    const result = await this.api.esimImport(this.csv);
    runInAction(() => {
      this.result = result;
      // A rejected file stays in the box to be fixed; an imported one is gone (sending it again
      // would only skip every row).
      if (result.errors.length === 0) {
        this.csv = '';
        this.fileName = '';
      }
    });
    if (result.errors.length === 0) void this.load();
    return result;
  });

  constructor(private readonly api: AdminApi) {
    makeAutoObservable<EsimStore, 'api'>(this, { api: false });
  }

  setFilter(filter: Partial<EsimStore['filter']>): void {
    this.filter = { ...this.filter, ...filter };
  }

  load(): Promise<void> {
    const filter = { ...this.filter };
    return this.stock.load(() => this.api.esimStock(filter), true);
  }

  loadSummary(): Promise<void> {
    return this.summary.load(() => this.api.esimStock({ q: '', status: '' }), true);
  }

  setCsv(text: string, fileName = ''): void {
    this.csv = text;
    this.fileName = fileName;
    this.result = null;
    this.importCsv.clear();
  }

  reset(): void {
    this.stock.reset();
    this.summary.reset();
    this.filter = { q: '', status: '' };
    this.csv = '';
    this.fileName = '';
    this.result = null;
    this.importCsv.clear();
  }
}
