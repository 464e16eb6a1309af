import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { RICH_TEXT_PURIFY } from './rich-text-policy';

// Editors forget alt text; an image without one is read as decoration rather than as its
// file name. Registered once for this module's DOMPurify instance (the server's sanitizer
// does the same, see rich-text-server.ts).
if (DOMPurify.isSupported)
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  });

type Sanitizer = (html: string) => string;

// Without a DOM, DOMPurify hands its input back untouched: the server draws rich text only
// with a sanitizer of its own, given here by its entry (src/app/render-page.tsx), so the
// browser's bundle never carries it.
let serverSanitizer: Sanitizer | null = null;

/** The server's entry gives its sanitizer; null takes it back (tests). */
export function setServerSanitizer(sanitize: Sanitizer | null): void {
  serverSanitizer = sanitize;
}

function sanitize(html: string): string {
  if (serverSanitizer) return serverSanitizer(html);
  // The lists the server's sanitizer keeps too, so a drawn page hydrates to the same markup;
  // without either sanitizer, nothing rather than the stored HTML as it is.
  return DOMPurify.isSupported ? DOMPurify.sanitize(html, RICH_TEXT_PURIFY) : '';
}

/** Stored HTML, sanitized before it reaches the page (by DOMPurify in the browser). */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitize(html), [html]);
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
