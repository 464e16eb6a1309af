import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import cn from '../../locales/cn.json';
import { lazyPage } from '../../src/app/lazy-page';
import type { RootStore } from '../../src/app/root-store';
import { StoreProvider } from '../../src/app/store-context';
import { LanguageStore } from '../../src/features/language/language-store';
import { NAMESPACES_OF_PAGE, PAGE_NAMESPACES } from '../../src/features/language/page-namespaces';
import { memoryStorage } from '../../src/lib/persistence';

afterEach(cleanup);

const root = resolve(__dirname, '../..');

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const file of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(file) && existsSync(file)) return file;
  return null;
}

/** The source files a module brings with it (static imports; the pages' own chunks are lazy). */
function closure(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [join(root, entry)];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /^\s*(import|export)(?!\s+type\b)[^'";]*?from\s*'([^']+)'|^import\s*'([^']+)'/gm,
    )) {
      const found = resolveImport(file, match[2] ?? match[3] ?? '');
      if (found) stack.push(found);
    }
  }
  return [...seen];
}

/** The page namespaces whose keys (`'topup.…'`, `` `lost.${…}` ``) the files name. */
function namespacesUsed(files: string[]): string[] {
  // Comments name keys too (`api.errors.<key>`) without drawing them.
  const text = files
    .map((file) =>
      readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, ''),
    )
    .join('\n');
  return PAGE_NAMESPACES.filter((ns) => new RegExp(`['"\`]${ns}\\.[\\w$]`).test(text)).sort();
}

describe('the words only some pages speak', () => {
  it('are none of what every page loads first (but the API words of the sign-in toast, which waits for them)', () => {
    const first = closure('src/app/start.tsx');
    expect(namespacesUsed(first.filter((file) => !file.endsWith('src/app/session-watch.tsx')))).toEqual([]);
    expect(namespacesUsed(first)).toEqual(['api']);
  });

  const pages = readdirSync(join(root, 'src/pages'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('-page.tsx'))
    .map((file) => relative(root, join(root, 'src/pages', file)).replaceAll('\\', '/'));

  it.each(pages)('arrive with %s, every part it uses', (page) => {
    expect([...(NAMESPACES_OF_PAGE[page] ?? [])].sort()).toEqual(namespacesUsed(closure(page)));
  });

  it('are drawn in words, not keys, by a page that waited for them', async () => {
    const { topup, ...first } = cn;
    const language = new LanguageStore(
      memoryStorage(),
      async () => first,
      () => undefined,
      async (_lang, namespaces) => (namespaces.includes('topup') ? { topup } : {}),
    );
    await language.setLang('cn');
    expect(language.i18n.exists('topup.addonsTitle')).toBe(false);
    function TopupTitle() {
      const { t } = useTranslation();
      return <h1>{t('topup.addonsTitle')}</h1>;
    }
    const page = lazyPage(async () => ({ default: TopupTitle }), 'src/pages/user/topup-page.tsx');
    await act(async () => {
      render(
        <StoreProvider store={{ language } as RootStore}>
          <I18nextProvider i18n={language.i18n}>
            <Suspense fallback={<p>loading</p>}>
              <page.Component titleKey="routes.userTopup" />
            </Suspense>
          </I18nextProvider>
        </StoreProvider>,
      );
    });
    expect(await screen.findByRole('heading')).toHaveProperty('textContent', topup.addonsTitle);
  });
});
