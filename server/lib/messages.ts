import { createInstance, type TFunction } from 'i18next';
import cn from '../../locales/cn.json' with { type: 'json' };
import ja from '../../locales/ja.json' with { type: 'json' };
import type { Lang } from '../../contract/api.js';
import { DEFAULT_BRAND, withBrand, type Brand } from '../../contract/brand-words.js';
import { RULE_TEXT_VARIABLES } from '../../contract/password-rule.js';

// The server speaks from the same locale files and the same library as the app, so a message
// reads the same whether the app or the API produced it (server-only keys such as `mail` and
// `notify` are kept out of the app's bundle by vite.config.ts, not out of these files).
function translatorsFor(brand: Brand): Record<Lang, TFunction> {
  const i18n = createInstance();
  void i18n.init({
    initAsync: false,
    lng: 'cn',
    fallbackLng: 'cn',
    // The brand's name and contact go in once, here, so every mail, SMS and API message
    // carries the operator's own (locale strings say {{brand}}, never a name).
    resources: {
      cn: { translation: withBrand(cn, brand, 'cn') },
      ja: { translation: withBrand(ja, brand, 'ja') },
    },
    // Plain text for mail, SMS and JSON; HTML pages escape what they insert themselves.
    // As in the app (language-store.ts): a rule's numbers come from contract/ unless given.
    interpolation: { escapeValue: false, defaultVariables: { ...RULE_TEXT_VARIABLES } },
    // A value nobody gave stays visible as its placeholder rather than vanishing from a sentence.
    missingInterpolationHandler: (text, value: RegExpExecArray) => value[0],
    returnNull: false,
    // Keys are dotted paths only: a colon in one is text, not a namespace.
    nsSeparator: false,
  });
  return { cn: i18n.getFixedT('cn'), ja: i18n.getFixedT('ja') };
}

let current: Brand = DEFAULT_BRAND;
let translators = translatorsFor(current);

/**
 * Speak with this brand from now on. Each process (web, worker, ops) has one brand, from its
 * config; buildApp and the other entries call this when they start.
 */
export function useBrand(brand: Brand): void {
  if (brand === current) return;
  current = brand;
  translators = translatorsFor(brand);
}

export function message(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  return translators[lang](key, params);
}
