import DOMPurify from 'dompurify';
import { useMemo } from 'react';

// Editors forget alt text; an image without one is read as decoration rather than as its
// file name. Registered once for this module's DOMPurify instance; on the server (no DOM, so
// no sanitizer) a drawn page holds a rich text's place and the browser fills it in.
if (DOMPurify.isSupported)
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  });

/** Stored HTML, sanitized in the browser before it reaches the page. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
