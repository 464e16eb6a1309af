import { reaction } from 'mobx';
import { createHttpClient, type HttpClient } from '../api/http-client';
import { ContentStore } from '../features/content/content-store';
import { LanguageStore, type LocaleLoader } from '../features/language/language-store';
import { PurchaseStore } from '../features/purchase/purchase-store';
import { SessionStore } from '../features/session/session-store';
import type { KeyValueStorage } from '../lib/persistence';

export interface RootStoreOptions {
  storage: KeyValueStorage;
  loadLocale: LocaleLoader;
  fetchImpl?: typeof fetch;
  apiBase?: string;
}

/** Builds every store once and wires what crosses between them. */
export class RootStore {
  readonly http: HttpClient;
  readonly session: SessionStore;
  readonly language: LanguageStore;
  readonly purchase: PurchaseStore;
  readonly content: ContentStore;

  constructor(options: RootStoreOptions) {
    this.http = createHttpClient({
      baseUrl: options.apiBase,
      fetchImpl: options.fetchImpl,
      getToken: () => this.session.token,
      getLang: () => this.language.lang,
    });
    this.session = new SessionStore(options.storage, this.http);
    this.language = new LanguageStore(options.storage, this.http, options.loadLocale);
    this.purchase = new PurchaseStore(options.storage);
    this.content = new ContentStore(this.http);

    // Server content is localized by Accept-Language, so a language switch refetches it.
    reaction(
      () => this.language.lang,
      () => void this.content.reloadLoaded(),
    );
  }

  /**
   * SPEC.md section 4: user info, config and language load together. Resolves when all
   * three settled; `languageReady` resolves as soon as the page can be drawn.
   */
  launch(): { languageReady: Promise<void>; done: Promise<void> } {
    const languageReady = this.language.loadCurrent();
    const done = Promise.allSettled([this.session.loadUserInfo(), this.language.loadConfig(), languageReady]).then(
      () => undefined,
    );
    return { languageReady, done };
  }

  logout(): void {
    this.session.logout();
    this.purchase.clear();
    // Storage was cleared, but the customer still reads the language they chose.
    this.language.persist();
  }
}
