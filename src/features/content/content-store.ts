import type { Banner, PlanInfo, StoreInfo } from '../../../contract/api';
import { fetchBanners, fetchPlans, fetchStores } from '../../api/content';
import type { HttpClient } from '../../api/http-client';
import { Resource } from '../../lib/resource';

/** Public content (banners, plans, stores), in the current language. */
export class ContentStore {
  readonly banners: Resource<Banner[]>;
  readonly plans: Resource<PlanInfo[]>;
  readonly stores: Resource<StoreInfo[]>;

  constructor(http: HttpClient) {
    this.banners = new Resource(() => fetchBanners(http), []);
    this.plans = new Resource(() => fetchPlans(http), []);
    this.stores = new Resource(() => fetchStores(http), []);
  }

  async loadHome(): Promise<void> {
    await Promise.all([this.banners.load(), this.plans.load(), this.stores.load()]);
  }

  /** Reloads what was already shown, after the language changed. */
  async reloadLoaded(): Promise<void> {
    const loaded = [this.banners, this.plans, this.stores].filter((r) => r.status !== 'idle');
    await Promise.all(loaded.map((r) => r.load()));
  }
}
