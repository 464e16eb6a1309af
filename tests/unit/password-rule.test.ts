import { describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import { passwordRule, validate } from '../../contract/account-rules';
import { PASSWORD_MIN } from '../../contract/password-rule';
import { LanguageStore } from '../../src/features/language/language-store';
import type { Dictionary } from '../../src/features/language/load-locale';
import { memoryStorage } from '../../src/lib/persistence';
import { message } from '../../server/lib/messages';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';

const allowed = (password: string) => validate(passwordRule, password).ok;

describe('the password rule a customer meets when registering or resetting', () => {
  it('accepts letters plus digits with symbols, the way people write strong passwords', () => {
    expect(allowed('Passw0rd!x')).toBe(true);
    expect(allowed('abcd1234')).toBe(true);
    expect(allowed('a1@#$%^&*')).toBe(true);
  });

  it('refuses symbols only, letters only, digits only, too short, spaces and full-width', () => {
    expect(allowed('!@#$%^&*()')).toBe(false);
    expect(allowed('Password!x')).toBe(false);
    expect(allowed('12345678!')).toBe(false);
    expect(allowed('Pa0!'.padEnd(PASSWORD_MIN - 1, 'x'))).toBe(false);
    expect(allowed('Pa0!'.padEnd(PASSWORD_MIN, 'x'))).toBe(true);
    expect(allowed('Passw0rd x')).toBe(false);
    expect(allowed('Passw０rd!x')).toBe(false);
  });
});

describe('the hint and the error say the rule the check applies', () => {
  const dictionaries: Record<Lang, Dictionary> = { cn: cn, ja: ja };

  it.each(['cn', 'ja'] as const)('in %s the app and the server print the same minimum as the rule', async (lang) => {
    const store = new LanguageStore(memoryStorage(), async (l) => dictionaries[l]);
    await store.setLang(lang);
    const minimum = lang === 'cn' ? `${PASSWORD_MIN} 位以上` : `${PASSWORD_MIN} 文字以上`;
    expect(store.i18n.t('account.passwordHint')).toContain(minimum);
    expect(store.i18n.t('api.errors.PASSWORD_RULE')).toContain(minimum);
    expect(message(lang, 'api.errors.PASSWORD_RULE')).toContain(minimum);
    // Symbols are welcome, and the hint says so.
    expect(store.i18n.t('account.passwordHint')).toContain('!@#$');
  });
});
