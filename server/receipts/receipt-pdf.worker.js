// @ts-check
// Draws receipts as PDF with MuPDF (WebAssembly) in a worker thread that
// server/receipts/receipt-pdf.ts keeps for the process: the layout arrives as drawing steps
// already placed, this file only draws them, embeds the CJK font and subsets it to the glyphs
// used (a page weighs about 15 kB instead of the font's 3.5 MB). Plain JavaScript: a worker
// thread is loaded by Node itself, outside tsx and Vite (see documents/pdf-render.worker.js).
import { parentPort } from 'node:worker_threads';

const mupdf = await import('mupdf');
mupdf.setLog({ error: () => undefined, warning: () => undefined });

/**
 * @typedef {{ t: 'text', x: number, y: number, size: number, text: string, align?: 'left' | 'right' | 'center', bold?: boolean, color?: number[] }} TextStep
 * @typedef {{ t: 'line', x1: number, y1: number, x2: number, y2: number, width: number, color?: number[] }} LineStep
 * @typedef {{ t: 'box', x: number, y: number, w: number, h: number, width: number, color: number[] }} BoxStep
 * @typedef {TextStep | LineStep | BoxStep} Step
 * @typedef {{ width: number, height: number, font: 'zh-Hans' | 'ja', steps: Step[], title: string }} Layout
 */

/** @type {Map<string, import('mupdf').Font>} */
const fonts = new Map();
/** @param {string} name */
function fontOf(name) {
  let font = fonts.get(name);
  if (!font) {
    font = new mupdf.Font(name);
    fonts.set(name, font);
  }
  return font;
}

const rgb = mupdf.ColorSpace.DeviceRGB;
/** @type {import('mupdf').Matrix} */
const identity = [1, 0, 0, 1, 0, 0];
/** @param {number} lineWidth */
const strokeOf = (lineWidth) =>
  new mupdf.StrokeState({ lineCap: 'Butt', lineJoin: 'Miter', lineWidth, miterLimit: 10 });

/** @param {Layout} layout */
function draw(layout) {
  const buffer = new mupdf.Buffer();
  const writer = new mupdf.DocumentWriter(buffer, 'pdf', '');
  const device = writer.beginPage([0, 0, layout.width, layout.height]);
  const font = fontOf(layout.font);
  for (const step of layout.steps) {
    if (step.t === 'text') {
      // Measured by laying it out once at the origin: the pen's end is the width.
      const probe = new mupdf.Text();
      const width = probe.showString(font, [step.size, 0, 0, -step.size, 0, 0], step.text)[4];
      const x = step.align === 'right' ? step.x - width : step.align === 'center' ? step.x - width / 2 : step.x;
      const text = new mupdf.Text();
      text.showString(font, [step.size, 0, 0, -step.size, x, step.y], step.text);
      device.fillText(text, identity, rgb, step.color ?? [0, 0, 0], 1);
      // The font has no bold face: a thin stroke of the same glyphs thickens the title.
      if (step.bold) device.strokeText(text, strokeOf(0.35), identity, rgb, step.color ?? [0, 0, 0], 1);
    } else if (step.t === 'line') {
      const path = new mupdf.Path();
      path.moveTo(step.x1, step.y1);
      path.lineTo(step.x2, step.y2);
      device.strokePath(path, strokeOf(step.width), identity, rgb, step.color ?? [0, 0, 0], 1);
    } else {
      const path = new mupdf.Path();
      path.rect(step.x, step.y, step.x + step.w, step.y + step.h);
      device.strokePath(path, strokeOf(step.width), identity, rgb, step.color, 1);
    }
  }
  writer.endPage();
  writer.close();
  // Copied out first: reading it back may grow MuPDF's heap, which detaches views into the old one.
  const full = mupdf.Document.openDocument(buffer.asUint8Array().slice(), 'application/pdf');
  const pdf = full.asPDF();
  if (!pdf) throw new Error('not a PDF');
  pdf.setMetaData('info:Title', layout.title);
  pdf.subsetFonts();
  // A copy: the view MuPDF hands back lies in its own heap, which must not be transferred.
  return pdf.saveToBuffer('compress,garbage=4').asUint8Array().slice();
}

/**
 * The characters of `text` the font has no glyph for (they would print as nothing or a box):
 * asked before an addressee is taken, since a receipt must show it whole.
 * @param {string} text
 */
function missingGlyphs(text) {
  const font = fontOf('ja');
  return [...new Set([...text].filter((c) => c !== ' ' && font.encodeCharacter(c) === 0))];
}

parentPort?.on('message', (/** @type {{ id: number, layout?: Layout, check?: string }} */ { id, layout, check }) => {
  try {
    if (check !== undefined) {
      parentPort?.postMessage({ id, ok: true, missing: missingGlyphs(check) });
      return;
    }
    if (!layout) throw new Error('nothing to draw');
    const bytes = draw(layout);
    parentPort?.postMessage({ id, ok: true, bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort?.postMessage({ id, ok: false, reason: error instanceof Error ? error.message : String(error) });
  }
});
