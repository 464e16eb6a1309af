import { mkdirSync, writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';

/** The text of every page of a PDF, as a reader would copy it. */
export function pdfText(bytes: Buffer): string {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const pages: string[] = [];
  for (let i = 0; i < doc.countPages(); i += 1)
    pages.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
  return pages.join('\n');
}

/** The fonts a PDF carries, with whether each is embedded and subset (a `ABCDEF+` name prefix). */
export function pdfFonts(bytes: Buffer): { name: string; embedded: boolean }[] {
  const text = bytes.toString('latin1');
  const names = [...text.matchAll(/\/BaseFont\s*\/([A-Za-z0-9+#-]+)/g)].map((m) => m[1]!);
  const embedded = /\/FontFile[23]?\b/.test(text);
  return names.map((name) => ({ name, embedded }));
}

/** The first page drawn to a PNG under `dir` (for people to look at), returning its path. */
export function savePdfPicture(bytes: Buffer, dir: string, name: string): string {
  mkdirSync(dir, { recursive: true });
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const pixmap = doc.loadPage(0).toPixmap(mupdf.Matrix.scale(1.5, 1.5), mupdf.ColorSpace.DeviceRGB, false, true);
  const path = `${dir}/${name}.png`;
  writeFileSync(path, pixmap.asPNG());
  writeFileSync(`${dir}/${name}.pdf`, bytes);
  return path;
}
