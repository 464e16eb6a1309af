import { createInstance, type i18n as I18n } from 'i18next';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { CODE_OK, DEFAULT_LANG, isLang, langTag, type AppConfig, type Lang } from '../../../contract/api';
import { LANG_COOKIE } from '../../../contract/page-render';
import { RULE_TEXT_VARIABLES } from '../../../contract/password-rule';
import { fetchInit } from '../../api/common';
import type { HttpClient } from '../../api/http-client';
import { readJson, STORAGE_KEYS, writeJson, type KeyValueStorage } from '../../lib/persistence';
import type { Clearable } from '../../lib/clearable';
import type { Dictionary } from './load-locale';

export type LocaleLoader = (lang: Lang) => Promise<Dictionary>;

/** Display language and server config (docs/requirements.md#state: lang, config, langArr). */
export class LanguageStore implements Clearable {
  lang: Lang;
  config: AppConfig | null;
  /** The dictionary of the current language. */
  langArr: Dictionary = {};
  readonly i18n: I18n;
  private readonly loaded = new Set<Lang>();
  /** Counts switches: only the latest one may take effect when dictionaries arrive out of order. */
  private switches = 0;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly http: HttpClient,
    private readonly loadLocale: LocaleLoader,
    /** Told of the visitor's own choice (the title-bar switch), not of a switch to the account's. */
    private readonly onChosen: (lang: Lang) => void = () => undefined,
  ) {
    const stored = readJson<string>(storage, STORAGE_KEYS.lang);
    this.lang = isLang(stored) ? stored : DEFAULT_LANG;
    this.config = readJson<AppConfig>(storage, STORAGE_KEYS.config);
    this.i18n = createInstance();
    void this.i18n.init({
      lng: this.lang,
      fallbackLng: DEFAULT_LANG,
      resources: {},
      // Texts that describe a rule take its numbers from contract/, never a copy of them.
      interpolation: { escapeValue: false, defaultVariables: { ...RULE_TEXT_VARIABLES } },
      returnNull: false,
    });
    makeAutoObservable<LanguageStore, 'storage' | 'http' | 'loadLocale' | 'loaded' | 'onChosen' | 'switches'>(this, {
      storage: false,
      http: false,
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
      writeJson(this.storage, STORAGE_KEYS.lang, lang);
    });
    if (typeof document !== 'undefined') {
      document.documentElement.lang = langTag(lang);
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

  async loadConfig(): Promise<void> {
    try {
      const envelope = await fetchInit(this.http);
      if (envelope.code !== CODE_OK) return;
      runInAction(() => {
        this.config = envelope.data;
        writeJson(this.storage, STORAGE_KEYS.config, envelope.data);
      });
    } catch {
      // The stored config, if any, stays in use until the next launch.
    }
  }

  /**
   * The language and the public config are not the customer's: after the root store wiped
   * storage (logout, a 401) they are written back, and the visitor keeps reading their language.
   */
  clear(): void {
    writeJson(this.storage, STORAGE_KEYS.lang, this.lang);
    writeJson(this.storage, STORAGE_KEYS.config, this.config);
  }
}
