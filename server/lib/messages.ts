import { createInstance } from 'i18next';
import cn from '../../locales/cn.json' with { type: 'json' };
import ja from '../../locales/ja.json' with { type: 'json' };
import type { Lang } from '../../contract/api.js';
import { RULE_TEXT_VARIABLES } from '../../contract/password-rule.js';

// The server speaks from the same locale files and the same library as the app, so a message
// reads the same whether the app or the API produced it (server-only keys such as `mail` and
// `notify` are kept out of the app's bundle by vite.config.ts, not out of these files).
const i18n = createInstance();
void i18n.init({
  initAsync: false,
  lng: 'cn',
  fallbackLng: 'cn',
  resources: { cn: { translation: cn }, ja: { translation: ja } },
  // Plain text for mail, SMS and JSON; HTML pages escape what they insert themselves.
  // As in the app (language-store.ts): a rule's numbers come from contract/ unless given.
  interpolation: { escapeValue: false, defaultVariables: { ...RULE_TEXT_VARIABLES } },
  // A value nobody gave stays visible as its placeholder rather than vanishing from a sentence.
  missingInterpolationHandler: (text, value: RegExpExecArray) => value[0],
  returnNull: false,
  // Keys are dotted paths only: a colon in one is text, not a namespace.
  nsSeparator: false,
});
const translators = { cn: i18n.getFixedT('cn'), ja: i18n.getFixedT('ja') };

export function message(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  return translators[lang](key, params);
}
