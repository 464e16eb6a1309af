import { createInstance, type i18n as I18n } from 'i18next';
import { makeAutoObservable } from 'mobx';
import { initReactI18next } from 'react-i18next';
import { isLang, langTag, type Lang } from '../../../contract/api';
import { RULE_TEXT_VARIABLES } from '../../../contract/password-rule';
import cn from '../../../locales/cn.json?admin';
import ja from '../../../locales/ja.json?admin';

const STORAGE_KEY = 'sm-admin-lang';

function storedLang(): Lang | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLang(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The console's language, Chinese or Japanese. Both dictionaries come with the console (only
 * the parts it uses, see vite.config.ts): a reviewer sees what a customer will read in either.
 */
export class LanguageStore {
  lang: Lang;
  readonly i18n: I18n;

  constructor() {
    this.lang = storedLang() ?? (navigator.language.toLowerCase().startsWith('ja') ? 'ja' : 'cn');
    this.i18n = createInstance();
    void this.i18n.use(initReactI18next).init({
      lng: this.lang,
      fallbackLng: 'cn',
      resources: { cn: { translation: cn }, ja: { translation: ja } },
      interpolation: { escapeValue: false, defaultVariables: { ...RULE_TEXT_VARIABLES } },
      returnNull: false,
      initAsync: false,
    });
    document.documentElement.lang = langTag(this.lang);
    makeAutoObservable(this, { i18n: false });
  }

  setLang(lang: Lang): void {
    this.lang = lang;
    void this.i18n.changeLanguage(lang);
    document.documentElement.lang = langTag(lang);
    try {
      localStorage.setItem(STORAGE_KEY, lang);
    } catch {
      // Only the choice is lost.
    }
  }

  /** A customer-facing text in the given language, whatever the console's language is. */
  inLang(lang: Lang, key: string): string {
    return this.i18n.getFixedT(lang)(key);
  }
}
