import type { Lang } from '../../../contract/api';

export type Dictionary = Record<string, unknown>;

// Each language is its own chunk, so a visitor downloads only the language they read.
export async function loadLocale(lang: Lang): Promise<Dictionary> {
  const module = lang === 'ja' ? await import('../../../locales/ja.json') : await import('../../../locales/cn.json');
  return module.default;
}
