import pageWords from 'virtual:page-words';
import type { Lang } from '../../../contract/api';
import { branded } from '../../lib/page-brand';

export type Dictionary = Record<string, unknown>;

// Each language is its own chunk, so a visitor downloads only the language they read. The
// files say {{brand}} where the operator's name goes: filled as they arrive.
export async function loadLocale(lang: Lang): Promise<Dictionary> {
  const module = lang === 'ja' ? await import('../../../locales/ja.json') : await import('../../../locales/cn.json');
  return branded(module.default as Dictionary, lang);
}

// The parts only some pages speak (page-namespaces.ts), a chunk per language and part. Kept
// here, outside any store: a page's preload starts their download beside its own chunk, and
// the page then finds its words already arrived and draws at once, on the server too.
const pending = new Map<string, Promise<Dictionary>>();
const arrived = new Map<string, Dictionary>();

function loadPart(lang: Lang, ns: string): Promise<Dictionary> {
  const key = `${lang}:${ns}`;
  let loading = pending.get(key);
  if (!loading) {
    const loader = (pageWords[lang] as Record<string, (() => Promise<{ default: Dictionary }>) | undefined>)[ns];
    if (!loader) return Promise.resolve({});
    loading = loader().then((module) => {
      arrived.set(key, module.default);
      return module.default;
    });
    // A failed download may be tried again (the page's retry button).
    loading.catch(() => pending.delete(key));
    pending.set(key, loading);
  }
  return loading;
}

/** The words of `namespaces` in `lang`, as one dictionary to add. */
export async function loadPageLocale(lang: Lang, namespaces: readonly string[]): Promise<Dictionary> {
  const parts = await Promise.all(namespaces.map((ns) => loadPart(lang, ns)));
  return branded(Object.assign({}, ...parts) as Dictionary, lang);
}

/** The words of `namespaces` in `lang` when all have arrived, without waiting. */
export function pageLocaleNow(lang: Lang, namespaces: readonly string[]): Dictionary | undefined {
  const parts = namespaces.map((ns) => arrived.get(`${lang}:${ns}`));
  // Kept as they arrived and branded when asked: the server draws with its own brand.
  return parts.every(Boolean) ? branded(Object.assign({}, ...parts) as Dictionary, lang) : undefined;
}

// The language the phone is switching to or reads: a page's preload fetches its words in it.
let wantedLang: Lang | null = null;

export function setWantedLang(lang: Lang): void {
  wantedLang = lang;
}

export function wantedLangNow(): Lang | null {
  return wantedLang;
}
