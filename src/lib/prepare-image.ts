// Phone photos are often 4-12 MB; identity checks need far less. Photos are redrawn
// upright and re-encoded before upload, which also drops their EXIF. Anything the browser
// cannot decode (HEIC in most browsers, PDF) goes as it is: the server checks and cleans it.

const SHRINK_ABOVE_BYTES = 1024 * 1024;

export async function prepareImage(file: File): Promise<Blob> {
  if (!/^image\/(jpeg|png)$/.test(file.type) || file.size <= SHRINK_ABOVE_BYTES) return file;
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    // No web worker: it would fetch its script from a CDN, which web views and our CSP block.
    return await imageCompression(file, { maxSizeMB: 2, maxWidthOrHeight: 2400, useWebWorker: false });
  } catch {
    return file;
  }
}
