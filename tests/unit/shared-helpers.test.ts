// @vitest-environment node
// One escape, one cookie parser, one language tag: a second hand-written copy drifts from the
// first (a missed character, a cookie value not decoded), so these scans refuse one coming back.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { langTag } from '../../contract/api';
import { escapeHtml } from '../../server/lib/html';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => relative(root, join(root, folder, file)));
}

const containing = (files: string[], pattern: RegExp) =>
  files.filter((file) => pattern.test(readFileSync(join(root, file), 'utf8')));

describe('helpers written once', () => {
  it('escapes HTML only in server/lib/html.ts, for every character that ends text or an attribute', () => {
    expect(containing([...sources('server'), ...sources('src')], /&lt;|&amp;/)).toEqual(['server/lib/html.ts']);
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('reads cookies through @fastify/cookie, never from the raw header', () => {
    expect(containing(sources('server'), /headers\.cookie|headers\[['"]cookie['"]\]/)).toEqual([]);
  });

  it('tags Chinese zh-CN and Japanese ja, in contract/api.ts alone', () => {
    expect([langTag('cn'), langTag('ja')]).toEqual(['zh-CN', 'ja']);
    const everywhere = ['src', 'server', 'contract', 'bridges'].flatMap(sources);
    expect(containing(everywhere, /['"]zh-CN['"]/)).toEqual(['contract/api.ts']);
  });
});
