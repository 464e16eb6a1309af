// What stored rich text may keep, the same in the browser (DOMPurify) and on the server
// (sanitize-html): a page the server drew must hydrate to exactly what the browser would
// have drawn, so both sanitizers read their allow-lists from here.
import type { Config } from 'dompurify';

/** Ordinary rich text: headings, lists, links, images, tables, quotes and code. */
export const RICH_TEXT_TAGS: readonly string[] = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'br',
  'hr',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'blockquote',
  'span',
  'div',
  'code',
  'pre',
];

/**
 * Attributes kept on any of those tags. DOMPurify's list is not per tag, so neither is the
 * server's; `href` and `src` pass only with a safe address (RICH_TEXT_URL).
 */
export const RICH_TEXT_ATTRIBUTES: readonly string[] = [
  'class',
  'title',
  'href',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'start',
  'scope',
];

/** Attributes DOMPurify keeps whatever they hold; it tests every other value as an address. */
export const RICH_TEXT_FREE_ATTRIBUTES: readonly string[] = ['class', 'title', 'alt'];

/** Schemes a link or image may use (an image also `data:`, which DOMPurify always lets through). */
export const RICH_TEXT_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

/**
 * DOMPurify's own default with only the schemes above: an allowed scheme, or no scheme at
 * all (a relative address), after whitespace and control characters are taken out.
 */
export const RICH_TEXT_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/**
 * Elements the server drops with their content: DOMPurify's FORBID_CONTENTS, and the
 * textarea and option sanitize-html drops so by default (DOMPurify keeps their text).
 */
export const RICH_TEXT_DROPPED_WITH_CONTENT: readonly string[] = [
  'annotation-xml',
  'audio',
  'colgroup',
  'desc',
  'foreignobject',
  'head',
  'iframe',
  'math',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'script',
  'style',
  'svg',
  'template',
  'title',
  'video',
  'xmp',
  'textarea',
  'option',
];

/** DOMPurify's settings for these lists: the browser's RichText (the e2e tests run them in Chromium too). */
export const RICH_TEXT_PURIFY = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES],
  ALLOWED_URI_REGEXP: RICH_TEXT_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
} satisfies Config;
