import type { i18n as I18n } from 'i18next';
import { makeAutoObservable } from 'mobx';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../../contract/api';
import cn from '../../../locales/cn.json?sign-in';
import ja from '../../../locales/ja.json?sign-in';
import { createLangI18n, showLang, storedLang, storeLang, type LangPersistence } from '../../lib/language';
import { branded } from '../../lib/page-brand';

const PERSISTENCE: LangPersistence = { storage: () => localStorage, key: 'sm-admin-lang', encoding: 'plain' };

type Words = Record<string, unknown>;

// Each language's whole console dictionary (the parts it uses, see vite.config.ts), a chunk of
// its own: the sign-in screen paints with its own few words and these follow.
const ALL_WORDS: Record<Lang, () => Promise<{ default: Words }>> = {
  cn: () => import('../../../locales/cn.json?admin'),
  ja: () => import('../../../locales/ja.json?admin'),
};

/**
 * The console's language, Chinese or Japanese. The sign-in screen's words come in both (the
 * switch answers at once); the console has both whole dictionaries (addWords) before it draws:
 * a reviewer sees what a customer will read in either.
 */
export class LanguageStore {
  lang: Lang;
  readonly i18n: I18n;
  /** The languages whose whole dictionary is in, or on its way. */
  private readonly whole = new Set<Lang>();

  constructor() {
    this.lang = storedLang(PERSISTENCE) ?? (navigator.language.toLowerCase().startsWith('ja') ? 'ja' : 'cn');
    this.i18n = createLangI18n(this.lang, {
      // The operator's brand (the page carries it) in the words' {{brand}}, here and in addWords.
      resources: { cn: { translation: branded(cn, 'cn') }, ja: { translation: branded(ja, 'ja') } },
      plugin: initReactI18next,
      initSync: true,
    });
    showLang(this.lang);
    makeAutoObservable<LanguageStore, 'whole'>(this, { i18n: false, whole: false });
  }

  setLang(lang: Lang): void {
    this.lang = lang;
    void this.i18n.changeLanguage(lang);
    showLang(lang);
    storeLang(PERSISTENCE, lang);
    this.loadWords();
  }

  /**
   * The current language's whole dictionary, fetched once the sign-in screen is up: a refusal
   * the server names by a field's code reads in the console's words. A failed fetch is tried
   * again at the next call (the console brings both dictionaries itself anyway).
   */
  loadWords(): void {
    const lang = this.lang;
    if (this.whole.has(lang)) return;
    this.whole.add(lang);
    void ALL_WORDS[lang]().then(
      ({ default: words }) => this.addWords({ [lang]: words }),
      () => this.whole.delete(lang),
    );
  }

  /** Whole dictionaries the console's chunk brings with it, added before it draws. */
  addWords(dictionaries: Partial<Record<Lang, Words>>): void {
    for (const [lang, words] of Object.entries(dictionaries) as [Lang, Words][]) {
      this.i18n.addResourceBundle(lang, 'translation', branded(words, lang), true, true);
      this.whole.add(lang);
    }
  }

  /** A customer-facing text in the given language, whatever the console's language is. */
  inLang(lang: Lang, key: string): string {
    return this.i18n.getFixedT(lang)(key);
  }
}
