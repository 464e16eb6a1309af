import { availableParallelism } from 'node:os';
import type Sharp from 'sharp';

let sharpLoading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded with the first image rather than at every start, where it cost a
 * third of a second. libvips keeps decoded images in a cache and runs a thread per core for
 * each image by default; for one-off documents the cache only holds memory, and the threads
 * multiply what each decode holds at once. One thread per image, and the images at once
 * bounded below.
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (sharpLoading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));
}

/**
 * Image decodes and PDF renders this process runs at once: one per core, less one for the
 * event loop (which parses the uploads arriving meanwhile), at least one. A decode holds
 * tens of MB (a 12-megapixel photo is 36 MB of pixels), so this, not the number of
 * customers uploading, bounds the memory uploads take; the rest wait their turn, in order.
 */
export const DECODE_SLOTS = Math.max(1, availableParallelism() - 1);

let busy = 0;
const waiting: Array<() => void> = [];

/**
 * Runs `work` when a slot is free. Do the reading of the bytes inside it too: an upload
 * waiting for its turn then holds nothing but its place in line.
 */
export async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= DECODE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so a newcomer cannot take it first.
    const next = waiting.shift();
    if (next) next();
    else busy -= 1;
  }
}
