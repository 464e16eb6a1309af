// The server's sanitizer for stored rich text (sanitize-html: no DOM needed). Imported only
// by the SSR entry (src/app/render-page.tsx), so it never reaches the browser's bundle.
import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_FREE_ATTRIBUTES,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_TAGS,
  RICH_TEXT_URL,
} from './rich-text-policy';

// DOMPurify's ATTR_WHITESPACE: taken out of a value before it is read as an address.
// eslint-disable-next-line no-control-regex
const ATTR_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

/** Whether DOMPurify would keep this attribute's value (its `_isValidAttribute`, for our lists). */
function keepsValue(tag: string, name: string, value: string): boolean {
  if (RICH_TEXT_FREE_ATTRIBUTES.includes(name) || !value) return true;
  if (RICH_TEXT_URL.test(value.replace(ATTR_WHITESPACE, ''))) return true;
  return tag === 'img' && (name === 'src' || name === 'href') && value.startsWith('data:');
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { '*': [...RICH_TEXT_ATTRIBUTES] },
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesByTag: { img: [...RICH_TEXT_SCHEMES, 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  disallowedTagsMode: 'discard',
  // No style attribute is allowed, so nothing needs postcss to read one.
  parseStyleAttributes: false,
  transformTags: {
    '*': (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = {};
      for (const [name, value] of Object.entries(attribs)) if (keepsValue(tagName, name, value)) kept[name] = value;
      // As the browser's hook in rich-text.tsx: an image without alt text is decoration.
      if (tagName === 'img' && !('alt' in kept)) kept.alt = '';
      return { tagName, attribs: kept };
    },
  },
};

/** Stored HTML made safe to draw, keeping what the browser's DOMPurify keeps. */
export function sanitizeRichTextOnServer(html: string): string {
  // The browser's parser reads a NUL in a tag or attribute as U+FFFD: "scr\0ipt" and
  // "on\0error" are then names no list holds, and "java\0script:" is no scheme, here too.
  return sanitizeHtml(html.replace(/\0/g, '\uFFFD'), OPTIONS);
}
