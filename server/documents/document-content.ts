import type { Metadata } from 'sharp';
import { loadSharp } from './decode-slots.js';
import type { ErrorKey } from '../../contract/api.js';
import type { DocumentKind } from '../../contract/order-status.js';
import { ApiError } from '../lib/errors.js';
import { pdfToImage, PdfRefusal } from './pdf-render.js';

/** A photo of a card or passport needs far less; more is a decompression bomb. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Smaller than this, nothing on a card can be read. */
export const MIN_DOCUMENT_SIDE = 200;
/** A drawn signature is wide and low; it only has to be an image. */
const MIN_SIGNATURE_SIDE = 16;
/** Stored photos are scaled to fit this; reviewers read cards well below it. */
const MAX_STORED_SIDE = 3000;

export interface CleanDocument {
  mime: 'image/jpeg' | 'image/png';
  bytes: Buffer;
}

const refuse = (key: ErrorKey): never => {
  throw new ApiError(key, 400, { file: key });
};

/**
 * Trusts the bytes, not the name or the declared type. Images are decoded and encoded
 * again (metadata dropped, orientation applied, size bounded); a PDF's pages are drawn and
 * only that picture is kept (pdf-render.ts): what is stored is always an image this server
 * encoded. Costly work: callers run it in a decode slot (decode-slots.ts).
 */
export async function cleanDocument(kind: DocumentKind, bytes: Buffer): Promise<CleanDocument> {
  if (bytes.length === 0) refuse('FILE_REQUIRED');
  // Loaded with the first upload, not at every start.
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(bytes);
  const mime = sniffed?.mime;
  // The prebuilt libvips has no HEVC decoder, so a HEIC photo cannot be re-encoded here.
  if (mime === 'image/heic' || mime === 'image/heif') refuse('FILE_HEIC');
  if (kind === 'signature') {
    if (mime !== 'image/png') refuse('FILE_TYPE');
    return { mime: 'image/png', bytes: await reencode(bytes, 'png', MIN_SIGNATURE_SIDE) };
  }
  if (mime === 'image/jpeg' || mime === 'image/png')
    return { mime: 'image/jpeg', bytes: await reencode(bytes, 'jpeg', MIN_DOCUMENT_SIDE) };
  if (mime === 'application/pdf') return { mime: 'image/jpeg', bytes: await renderPdf(bytes) };
  return refuse('FILE_TYPE');
}

/** A PDF's pages as one JPEG, or the refusal that says why it cannot be drawn. */
export async function renderPdf(bytes: Buffer): Promise<Buffer> {
  try {
    return await pdfToImage(bytes);
  } catch (error) {
    if (error instanceof PdfRefusal) return refuse(error.key);
    throw error;
  }
}

async function reencode(bytes: Buffer, format: 'jpeg' | 'png', minSide: number): Promise<Buffer> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded, so the pixel limit is checked below instead.
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    return refuse('IMAGE_UNREADABLE');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  // Checked from the header before any pixel is decoded.
  if (width * height > MAX_INPUT_PIXELS) refuse('IMAGE_TOO_LARGE');
  if (width < minSide || height < minSide) refuse('IMAGE_TOO_SMALL');
  const pipeline = sharp(bytes, options)
    .rotate()
    .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
  try {
    // No withMetadata(): EXIF, XMP, GPS and comments are left behind.
    return format === 'png'
      ? await pipeline.png().toBuffer()
      : await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 88 }).toBuffer();
  } catch {
    // A header that reads well over pixel data cut short or corrupt.
    return refuse('IMAGE_UNREADABLE');
  }
}
