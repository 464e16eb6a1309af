import {
  CODE_OK,
  type Banner,
  type Faq,
  type JssdkSignature,
  type PageContent,
  type PlanInfo,
  type StoreInfo,
} from '../../../contract/api';
import { fetchBanners, fetchJssdkSignature, fetchPage, fetchPlans, fetchStores } from '../../api/content';
import { fetchFaqs } from '../../api/help';
import type { HttpClient } from '../../api/http-client';
import type { Clearable } from '../../lib/clearable';
import { Resource } from '../../lib/resource';

/** Public content (banners, plans, stores, rich-text pages, FAQ), in the current language. */
export class ContentStore implements Clearable {
  readonly banners: Resource<Banner[]>;
  readonly plans: Resource<PlanInfo[]>;
  readonly stores: Resource<StoreInfo[]>;
  readonly faqs: Resource<Faq[]>;
  private readonly pages = new Map<string, Resource<PageContent | null>>();

  constructor(private readonly http: HttpClient) {
    this.banners = new Resource(() => fetchBanners(http), []);
    this.plans = new Resource(() => fetchPlans(http), []);
    this.stores = new Resource(() => fetchStores(http), []);
    this.faqs = new Resource(() => fetchFaqs(http), []);
  }

  /** One rich-text page by name; the same name always gives the same resource. */
  page(name: string): Resource<PageContent | null> {
    let page = this.pages.get(name);
    if (!page) {
      page = new Resource<PageContent | null>(() => fetchPage(this.http, name), null);
      this.pages.set(name, page);
    }
    return page;
  }

  /**
   * Banners, plans, stores, pages and the FAQ are the same for every visitor: nothing here is
   * the customer's, and the next one reads them without asking again.
   */
  clear(): void {}

  async loadHome(): Promise<void> {
    await Promise.all([this.banners.load(), this.plans.load(), this.stores.load()]);
  }

  /** Reloads what was already shown, after the language changed. */
  async reloadLoaded(): Promise<void> {
    const all = [this.banners, this.plans, this.stores, this.faqs, ...this.pages.values()];
    await Promise.all(all.filter((r) => r.status !== 'idle').map((r) => r.load()));
  }

  /** The signature WeChat wants before it opens its own map; null when it cannot be had. */
  async jssdkSignature(url: string): Promise<JssdkSignature | null> {
    const answer = await fetchJssdkSignature(this.http, url).catch(() => null);
    return answer?.code === CODE_OK ? answer.data : null;
  }
}
