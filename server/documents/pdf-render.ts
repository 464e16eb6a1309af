import { Worker } from 'node:worker_threads';
import { loadSharp } from './decode-slots.js';
import type { ErrorKey } from '../../contract/api.js';

/**
 * A PDF is never kept or shown as a PDF: its pages are drawn to pixels by MuPDF in a worker
 * thread and only that picture is stored. Whatever a PDF may carry (scripts, actions on
 * opening, attached files, filters a scanner cannot read) is not in a picture of its pages,
 * so nothing has to be found and refused.
 */

export const PDF_LIMITS = {
  /** An identity document or a proof of address has a few pages; more is not one. */
  maxPages: 5,
  // 200 dpi reads the small print on a residence card scanned on A4; a page's longer side is
  // drawn at least 1200 px (a card-sized page) and at most 2400 px (a poster-sized one).
  dpi: 200,
  minSide: 1200,
  maxSide: 2400,
  /** MuPDF's heap: a page that needs more (images built to exhaust memory) is refused. */
  memoryBytes: 192 * 1024 * 1024,
  /** The whole render, worker start included; a page built to keep MuPDF busy is cut off. */
  timeoutMs: 20_000,
} as const;

export type PdfLimits = { [K in keyof typeof PDF_LIMITS]: number };

// Grey between pages, so staff see where one ends.
const PAGE_GAP = 16;

interface RenderedPage {
  width: number;
  height: number;
  pixels: ArrayBuffer;
}

type WorkerAnswer = { ok: true; pages: RenderedPage[] } | { ok: false; reason: string };

const REFUSALS: Record<string, ErrorKey> = {
  encrypted: 'PDF_ENCRYPTED',
  pages: 'PDF_TOO_MANY_PAGES',
  unreadable: 'PDF_UNREADABLE',
  memory: 'PDF_TOO_COMPLEX',
  time: 'PDF_TOO_COMPLEX',
};

/** Why a PDF could not be drawn; the key names the message the customer is shown. */
export class PdfRefusal extends Error {
  constructor(readonly key: ErrorKey) {
    super(key);
    this.name = 'PdfRefusal';
  }
}

const workerUrl = new URL('./pdf-render.worker.js', import.meta.url);

/** Every page as RGB pixels, from a worker that is ended when it answers or runs out of time. */
function renderPages(bytes: Buffer, limits: PdfLimits): Promise<RenderedPage[]> {
  return new Promise((resolve, reject) => {
    const { timeoutMs, ...workerLimits } = limits;
    const worker = new Worker(workerUrl, {
      workerData: workerLimits,
      // The old generation holds only the page pixels on their way out; MuPDF's own heap is
      // bounded inside the worker.
      resourceLimits: { maxOldGenerationSizeMb: 96 },
      // Plain JavaScript: without the parent's flags it starts without tsx's loader, which
      // would add about half a second to every PDF.
      execArgv: [],
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const refuse = (reason: string) => finish(() => reject(new PdfRefusal(REFUSALS[reason] ?? 'PDF_UNREADABLE')));
    const timer = setTimeout(() => refuse('time'), timeoutMs);
    worker.once('message', (answer: WorkerAnswer) =>
      answer.ok ? finish(() => resolve(answer.pages)) : refuse(answer.reason),
    );
    // Past its heap limit the worker is stopped by Node: the document asked for too much.
    // Any other error escaped the worker's own handling: a fault of this server, not of the file.
    worker.once('error', (error) =>
      (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? refuse('memory') : finish(() => reject(error)),
    );
    worker.once('exit', () => finish(() => reject(new Error('the PDF worker stopped without an answer'))));
    // A copy the worker owns: the caller's buffer may be a view into a larger pool.
    const copy = new Uint8Array(bytes).buffer;
    worker.postMessage(copy, [copy]);
  });
}

/**
 * The PDF's pages drawn and stacked top to bottom into one JPEG, as wide as the widest page:
 * one picture that the console and the customer's preview show like any photo.
 */
export async function pdfToImage(bytes: Buffer, limits: PdfLimits = PDF_LIMITS): Promise<Buffer> {
  const pages = await renderPages(bytes, limits);
  const sharp = await loadSharp();
  const width = Math.max(...pages.map((p) => p.width));
  const height = pages.reduce((sum, p) => sum + p.height, 0) + PAGE_GAP * (pages.length - 1);
  let top = 0;
  const layers = pages.map((page) => {
    const layer = {
      input: Buffer.from(page.pixels),
      raw: { width: page.width, height: page.height, channels: 3 as const },
      top,
      left: Math.floor((width - page.width) / 2),
    };
    top += page.height + PAGE_GAP;
    return layer;
  });
  return sharp({ create: { width, height, channels: 3, background: '#c8c8c8' } })
    .composite(layers)
    .jpeg({ quality: 85 })
    .toBuffer();
}
