import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../contract/api';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const cnKeys = flatten(cn);
const jaKeys = flatten(ja);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('locales', () => {
  it('ja.json has exactly the keys of cn.json', () => {
    expect([...jaKeys.keys()].sort()).toEqual([...cnKeys.keys()].sort());
  });

  it('has no empty values', () => {
    for (const [key, value] of [...cnKeys, ...jaKeys]) expect(value.trim(), key).not.toBe('');
  });

  it('uses the same placeholders in both languages', () => {
    const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of cnKeys) expect(names(jaKeys.get(key) ?? ''), key).toEqual(names(value));
  });

  it('has a message for every API error key', () => {
    for (const key of ERROR_KEYS) expect(cnKeys.has(`api.errors.${key}`), key).toBe(true);
  });

  it('has every literal key the app asks for', () => {
    const root = join(__dirname, '..', '..', 'src');
    const missing: string[] = [];
    for (const file of sourceFiles(root)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) {
        if (!cnKeys.has(match[1]!)) missing.push(`${file}: ${match[1]}`);
      }
      for (const match of text.matchAll(/titleKey[:=]\s*["']([a-zA-Z0-9_.]+)["']/g)) {
        if (!cnKeys.has(match[1]!)) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
