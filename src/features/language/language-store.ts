import type { i18n as I18n } from 'i18next';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { DEFAULT_LANG, type Lang } from '../../../contract/api';
import { LANG_COOKIE } from '../../../contract/page-render';
import { createLangI18n, showLang, storedLang, storeLang, type LangPersistence } from '../../lib/language';
import { STORAGE_KEYS, type KeyValueStorage } from '../../lib/persistence';
import type { Clearable } from '../../lib/clearable';
import { loadPageLocale, pageLocaleNow, setWantedLang, type Dictionary } from './load-locale';

export type LocaleLoader = (lang: Lang) => Promise<Dictionary>;
/** Loads the parts only some pages speak (page-namespaces.ts). */
export type PageLocaleLoader = (lang: Lang, namespaces: readonly string[]) => Promise<Dictionary>;

/** Display language (docs/requirements.md#state: lang, langArr); the config is AppConfigStore's. */
export class LanguageStore implements Clearable {
  lang: Lang;
  /** The dictionary of the current language. */
  langArr: Dictionary = {};
  /** i18next's set-up is a good part of the work of building the stores: made on first use. */
  #i18n: I18n | null = null;
  private readonly loaded = new Set<Lang>();
  /** Counts switches: only the latest one may take effect when dictionaries arrive out of order. */
  private switches = 0;
  /** The parts only some pages speak that pages asked for: a switch brings them in the new language too. */
  private readonly pagePartsUsed = new Set<string>();
  /** Pages waiting for those parts: one promise per language and parts, so React can tell it settled. */
  private readonly pageWaits = new Map<string, Promise<void>>();

  private readonly persistence: LangPersistence;

  constructor(
    storage: KeyValueStorage,
    private readonly loadLocale: LocaleLoader,
    /** Told of the visitor's own choice (the title-bar switch), not of a switch to the account's. */
    private readonly onChosen: (lang: Lang) => void = () => undefined,
    private readonly loadPageParts: PageLocaleLoader = loadPageLocale,
  ) {
    this.persistence = { storage: () => storage, key: STORAGE_KEYS.lang, encoding: 'json' };
    this.lang = storedLang(this.persistence) ?? DEFAULT_LANG;
    makeAutoObservable<
      LanguageStore,
      | 'persistence'
      | 'loadLocale'
      | 'loaded'
      | 'onChosen'
      | 'switches'
      | 'pagePartsUsed'
      | 'pageWaits'
      | 'loadPageParts'
    >(this, {
      persistence: false,
      loadLocale: false,
      loaded: false,
      onChosen: false,
      switches: false,
      pagePartsUsed: false,
      pageWaits: false,
      loadPageParts: false,
      pageReady: false,
      i18n: false,
      langArr: observableRef,
    });
  }

  /** The i18next instance of the app (made with the language read, when first asked for). */
  get i18n(): I18n {
    return (this.#i18n ??= createLangI18n(this.lang));
  }

  /**
   * Loads the dictionary of `lang`, then switches to it; the page never shows raw keys. Of
   * two switches at once (the stored language at launch, the account's as it signs in) the
   * later one wins, whichever dictionary arrives first. Resolves to whether this one did.
   */
  async setLang(lang: Lang): Promise<boolean> {
    const switchNo = ++this.switches;
    setWantedLang(lang);
    const [dictionary, pageParts] = await Promise.all([
      this.loadLocale(lang),
      this.pagePartsUsed.size > 0 ? this.loadPageParts(lang, [...this.pagePartsUsed]) : undefined,
    ]);
    if (switchNo !== this.switches) return false;
    if (!this.loaded.has(lang)) {
      this.i18n.addResourceBundle(lang, 'translation', dictionary, true, true);
      this.loaded.add(lang);
    }
    if (pageParts) this.addPageParts(lang, pageParts);
    await this.i18n.changeLanguage(lang);
    if (switchNo !== this.switches) return false;
    runInAction(() => {
      this.lang = lang;
      this.langArr = dictionary;
      storeLang(this.persistence, lang);
    });
    showLang(lang);
    if (typeof document !== 'undefined') {
      // Tells the server which language to draw public pages in on the next visit.
      document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
    }
    return true;
  }

  /**
   * Before a page draws: null when the words of `namespaces` are here (the page draws now,
   * also while hydrating), or a promise to wait on (the same one each time) until they are.
   */
  pageReady(namespaces: readonly string[]): Promise<void> | null {
    const lang = this.lang;
    const missing = namespaces.filter((ns) => this.i18n.getResource(lang, 'translation', ns) === undefined);
    namespaces.forEach((ns) => this.pagePartsUsed.add(ns));
    if (missing.length === 0) return null;
    const now = pageLocaleNow(lang, missing);
    if (now) {
      this.addPageParts(lang, now);
      return null;
    }
    const key = `${lang}:${missing.join()}`;
    let wait = this.pageWaits.get(key);
    if (!wait) {
      wait = this.loadPageParts(lang, missing).then((parts) => this.addPageParts(lang, parts));
      wait.catch(() => this.pageWaits.delete(key));
      this.pageWaits.set(key, wait);
    }
    return wait;
  }

  private addPageParts(lang: Lang, parts: Dictionary): void {
    // Deep and without overwriting: a dictionary handed over whole (tests) keeps its own words.
    this.i18n.addResourceBundle(lang, 'translation', parts, true, false);
  }

  /** The title-bar switch: shows `lang`, then it is saved to the account of a signed-in customer. */
  async choose(lang: Lang): Promise<void> {
    // Overtaken by a later switch: that one is the choice to keep.
    if (await this.setLang(lang)) this.onChosen(lang);
  }

  /** Loads the dictionary of the stored language at launch. */
  async loadCurrent(): Promise<void> {
    await this.setLang(this.lang);
  }

  /**
   * The language is not the customer's: after the root store wiped storage (logout, a 401) it
   * is written back, and the visitor keeps reading their language.
   */
  clear(): void {
    storeLang(this.persistence, this.lang);
  }
}
