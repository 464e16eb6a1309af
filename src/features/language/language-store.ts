import type { i18n as I18n } from 'i18next';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { DEFAULT_LANG, type Lang } from '../../../contract/api';
import { LANG_COOKIE } from '../../../contract/page-render';
import { createLangI18n, showLang, storedLang, storeLang, type LangPersistence } from '../../lib/language';
import { STORAGE_KEYS, type KeyValueStorage } from '../../lib/persistence';
import type { Clearable } from '../../lib/clearable';
import type { Dictionary } from './load-locale';

export type LocaleLoader = (lang: Lang) => Promise<Dictionary>;

/** Display language (docs/requirements.md#state: lang, langArr); the config is AppConfigStore's. */
export class LanguageStore implements Clearable {
  lang: Lang;
  /** The dictionary of the current language. */
  langArr: Dictionary = {};
  readonly i18n: I18n;
  private readonly loaded = new Set<Lang>();
  /** Counts switches: only the latest one may take effect when dictionaries arrive out of order. */
  private switches = 0;

  private readonly persistence: LangPersistence;

  constructor(
    storage: KeyValueStorage,
    private readonly loadLocale: LocaleLoader,
    /** Told of the visitor's own choice (the title-bar switch), not of a switch to the account's. */
    private readonly onChosen: (lang: Lang) => void = () => undefined,
  ) {
    this.persistence = { storage: () => storage, key: STORAGE_KEYS.lang, encoding: 'json' };
    this.lang = storedLang(this.persistence) ?? DEFAULT_LANG;
    this.i18n = createLangI18n(this.lang);
    makeAutoObservable<LanguageStore, 'persistence' | 'loadLocale' | 'loaded' | 'onChosen' | 'switches'>(this, {
      persistence: false,
      loadLocale: false,
      loaded: false,
      onChosen: false,
      switches: false,
      i18n: false,
      langArr: observableRef,
    });
  }

  /**
   * Loads the dictionary of `lang`, then switches to it; the page never shows raw keys. Of
   * two switches at once (the stored language at launch, the account's as it signs in) the
   * later one wins, whichever dictionary arrives first. Resolves to whether this one did.
   */
  async setLang(lang: Lang): Promise<boolean> {
    const switchNo = ++this.switches;
    const dictionary = await this.loadLocale(lang);
    if (switchNo !== this.switches) return false;
    if (!this.loaded.has(lang)) {
      this.i18n.addResourceBundle(lang, 'translation', dictionary, true, true);
      this.loaded.add(lang);
    }
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
