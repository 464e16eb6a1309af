import { describe, expect, it } from 'vitest';
import { stripHeif } from '../../server/services/strip-metadata';

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
const full = (type: string, version: number, body: Buffer) => box(type, Buffer.concat([Buffer.from([version, 0, 0, 0]), body]));

/** A minimal HEIF: ftyp, meta (iinf with an Exif item and an image item, iloc), mdat. */
function heifWithExif(exif: Buffer, image: Buffer): Buffer {
  const infe = (id: number, type: string) => {
    const b = Buffer.alloc(2 + 2 + 4 + 1);
    b.writeUInt16BE(id, 0);
    b.writeUInt16BE(0, 2);
    b.write(type, 4, 'latin1');
    return full('infe', 2, b);
  };
  const iinfBody = Buffer.concat([Buffer.from([0, 2]), infe(1, 'hvc1'), infe(2, 'Exif')]);
  const iinf = full('iinf', 0, iinfBody);
  const ftyp = box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1'));
  // iloc v0, offset 4 bytes, length 4 bytes, no base offset; filled in once offsets are known.
  const ilocFor = (imageAt: number, exifAt: number) => {
    const b = Buffer.alloc(2 + 2 + 2 * (2 + 2 + 2 + 8));
    let p = 0;
    b.writeUInt8(0x44, p++);
    b.writeUInt8(0x00, p++);
    b.writeUInt16BE(2, p);
    p += 2;
    for (const [id, at, len] of [
      [1, imageAt, image.length],
      [2, exifAt, exif.length],
    ] as const) {
      b.writeUInt16BE(id, p);
      b.writeUInt16BE(0, p + 2);
      b.writeUInt16BE(1, p + 4);
      b.writeUInt32BE(at, p + 6);
      b.writeUInt32BE(len, p + 10);
      p += 14;
    }
    return full('iloc', 0, b);
  };
  const meta0 = full('meta', 0, Buffer.concat([iinf, ilocFor(0, 0)]));
  const mdatStart = ftyp.length + meta0.length + 8;
  const meta = full('meta', 0, Buffer.concat([iinf, ilocFor(mdatStart, mdatStart + image.length)]));
  return Buffer.concat([ftyp, meta, box('mdat', Buffer.concat([image, exif]))]);
}

describe('HEIC metadata', () => {
  it('zeroes the Exif item and leaves the image bytes and the file length alone', () => {
    const exif = Buffer.from('\0\0\0\x06Exif\0\0MM\0*GPS 35.6913N 139.6982E', 'latin1');
    const image = Buffer.from('IMAGE-DATA-'.repeat(20), 'latin1');
    const file = heifWithExif(exif, image);
    expect(file.includes(Buffer.from('GPS 35.6913N'))).toBe(true);
    const clean = stripHeif(file);
    expect(clean.length).toBe(file.length);
    expect(clean.includes(Buffer.from('GPS 35.6913N'))).toBe(false);
    expect(clean.includes(image)).toBe(true);
  });

  it('leaves a file without meta untouched', () => {
    const other = Buffer.concat([box('ftyp', Buffer.from('heic', 'latin1')), box('mdat', Buffer.from('x'))]);
    expect(stripHeif(other).equals(other)).toBe(true);
  });
});
