import cn from '../../../locales/cn.json?admin';
import ja from '../../../locales/ja.json?admin';
import { LanguageStore } from '../../../src/admin/stores/language-store';

/**
 * The console's language as it is once the console has opened: both whole dictionaries in
 * (the sign-in screen starts with its own few words, src/admin/console.tsx adds the rest).
 */
export function consoleLanguage(): LanguageStore {
  const language = new LanguageStore();
  language.addWords({ cn, ja });
  return language;
}
