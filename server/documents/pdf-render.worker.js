// @ts-check
// Renders the pages of one PDF to RGB pixels with MuPDF (WebAssembly), in a worker thread
// that server/documents/pdf-render.ts starts for each PDF and terminates on its time limit.
// Plain JavaScript: a worker thread is loaded by Node itself, outside tsx and Vite, so this
// file runs the same under `npm start`, the tests and the benchmark.
import { parentPort, workerData } from 'node:worker_threads';

/**
 * @typedef {{ maxPages: number, dpi: number, minSide: number, maxSide: number, memoryBytes: number }} Limits
 * @typedef {{ width: number, height: number, pixels: ArrayBuffer }} RenderedPage
 */

/** @type {Limits} */
const limits = workerData;

// MuPDF's heap is one WebAssembly memory that grows up to 2 GB. Refusing to grow past the
// limit makes its allocator fail, which MuPDF reports as an error (after first emptying its
// caches), so a page built to exhaust memory is refused instead of taking the server down.
const grow = WebAssembly.Memory.prototype.grow;
let overLimit = false;
WebAssembly.Memory.prototype.grow = function limitedGrow(pages) {
  if (this.buffer.byteLength + pages * 65536 > limits.memoryBytes) {
    overLimit = true;
    throw new RangeError('PDF render memory limit');
  }
  return grow.call(this, pages);
};

// Imported only now, so that its memory is made under the limit above.
const mupdf = await import('mupdf');
// A customer's file is no reason to write to the server's log: MuPDF's warnings about broken
// structure (which it repairs or refuses) are dropped.
mupdf.setLog({ error: () => undefined, warning: () => undefined });

/** @param {string} reason */
const refuse = (reason) => ({ ok: false, reason });

/**
 * @param {Uint8Array} bytes
 * @returns {{ ok: true, pages: RenderedPage[] } | { ok: false, reason: string }}
 */
function render(bytes) {
  let document;
  try {
    document = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch {
    return refuse('unreadable');
  }
  if (!document.isPDF()) return refuse('unreadable');
  if (document.needsPassword()) return refuse('encrypted');
  let count;
  try {
    count = document.countPages();
  } catch {
    return refuse('unreadable');
  }
  if (count < 1) return refuse('unreadable');
  if (count > limits.maxPages) return refuse('pages');
  /** @type {RenderedPage[]} */
  const pages = [];
  for (let index = 0; index < count; index += 1) {
    const page = document.loadPage(index);
    const [x0, y0, x1, y1] = page.getBounds();
    const long = Math.max(x1 - x0, y1 - y0);
    if (!(long > 0)) return refuse('unreadable');
    // The resolution asked for, but a page the size of a card is drawn large enough to
    // read, and one the size of a poster no larger than a photo would be.
    const side = Math.min(limits.maxSide, Math.max(limits.minSide, (long * limits.dpi) / 72));
    const scale = side / long;
    // Annotations and form fields are drawn too: what the customer filled in is part of the page.
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    if (pixmap.getStride() !== width * 3) return refuse('unreadable');
    // A copy out of MuPDF's heap, which the main thread takes without copying again.
    pages.push({ width, height, pixels: pixmap.getPixels().slice().buffer });
    pixmap.destroy();
    page.destroy();
  }
  document.destroy();
  return { ok: true, pages };
}

parentPort?.once('message', (/** @type {ArrayBuffer} */ data) => {
  let answer;
  try {
    answer = render(new Uint8Array(data));
  } catch {
    // MuPDF reports a failed allocation as its own error: the limit above is what tells.
    answer = refuse(overLimit ? 'memory' : 'unreadable');
  }
  parentPort?.postMessage(answer, answer.ok ? answer.pages.map((p) => p.pixels) : []);
});
