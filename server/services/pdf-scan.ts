import { inflateSync } from 'node:zlib';

// Names that make a PDF act when opened instead of only being shown: scripts, actions run
// on open, launching programs, files carried inside. An identity document needs none.
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'OpenAction',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'AA',
  'RichMedia',
  'XFA',
]);

// What inflating compressed streams may cost per file: a zip bomb inside a PDF stops here.
const INFLATE_BUDGET_BYTES = 64 * 1024 * 1024;

// A PDF name: a slash and regular characters (PDF 32000-1 7.3.5); #xx escapes are decoded
// below so /J#61vaScript is read as /JavaScript.
// eslint-disable-next-line no-control-regex -- a NUL byte ends a name, as whitespace does
const NAME = /\/([^\s/<>[\]()%{}\x00]+)/g;

function decodeName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function activeNameIn(text: string): string | null {
  for (const match of text.matchAll(NAME)) {
    const name = decodeName(match[1] ?? '');
    if (ACTIVE_NAMES.has(name)) return name;
  }
  return null;
}

export type PdfVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Scans a PDF's bytes for active content, in the file itself and inside every stream that
 * inflates (object streams carry dictionaries compressed). Streams in other filters
 * (LZW, ASCII85 chains) are not decoded; an encrypted PDF cannot be read, so it is refused.
 */
export function scanPdf(bytes: Buffer): PdfVerdict {
  const text = bytes.toString('latin1');
  const plain = activeNameIn(text);
  if (plain) return { ok: false, reason: plain };
  if (/\/Encrypt\b/.test(text)) return { ok: false, reason: 'Encrypt' };
  let budget = INFLATE_BUDGET_BYTES;
  const stream = /stream\r?\n/g;
  for (let m = stream.exec(text); m; m = stream.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    stream.lastIndex = end + 9;
    if (budget <= 0) return { ok: false, reason: 'too much compressed content' };
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(start, end), { maxOutputLength: budget });
    } catch (error) {
      // Past the budget, refuse; a stream that is not zlib (an image, another filter) is skipped.
      if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        return { ok: false, reason: 'too much compressed content' };
      continue;
    }
    budget -= inflated.length;
    const hidden = activeNameIn(inflated.toString('latin1'));
    if (hidden) return { ok: false, reason: hidden };
  }
  return { ok: true };
}
