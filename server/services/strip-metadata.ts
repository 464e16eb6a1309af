// Identity photos straight from a phone carry EXIF: GPS position, device, time. None of it
// is needed to check a document, so it is removed before anything is stored.

/** JPEG without APP1 (EXIF, XMP) and APP13 (IPTC) segments; image data untouched. */
export function stripJpeg(input: Buffer): Buffer {
  if (input[0] !== 0xff || input[1] !== 0xd8) return input;
  const parts: Buffer[] = [input.subarray(0, 2)];
  let pos = 2;
  while (pos + 4 <= input.length) {
    if (input[pos] !== 0xff) return input; // Not a marker where one must be: leave the file as it was.
    const marker = input[pos + 1]!;
    if (marker === 0xda) {
      // Start of scan: the compressed image follows to the end.
      parts.push(input.subarray(pos));
      return Buffer.concat(parts);
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push(input.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    const length = input.readUInt16BE(pos + 2);
    const end = pos + 2 + length;
    if (end > input.length) return input;
    // Orientation lives in EXIF too; the app re-draws photos upright before uploading.
    if (marker !== 0xe1 && marker !== 0xed) parts.push(input.subarray(pos, end));
    pos = end;
  }
  return Buffer.concat(parts);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_METADATA = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

/** PNG without its text, time and EXIF chunks. */
export function stripPng(input: Buffer): Buffer {
  if (!input.subarray(0, 8).equals(PNG_SIGNATURE)) return input;
  const parts: Buffer[] = [PNG_SIGNATURE];
  let pos = 8;
  while (pos + 12 <= input.length) {
    const length = input.readUInt32BE(pos);
    const type = input.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (end > input.length) return input;
    if (!PNG_METADATA.has(type)) parts.push(input.subarray(pos, end));
    pos = end;
    if (type === 'IEND') break;
  }
  return Buffer.concat(parts);
}

interface Box {
  type: string;
  start: number;
  body: number;
  end: number;
}

function boxes(buf: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  let pos = start;
  while (pos + 8 <= end) {
    let size = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    let body = pos + 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(pos + 8));
      body = pos + 16;
    } else if (size === 0) {
      size = end - pos;
    }
    if (size < 8 || pos + size > end) break;
    out.push({ type, start: pos, body, end: pos + size });
    pos += size;
  }
  return out;
}

function readN(buf: Buffer, pos: number, bytes: number): number {
  if (bytes === 0) return 0;
  if (bytes === 4) return buf.readUInt32BE(pos);
  if (bytes === 8) return Number(buf.readBigUInt64BE(pos));
  return buf.readUIntBE(pos, bytes);
}

/**
 * HEIC/HEIF keep EXIF as an item of type 'Exif' inside 'meta'; its bytes (found through
 * 'iloc') are overwritten with zeros, leaving every offset in the file valid.
 */
export function stripHeif(input: Buffer): Buffer {
  const out = Buffer.from(input);
  const meta = boxes(out, 0, out.length).find((b) => b.type === 'meta');
  if (!meta) return out;
  const children = boxes(out, meta.body + 4, meta.end);
  const iinf = children.find((b) => b.type === 'iinf');
  const iloc = children.find((b) => b.type === 'iloc');
  if (!iinf || !iloc) return out;

  const exifItems = new Set<number>();
  const iinfVersion = out[iinf.body]!;
  const entriesStart = iinf.body + 4 + (iinfVersion === 0 ? 2 : 4);
  for (const infe of boxes(out, entriesStart, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const version = out[infe.body]!;
    if (version < 2) continue;
    const idBytes = version === 2 ? 2 : 4;
    const itemId = readN(out, infe.body + 4, idBytes);
    const itemType = out.toString('latin1', infe.body + 4 + idBytes + 2, infe.body + 4 + idBytes + 6);
    if (itemType === 'Exif') exifItems.add(itemId);
  }
  if (exifItems.size === 0) return out;

  const version = out[iloc.body]!;
  let pos = iloc.body + 4;
  const offsetSize = out[pos]! >> 4;
  const lengthSize = out[pos]! & 0x0f;
  const baseOffsetSize = out[pos + 1]! >> 4;
  const indexSize = version === 1 || version === 2 ? out[pos + 1]! & 0x0f : 0;
  pos += 2;
  const itemCount = version < 2 ? out.readUInt16BE(pos) : out.readUInt32BE(pos);
  pos += version < 2 ? 2 : 4;
  for (let i = 0; i < itemCount && pos < iloc.end; i += 1) {
    const itemId = version < 2 ? out.readUInt16BE(pos) : out.readUInt32BE(pos);
    pos += version < 2 ? 2 : 4;
    let construction = 0;
    if (version === 1 || version === 2) {
      construction = out.readUInt16BE(pos) & 0x0f;
      pos += 2;
    }
    pos += 2; // data_reference_index
    const baseOffset = readN(out, pos, baseOffsetSize);
    pos += baseOffsetSize;
    const extentCount = out.readUInt16BE(pos);
    pos += 2;
    for (let e = 0; e < extentCount; e += 1) {
      pos += indexSize;
      const offset = readN(out, pos, offsetSize);
      pos += offsetSize;
      const length = readN(out, pos, lengthSize);
      pos += lengthSize;
      const from = baseOffset + offset;
      if (exifItems.has(itemId) && construction === 0 && length > 0 && from + length <= out.length) {
        out.fill(0, from, from + length);
      }
    }
  }
  return out;
}
