import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const fixture = (name: string): Buffer =>
  readFileSync(join(__dirname, '..', '..', 'fixtures', 'documents', name));

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipartBody(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----sim${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A JPEG with an EXIF segment that carries a GPS-looking marker, inserted after SOI. */
export function jpegWithExif(jpeg: Buffer, marker = 'GPS 35.7303N 139.7092E'): Buffer {
  const tiff = Buffer.concat([
    Buffer.from('Exif\0\0', 'latin1'),
    Buffer.from('MM\0*\0\0\0\x08', 'latin1'),
    Buffer.from(marker, 'latin1'),
  ]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(tiff.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, tiff, jpeg.subarray(2)]);
}
