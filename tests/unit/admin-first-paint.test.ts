import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import cn from '../../locales/cn.json';

// Issue 32: admin.html paints the sign-in screen's frame before the console's script arrives,
// and React then draws the same in its place. The copy must read what React will draw (in the
// default language), or the page would flicker from one text to another.

const html = readFileSync(join(__dirname, '..', '..', 'admin.html'), 'utf8');
const root = /<div id="root">([\s\S]*?)<\/div>\s*<\/div>\s*<script/.exec(html)?.[1] ?? '';

describe('the console page paints before its script', () => {
  it('shows the brand and the sign-in title as the sign-in page does', () => {
    expect(root).toContain(`<header class="sign-in-header"><span class="brand">${cn.admin.brand}</span></header>`);
    expect(root).toContain(`<main id="main" class="sign-in-card"><h1>${cn.admin.signIn.title}</h1></main>`);
  });

  it('draws nothing a staff member could use before the script (no field, link or button)', () => {
    expect(root).not.toMatch(/<(input|button|a|form)\b/);
  });
});
