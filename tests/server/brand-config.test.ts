import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_PLACEHOLDERS, brandSchema, DEFAULT_BRAND, withBrand } from '../../contract/brand';
import { loadConfig } from '../../server/config';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { SECOND_BRAND_FILE, traces } from './helpers/brand-traces';

// Issue 33: the brand is configuration. A bad BRAND_FILE stops the server with what is wrong;
// every placeholder the locale files use is one the brand fills; and the product itself no
// longer names the real company it once shipped under.

const root = join(__dirname, '..', '..');
const second = JSON.parse(readFileSync(SECOND_BRAND_FILE, 'utf8')) as Record<string, unknown>;

function brandFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'brand-')), 'brand.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const refusal = (file: string) => {
  try {
    loadConfig({ NODE_ENV: 'test', BRAND_FILE: file });
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('a bad BRAND_FILE stops the server with what is wrong', () => {
  it('names a missing field, braces in a name, a bad invoice number and an icon not over HTTPS', () => {
    const { contact: _dropped, ...noContact } = second;
    expect(refusal(brandFile(noContact))).toMatch(/^Invalid configuration: BRAND_FILE .*contact/);
    expect(refusal(brandFile({ ...second, name: { cn: '{{brand}}通信', ja: 'テストテル' } }))).toMatch(
      /name\.cn: no braces/,
    );
    const company = { ...(second.company as object), invoiceNumber: 'T5246813579025' };
    expect(refusal(brandFile({ ...second, company }))).toMatch(/company\.invoiceNumber: T and 13 digits/);
    expect(refusal(brandFile('{ not json'))).toMatch(/^Invalid configuration: BRAND_FILE .*JSON/);
    for (const iconUrl of ['http://cdn.example/icon.svg', '//cdn.example/icon.svg', 'icon.svg'])
      expect(refusal(brandFile({ ...second, iconUrl })), iconUrl).toMatch(/iconUrl: a path under the site/);
  });

  it('the real entry exits at start on a file it cannot read, saying which', async () => {
    const missing = join(tmpdir(), 'no-such-brand-file.json');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: '8112',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'sim-brand-')),
        BRAND_FILE: missing,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(`Invalid configuration: BRAND_FILE ${missing}: ENOENT`);
  });

  it('takes the documented example (docs/brand.example.json) and the test brand', () => {
    expect(
      brandSchema.safeParse(JSON.parse(readFileSync(join(root, 'docs', 'brand.example.json'), 'utf8'))).success,
    ).toBe(true);
    expect(refusal(SECOND_BRAND_FILE)).toBe('');
    expect(brandSchema.parse(DEFAULT_BRAND)).toEqual(DEFAULT_BRAND);
  });
});

describe('the locale files and the brand', () => {
  it('use only placeholders the brand fills, and name no brand themselves', () => {
    for (const [lang, words] of [
      ['cn', cn],
      ['ja', ja],
    ] as const) {
      const text = JSON.stringify(words);
      const used = new Set([...text.matchAll(/\{\{(brand\w*)\}\}/g)].map((m) => m[1]));
      expect([...used].filter((name) => !(BRAND_PLACEHOLDERS as readonly string[]).includes(name!))).toEqual([]);
      expect(used.has('brand') && used.has('brandShort')).toBe(true);
      expect(JSON.stringify(withBrand(words, DEFAULT_BRAND, lang))).not.toMatch(/\{\{brand/);
      expect(traces(text)).toEqual([]);
    }
    // The app fills its whole dictionary as it starts: what names no brand is not copied.
    const filled = withBrand(cn, DEFAULT_BRAND, 'cn');
    expect(filled.app.name).toBe('云路移动');
    expect(filled.order).toBe(cn.order);
  });
});

describe('the product names no real company', () => {
  const SOURCES = ['locales', 'server', 'src', 'contract', 'public', 'index.html', 'admin.html', 'docs'];
  const TEXT = new Set(['.ts', '.tsx', '.json', '.html', '.css', '.svg', '.md', '.js', '.sql']);
  function* files(path: string): Generator<string> {
    if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) yield* files(join(path, entry));
    else if (TEXT.has(extname(path))) yield path;
  }

  it('the old name (Sakura Mobile, 樱花移动, さくらモバイル) is nowhere in what is built or served', () => {
    const found: string[] = [];
    for (const source of SOURCES)
      for (const file of files(join(root, source))) {
        const old = (readFileSync(file, 'utf8').match(/樱花|櫻花|さくら|sakura/gi) ?? []).length;
        if (old) found.push(`${file.slice(root.length + 1)}: ${old}`);
      }
    expect(found).toEqual([]);
  });
});
