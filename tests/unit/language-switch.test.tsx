import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import { LanguageStore } from '../../src/features/language/language-store';
import { LanguageSwitch } from '../../src/features/language/language-switch';
import type { Dictionary } from '../../src/features/language/load-locale';
import { memoryStorage } from '../../src/lib/persistence';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';

afterEach(cleanup);

// Issue 27's walk: the switch was named only by its hint ("切换为日语") while it shows "日本語",
// so "click 日本語" by voice control found nothing, and the whole name was marked Japanese.
describe('the title bar language switch', () => {
  const dictionaries: Record<Lang, Dictionary> = { cn, ja };

  it.each([
    ['cn', '日本語', '切换为日语', 'ja'],
    ['ja', '中文', '中国語に切り替える', 'zh-CN'],
  ] as const)('in %s its name starts with the words shown, then the hint', async (lang, shown, hint, target) => {
    const store = new LanguageStore(memoryStorage(), async (l) => dictionaries[l]);
    await store.setLang(lang);
    await act(async () => {
      render(
        <I18nextProvider i18n={store.i18n}>
          <LanguageSwitch language={store} />
        </I18nextProvider>,
      );
    });
    const button = screen.getByRole('button');
    expect(button.textContent).toBe(`${shown}${hint}`);
    expect(screen.getByRole('button', { name: `${shown} ${hint}` })).toBe(button);
    // Only the target language's own name is in that language; the hint is in the page's.
    expect(button.getAttribute('lang')).toBeNull();
    expect(screen.getByText(shown).getAttribute('lang')).toBe(target);
  });
});
