// The core of both apps' language stores (issue 28): the i18next instance, the stored choice
// and the page's lang attribute. Each app keeps its own dictionaries and extras: the customer
// app loads one language at a time and saves the choice to the account; the console carries
// both and shows customer texts in either.
import { createInstance, type i18n as I18n, type Module, type Resource } from 'i18next';
import { DEFAULT_LANG, isLang, langTag, type Lang } from '../../contract/api';
import { RULE_TEXT_VARIABLES } from '../../contract/password-rule';
import { readJson, writeJson, type KeyValueStorage } from './persistence';

export interface LangPersistence {
  /** Read on each use: reaching localStorage itself may throw (Safari private mode). */
  storage: () => KeyValueStorage;
  key: string;
  /** How the choice has always been written: JSON (`"ja"`) in the customer app, bare in the console. */
  encoding: 'json' | 'plain';
}

export function storedLang({ storage, key, encoding }: LangPersistence): Lang | null {
  try {
    const value = encoding === 'json' ? readJson<string>(storage(), key) : storage().getItem(key);
    return isLang(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLang({ storage, key, encoding }: LangPersistence, lang: Lang): void {
  try {
    if (encoding === 'json') writeJson(storage(), key, lang);
    else storage().setItem(key, lang);
  } catch {
    // Only the choice is lost.
  }
}

export interface I18nOptions {
  resources?: Resource;
  /** A plugin such as react-i18next's, which the console registers. */
  plugin?: Module;
  /** The console has its dictionaries at once and draws its first screen translated. */
  initSync?: boolean;
}

export function createLangI18n(lang: Lang, options: I18nOptions = {}): I18n {
  const i18n = createInstance();
  if (options.plugin) i18n.use(options.plugin);
  void i18n.init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    resources: options.resources ?? {},
    // Texts that describe a rule take its numbers from contract/, never a copy of them.
    interpolation: { escapeValue: false, defaultVariables: { ...RULE_TEXT_VARIABLES } },
    returnNull: false,
    ...(options.initSync ? { initAsync: false } : {}),
  });
  return i18n;
}

/** Screen readers and the browser's own translation read the page's language from <html lang>. */
export function showLang(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = langTag(lang);
}
