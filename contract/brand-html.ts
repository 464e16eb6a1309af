import type { Lang } from './api';
import type { Brand } from './brand-words';
import { BRAND_ELEMENT_ID } from './page-render';

// The operator's brand put into a page as it is served (the app's index.html, the staff
// console's admin.html): its title, theme colour and icon, and the brand itself for the
// app's words. Built pages carry no brand of their own, so a new BRAND_FILE needs no rebuild.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
// Inside <script type="application/json"> only "<" can end the element early.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface BrandPageOptions {
  lang: Lang;
  /** The page's title; unset: the brand's name, or with fillText the page's own, filled. */
  title?: string;
  /** Words of the page that name the brand (admin.html's title and frame): `{{brand}}` is filled. */
  fillText?: boolean;
}

/** `html` with the brand's title, theme colour, icon and data. Replacements by function: a "$" stays a "$". */
export function brandPage(html: string, brand: Brand, options: BrandPageOptions): string {
  const title = options.title ?? (options.fillText ? null : brand.name[options.lang]);
  const data = `<script id="${BRAND_ELEMENT_ID}" type="application/json">${scriptJson(brand)}</script>`;
  let out = title === null ? html : html.replace(/<title>[^<]*<\/title>/, () => `<title>${escape(title)}</title>`);
  out = out
    .replace(/<meta name="theme-color" content="[^"]*"/, () => `<meta name="theme-color" content="${brand.themeColor}"`)
    .replace(/<link rel="icon" href="[^"]*"/, () => `<link rel="icon" href="${escape(brand.iconUrl)}"`);
  out = out.includes(`<script id="${BRAND_ELEMENT_ID}"`)
    ? out.replace(new RegExp(`<script id="${BRAND_ELEMENT_ID}"[^>]*>[^<]*</script>`), () => data)
    : out.replace('</head>', () => `${data}</head>`);
  if (options.fillText) out = out.replace(/\{\{brand\}\}/g, () => escape(brand.name[options.lang]));
  return out;
}
