import { createInstance, type i18n as I18n } from 'i18next';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { CODE_OK, DEFAULT_LANG, isLang, type AppConfig, type Lang } from '../../../contract/api';
import { LANG_COOKIE } from '../../../contract/page-render';
import { RULE_TEXT_VARIABLES } from '../../../contract/password-rule';
import { fetchInit } from '../../api/common';
import type { HttpClient } from '../../api/http-client';
import { readJson, STORAGE_KEYS, writeJson, type KeyValueStorage } from '../../lib/persistence';
import type { Dictionary } from './load-locale';

export type LocaleLoader = (lang: Lang) => Promise<Dictionary>;

export const HTML_LANG: Record<Lang, string> = { cn: 'zh-CN', ja: 'ja' };

/** Display language and server config (SPEC.md section 3: lang, config, langArr). */
export class LanguageStore {
  lang: Lang;
  config: AppConfig | null;
  /** The dictionary of the current language. */
  langArr: Dictionary = {};
  readonly i18n: I18n;
  private readonly loaded = new Set<Lang>();

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly http: HttpClient,
    private readonly loadLocale: LocaleLoader,
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
    makeAutoObservable<LanguageStore, 'storage' | 'http' | 'loadLocale' | 'loaded'>(this, {
      storage: false,
      http: false,
      loadLocale: false,
      loaded: false,
      i18n: false,
      langArr: observableRef,
    });
  }

  /** Loads the dictionary of `lang`, then switches to it; the page never shows raw keys. */
  async setLang(lang: Lang): Promise<void> {
    const dictionary = await this.loadLocale(lang);
    if (!this.loaded.has(lang)) {
      this.i18n.addResourceBundle(lang, 'translation', dictionary, true, true);
      this.loaded.add(lang);
    }
    await this.i18n.changeLanguage(lang);
    runInAction(() => {
      this.lang = lang;
      this.langArr = dictionary;
      writeJson(this.storage, STORAGE_KEYS.lang, lang);
    });
    if (typeof document !== 'undefined') {
      document.documentElement.lang = HTML_LANG[lang];
      // Tells the server which language to draw public pages in on the next visit.
      document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
    }
  }

  /** Loads the dictionary of the stored language at launch. */
  loadCurrent(): Promise<void> {
    return this.setLang(this.lang);
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

  /** Writes the language again after something cleared storage (logout). */
  persist(): void {
    writeJson(this.storage, STORAGE_KEYS.lang, this.lang);
  }
}
