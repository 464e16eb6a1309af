import cn from '../../locales/cn.json' with { type: 'json' };
import ja from '../../locales/ja.json' with { type: 'json' };
import type { Lang } from '../../contract/api.js';
import { RULE_TEXT_VARIABLES } from '../../contract/password-rule.js';

// The server speaks from the same locale files as the app, so a message reads the same
// whether the app or the API produced it.

type Tree = { [key: string]: string | Tree };
const dictionaries: Record<Lang, Tree> = { cn, ja };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function message(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const template = lookup(dictionaries[lang], key) ?? lookup(dictionaries.cn, key) ?? key;
  // As in the app (language-store.ts): a rule's numbers come from contract/ unless given.
  const values: Record<string, string | number> = { ...RULE_TEXT_VARIABLES, ...params };
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
