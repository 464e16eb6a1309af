import DOMPurify from 'dompurify';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { seedPages } from '../../server/db/seed-pages';
import { RichText, setServerSanitizer } from '../../src/components/rich-text';
import { RICH_TEXT_TAGS } from '../../src/components/rich-text-policy';
import { HOSTILE, ORDINARY } from '../fixtures/rich-text-samples';
import { sanitizeRichTextOnServer as clean } from '../../src/components/rich-text-server';

const ALLOWED = new Set(RICH_TEXT_TAGS);

/** The markup as a browser holds it after parsing. */
function parsed(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

// What the browser's DOMPurify keeps is compared with this in Chromium (tests/e2e/purchase-steps-drawn.test.ts):
// happy-dom's tree walker shows DOMPurify the root alone, so it would compare nothing here.

afterEach(() => {
  setServerSanitizer(null);
});

describe("the server's sanitizer for stored rich text", () => {
  it('drops scripts, event handlers, unsafe addresses, styles, frames and forms', () => {
    for (const html of HOSTILE) {
      const out = clean(html);
      const dom = document.createElement('template');
      dom.innerHTML = out;
      const all = [...dom.content.querySelectorAll('*')];
      expect(
        all.map((el) => el.tagName.toLowerCase()).filter((tag) => !ALLOWED.has(tag)),
        html,
      ).toEqual([]);
      for (const el of all)
        for (const { name, value } of el.attributes) {
          expect(name, html).not.toMatch(/^on|^style$|^id$|^name$|^srcdoc$|^target$|^autofocus$/);
          expect(value.replace(/[\s\0]/g, ''), html).not.toMatch(/^(javascript|vbscript|data:text):?/i);
        }
      expect(out, html).not.toMatch(/<script|<style|<iframe|<form|<svg|<math|<object|<embed|<base|<meta|<link/i);
      expect(out, html).not.toMatch(/\0/);
      expect(out, html).not.toMatch(/alert\(1\)<|__pwned = 1/);
    }
    expect(clean('<style>body{display:none}</style><p>after style</p>')).toBe('<p>after style</p>');
    expect(clean('<a href="javascript:alert(1)">link</a>')).toBe('<a>link</a>');
    expect(clean('<img src="x" onerror="alert(1)">')).toBe('<img src="x" alt="" />');
    expect(clean('<scr\0ipt>alert(1)</scr\0ipt>')).toBe('alert(1)');
    expect(clean('<a href="java\0script:alert(1)">nul</a>')).toBe('<a href="java\uFFFDscript:alert(1)">nul</a>');
  });

  it('keeps ordinary rich text, and gives an image without alt text an empty one', () => {
    const out = clean(ORDINARY.join(''));
    for (const kept of ['<h1>T</h1>', '<ol start="3">', 'href="mailto:help@example.com"', 'href="tel:0120-000-000"']) {
      expect(out).toContain(kept);
    }
    expect(out).toContain('<img src="/h5/b.png" alt="" />');
    expect(out).toContain('<td colspan="2" rowspan="1">d</td>');
    expect(out).toContain('<code>const a = 1 &lt; 2;</code>');
    expect(parsed(clean(seedPages[0]!.bodyCn))).toBe(parsed(seedPages[0]!.bodyCn));
  });

  it('is what RichText draws with once the server entry gives it', () => {
    setServerSanitizer(clean);
    const html = renderToString(
      <RichText html={'<p title="t">x</p><img src=x onerror=alert(1)><script>alert(1)</script>'} />,
    );
    expect(html).toBe('<div class="rich-text"><p title="t">x</p><img src="x" alt="" /></div>');
  });

  it('draws nothing on a server that gave no sanitizer, rather than the HTML as stored', () => {
    // DOMPurify without a DOM, as on the server: it would hand the input back untouched.
    DOMPurify.isSupported = false;
    try {
      expect(renderToString(<RichText html="<p>x</p><script>alert(1)</script>" />)).toBe(
        '<div class="rich-text"></div>',
      );
    } finally {
      DOMPurify.isSupported = true;
    }
  });
});
