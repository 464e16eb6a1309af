import { reaction } from 'mobx';
import { createBridge } from '../../bridges/create-bridge';
import { detectPlatform, isDesktop } from '../../contract/detect';
import { matrixRow } from '../../contract/containers';
import type { Container, PlatformBridge } from '../../bridges/types';
import type { Lang } from '../../contract/api';
import { createHttpClient, type HttpClient } from '../api/http-client';
import { AppConfigStore } from '../features/config/app-config-store';
import { ContentStore } from '../features/content/content-store';
import { LanguageStore, type LocaleLoader } from '../features/language/language-store';
import type { PurchaseStore } from '../features/purchase/purchase-store';
import { AccountStore } from '../features/session/account-store';
import { SessionStore } from '../features/session/session-store';
import { isClearable } from '../lib/clearable';
import { clearAll, memoryStorage, type KeyValueStorage } from '../lib/persistence';
import { UiStore } from './ui-store';

export interface RootStoreOptions {
  storage: KeyValueStorage;
  /** The browser's sessionStorage (the WeChat sign-in round trip keeps its state there). */
  sessionStorage?: KeyValueStorage;
  loadLocale: LocaleLoader;
  fetchImpl?: typeof fetch;
  apiBase?: string;
  /** Decided from the user agent by default. */
  platform?: Container;
  /** A computer rather than a phone; decided from the user agent by default. */
  desktop?: boolean;
}

// The purchase store's code: fetched with the pages that buy (routes.ts), by a tap on a plan
// at home, or when a customer signs in (their draft comes back), never for the first page.
let purchaseCode: typeof import('../features/purchase/purchase-store') | null = null;

/** Fetches the purchase store's code (once); `RootStore.purchase` may be used after it. */
export async function loadPurchaseCode(): Promise<void> {
  purchaseCode ??= await import('../features/purchase/purchase-store');
}

/** An iPad in desktop mode says Macintosh; it is told apart by its touch screen. */
function onDesktop(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ipad = /Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1;
  return isDesktop(navigator.userAgent) && !ipad;
}

/** Builds every store once and wires what crosses between them. */
export class RootStore {
  readonly http: HttpClient;
  readonly session: SessionStore;
  readonly language: LanguageStore;
  /** The server's public config: payment and OAuth settings, service hours, contact channels. */
  readonly appConfig: AppConfigStore;
  readonly content: ContentStore;
  readonly account: AccountStore;
  readonly ui: UiStore;
  readonly bridge: PlatformBridge;
  /** A computer rather than a phone: it pays by QR code and page cashiers (contract/containers.ts). */
  readonly desktop: boolean;
  // Private names, unlike the stores: clear() goes through every property but these.
  readonly #storages: KeyValueStorage[];
  /**
   * Stores only some pages use (payment, the identity check, notification settings): the page
   * that needs one brings its code and builds it on first use (lazyStore), so the first page
   * a phone opens neither downloads nor builds them.
   */
  readonly #lazy = new Map<string, unknown>();

  constructor(options: RootStoreOptions) {
    this.#storages = [options.storage, options.sessionStorage ?? memoryStorage()];
    this.http = createHttpClient({
      baseUrl: options.apiBase,
      fetchImpl: options.fetchImpl,
      getToken: () => this.session.token,
      getLang: () => this.language.lang,
      // The session ended elsewhere (a password reset, signed out on another device): whoever
      // holds the phone now is not known to be the customer, so nothing of theirs stays.
      onUnauthorized: () => {
        this.clear();
        this.ui.requireSignIn();
      },
    });
    const platform =
      options.platform ?? (typeof navigator === 'undefined' ? 'browser' : detectPlatform(navigator.userAgent, window));
    this.bridge = createBridge(platform);
    this.desktop = options.desktop ?? onDesktop();
    // The sign-in does not depend on the deployment's options; the payment row does (WeChat H5).
    const signIn = matrixRow(platform, { desktop: this.desktop, wechatH5: false }).signIn;
    this.ui = new UiStore();
    this.session = new SessionStore(options.storage, this.http);
    this.language = new LanguageStore(options.storage, options.loadLocale, (lang) => {
      void this.saveLanguage(lang);
    });
    this.appConfig = new AppConfigStore(options.storage, this.http);
    this.content = new ContentStore(this.http);
    this.account = new AccountStore({
      http: this.http,
      session: this.session,
      bridge: this.bridge,
      oauthSettings: () => {
        const config = this.appConfig.config;
        return config ? { ...config.oauth, standInUrl: config.payment.standInBridgeUrl } : null;
      },
      afterSignOut: () => this.logout(),
      signIn,
      // The language is the account's: any sign-in (password, WeChat or Alipay, a hand-off or
      // mini-program ticket) shows the app in it, on a new device too. A session already kept
      // on this phone keeps the phone's language at launch: the customer chose it here.
      afterSignIn: (user) => {
        if (user.lang !== this.language.lang) void this.language.setLang(user.lang);
      },
    });

    // Signed in (at launch, or later): a purchase started on another device carries on here.
    // Only once launch confirmed the session: a stale stored token must not ask anything. Only
    // where the purchase is open already; otherwise when a page first needs it (purchase), so a
    // personal page neither downloads the purchase's code nor asks for its draft.
    reaction(
      () => this.session.launched && this.session.isLogin,
      (signedIn) => {
        if (signedIn && this.#lazy.has('purchase')) void this.purchase.restoreFromServer();
      },
    );

    // Server content is localized by Accept-Language, so a language switch refetches it.
    reaction(
      () => this.language.lang,
      () => void this.content.reloadLoaded(),
    );
  }

  /**
   * The purchase in progress. Its code comes with the pages that use it (routes.ts loads it
   * before they draw); elsewhere ask `purchaseReady()`.
   */
  get purchase(): PurchaseStore {
    return this.lazyStore('purchase', () => {
      if (!purchaseCode) throw new Error('RootStore.purchase used before loadPurchaseCode()');
      const purchase = new purchaseCode.PurchaseStore(
        this.storage,
        this.http,
        () => this.session.isLogin,
        () => this.appConfig.config?.identity?.photoForData ?? false,
      );
      // Built during a render: the draft is asked for just after it, not inside it. The server
      // draws with what the phone's draft is not, so it never asks.
      if (!import.meta.env.SSR && this.session.launched && this.session.isLogin)
        queueMicrotask(() => void purchase.restoreFromServer());
      return purchase;
    });
  }

  /** The purchase store, once its code is here. */
  async purchaseReady(): Promise<PurchaseStore> {
    await loadPurchaseCode();
    return this.purchase;
  }

  /** The phone's localStorage (or its stand-in), for the stores built later. */
  get storage(): KeyValueStorage {
    return this.#storages[0]!;
  }

  /** The store under `key`, built by `build` the first time a page asks for it. */
  lazyStore<T>(key: string, build: () => T): T {
    if (!this.#lazy.has(key)) this.#lazy.set(key, build());
    return this.#lazy.get(key) as T;
  }

  /** Every property of the root and every store built later, by name. */
  builtStores(): [string, unknown][] {
    return [...Object.entries(this), ...this.#lazy.entries()];
  }

  /** Asks again who owns the stored token, after launch could not reach the server. */
  async retrySession(): Promise<void> {
    if (await this.session.loadUserInfo()) this.clear();
  }

  /**
   * Launch (docs/requirements.md#state): user info, config and language load together. Resolves when all
   * three settled; `languageReady` resolves as soon as the page can be drawn.
   */
  launch(): { languageReady: Promise<void>; configReady: Promise<void>; done: Promise<void> } {
    const languageReady = this.language.loadCurrent();
    // A WeChat sign-in coming back carries a code that must be exchanged before user info.
    const userReady = this.account
      .completeOAuthReturn()
      .catch(() => undefined)
      .then(() => this.session.loadUserInfo())
      // A stored token the server refused: what the phone kept of its customer goes with it.
      .then((rejected) => {
        if (rejected) this.clear();
      });
    const configReady = this.appConfig.load();
    // Guards decide only once both are known: platform sign-in needs the OAuth settings.
    const sessionReady = Promise.allSettled([userReady, configReady]).then(() => this.session.markLaunched());
    const done = Promise.allSettled([sessionReady, languageReady]).then(() => undefined);
    return { languageReady, configReady, done };
  }

  /** The title-bar switch of a signed-in customer, saved to the account; said when it was not. */
  private async saveLanguage(lang: Lang): Promise<void> {
    const saved = await this.account.saveLanguage(lang);
    // A 401 is said by the move to login; anything else left the account's language as it was.
    if (!saved.ok && saved.error !== 'UNAUTHORIZED')
      this.ui.showToast(this.language.i18n.t('language.saveFailed'), 'error');
  }

  logout(): void {
    this.clear();
  }

  /**
   * Forgets the customer (logout, a 401): the specification clears all local storage
   * (docs/requirements.md#state), and
   * sessionStorage goes too; then every store on the root clears itself. Going through every
   * property, rather than a list, means a store added later cannot be left out; the language
   * language and config stores write back the language and public config, which are not the customer's.
   */
  clear(): void {
    this.#storages.forEach(clearAll);
    for (const [, value] of this.builtStores()) if (isClearable(value)) value.clear();
  }
}
