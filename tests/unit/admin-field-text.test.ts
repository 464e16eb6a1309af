import { describe, expect, it } from 'vitest';
import cn from '../../locales/cn.json';
import { fieldText } from '../../src/admin/components/errors';
import { consoleLanguage } from './helpers/admin-language';

// Issue 27: a refusal named beside its field read "{{min}}" in the console. Every error a field
// can carry reads as a sentence in both languages, the password rule with its own numbers.

const codes = Object.keys(cn.api.errors);

describe('the console names a field refusal in words', () => {
  for (const lang of ['cn', 'ja'] as const) {
    it(`no placeholder is left in any field refusal (${lang})`, () => {
      const language = consoleLanguage();
      language.setLang(lang);
      const t = language.i18n.getFixedT(lang);
      for (const code of codes) {
        const text = fieldText(t, code);
        expect(text, code).not.toContain('{{');
        expect(text, code).not.toMatch(/^api\.|^admin\./);
      }
      expect(fieldText(t, 'PASSWORD_RULE')).toMatch(/8/);
    });
  }
});
