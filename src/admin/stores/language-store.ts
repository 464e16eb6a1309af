import type { i18n as I18n } from 'i18next';
import { makeAutoObservable } from 'mobx';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../../contract/api';
import cn from '../../../locales/cn.json?admin';
import ja from '../../../locales/ja.json?admin';
import { createLangI18n, showLang, storedLang, storeLang, type LangPersistence } from '../../lib/language';

const PERSISTENCE: LangPersistence = { storage: () => localStorage, key: 'sm-admin-lang', encoding: 'plain' };

/**
 * The console's language, Chinese or Japanese. Both dictionaries come with the console (only
 * the parts it uses, see vite.config.ts): a reviewer sees what a customer will read in either.
 */
export class LanguageStore {
  lang: Lang;
  readonly i18n: I18n;

  constructor() {
    this.lang = storedLang(PERSISTENCE) ?? (navigator.language.toLowerCase().startsWith('ja') ? 'ja' : 'cn');
    this.i18n = createLangI18n(this.lang, {
      resources: { cn: { translation: cn }, ja: { translation: ja } },
      plugin: initReactI18next,
      initSync: true,
    });
    showLang(this.lang);
    makeAutoObservable(this, { i18n: false });
  }

  setLang(lang: Lang): void {
    this.lang = lang;
    void this.i18n.changeLanguage(lang);
    showLang(lang);
    storeLang(PERSISTENCE, lang);
  }

  /** A customer-facing text in the given language, whatever the console's language is. */
  inLang(lang: Lang, key: string): string {
    return this.i18n.getFixedT(lang)(key);
  }
}
