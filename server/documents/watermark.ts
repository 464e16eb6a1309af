import { escapeHtml } from '../lib/html.js';
import { loadSharp, withDecodeSlot } from './decode-slots.js';
import { MAX_INPUT_PIXELS } from './document-content.js';

// A document shown in the staff console carries who looked at it and when, drawn into the
// pixels: a photo of the screen, or a copy saved from the browser, still names its viewer.

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** "2026-11-23 14:05 JST": the time a look happened, in Tokyo. */
export function tokyoStamp(at: Date): string {
  return `${new Date(at.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')} JST`;
}

/** The watermark's words: the staff member's name and login, and the time in Tokyo. */
export function watermarkText(viewer: { name: string; login: string }, at: Date): string {
  const who = viewer.name && viewer.name !== viewer.login ? `${viewer.name} (${viewer.login})` : viewer.login;
  return `${who} ${tokyoStamp(at)}`;
}

// Characters that have no place in an SVG text node (controls, lone surrogates are dropped by
// the encoder anyway); a staff name is typed by an operator, but never trusted as markup.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * An SVG the size of the image: `text` repeated in rows across it, turned 30 degrees, dark
 * letters with a light outline so they show on light and dark parts alike, both half see-through.
 */
export function watermarkSvg(width: number, height: number, text: string): string {
  const clean = escapeHtml(text.replace(CONTROL, ' '));
  const fontSize = Math.max(14, Math.round(Math.min(width, height) / 22));
  const stepY = fontSize * 4;
  // Wide enough for the longest name: the row is one text run repeated along a line.
  const stepX = Math.round(fontSize * Math.max(12, [...text].length * 0.75 + 4));
  // The rows cover the image's diagonal, so no corner is left bare once turned.
  const reach = Math.ceil(Math.hypot(width, height));
  const rows: string[] = [];
  for (let row = 0, y = -reach; y <= reach; row += 1, y += stepY) {
    // Every other row half a step along, so the words do not stand in columns.
    const shift = (row % 2) * (stepX / 2);
    for (let x = -reach - shift; x <= reach; x += stepX) {
      rows.push(`<text x="${Math.round(x)}" y="${Math.round(y)}">${clean}</text>`);
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<g transform="translate(${width / 2} ${height / 2}) rotate(-30)"`,
    ` font-family="Noto Sans CJK SC, Noto Sans CJK JP, Noto Sans, DejaVu Sans, sans-serif" font-size="${fontSize}"`,
    ` font-weight="bold" fill="#202020" fill-opacity="0.3" stroke="#ffffff" stroke-opacity="0.3"`,
    ` stroke-width="${Math.max(1, Math.round(fontSize / 14))}">`,
    ...rows,
    '</g></svg>',
  ].join('');
}

/**
 * The image decoded in memory, the watermark drawn over it, encoded as JPEG. Nothing is written
 * to disk: libvips reads and writes buffers here.
 */
export async function watermarkImage(bytes: Buffer, text: string): Promise<Buffer> {
  // A decode like an upload's: it waits its turn with them (decode-slots.ts).
  return withDecodeSlot(async () => {
    // Stored images were encoded upright by this server (document-content.ts): no EXIF to apply.
    const sharp = await loadSharp();
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { width = 0, height = 0 } = await image.metadata();
    if (!width || !height) throw new Error('document image without a size');
    const overlay = Buffer.from(watermarkSvg(width, height, text));
    return image
      .flatten({ background: '#ffffff' })
      .composite([{ input: overlay, top: 0, left: 0 }])
      .jpeg({ quality: 85 })
      .toBuffer();
  });
}
