import { Worker } from 'node:worker_threads';
import { layoutOf, type Layout, type PrintedDocument } from './receipt-layout.js';

// A receipt takes MuPDF about 60 ms to draw and subset (more for the first, which loads the
// font): too long for the thread that answers every request. One worker per process draws them
// in turn; it is started on the first receipt, left out of the process's life (unref) while it
// waits, and started again after a crash or a draw that ran out of time.

const workerUrl = new URL('./receipt-pdf.worker.js', import.meta.url);
const TIMEOUT_MS = 20_000;

type Answer =
  { id: number; ok: true; bytes?: Uint8Array; missing?: string[] } | { id: number; ok: false; reason: string };
interface Pending {
  resolve: (answer: Extract<Answer, { ok: true }>) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(error: Error) {
  for (const [id, p] of pending) {
    clearTimeout(p.timer);
    p.reject(error);
    pending.delete(id);
  }
}

function workerNow(): Worker {
  if (worker) return worker;
  const started = new Worker(workerUrl, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 128 } });
  started.unref();
  started.on('message', (answer: Answer) => {
    const p = pending.get(answer.id);
    if (!p) return;
    pending.delete(answer.id);
    clearTimeout(p.timer);
    if (answer.ok) p.resolve(answer);
    else p.reject(new Error(`receipt PDF: ${answer.reason}`));
    if (pending.size === 0) started.unref();
  });
  const gone = (error: Error) => {
    if (worker === started) worker = null;
    failAll(error);
  };
  started.on('error', gone);
  started.on('exit', () => gone(new Error('receipt PDF worker ended')));
  worker = started;
  return started;
}

function ask(message: { layout: Layout } | { check: string }): Promise<Extract<Answer, { ok: true }>> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const w = workerNow();
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('receipt PDF took too long'));
      // A draw that hangs holds every later one: the worker is ended and the next starts afresh.
      if (worker === w) worker = null;
      void w.terminate();
    }, TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    // Held while it works, so a test or a script waiting on the answer is not cut short.
    w.ref();
    w.postMessage({ id, ...message });
  });
}

/** The document as a PDF, fonts embedded and subset. */
export async function renderReceiptPdf(doc: PrintedDocument): Promise<Buffer> {
  const answer = await ask({ layout: layoutOf(doc) });
  return Buffer.from(answer.bytes ?? new Uint8Array());
}

/** The characters of `text` the receipt's font cannot draw (none: it prints whole). */
export async function undrawable(text: string): Promise<string[]> {
  return (await ask({ check: text })).missing ?? [];
}

/** Ends the worker (tests, shutdown). */
export async function stopReceiptWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
